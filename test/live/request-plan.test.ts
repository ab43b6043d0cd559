// The single-Pod fetch plan against the real API server: two waves for a Deployment's Pod (the Deployment
// is read in parallel with its ReplicaSet, by the controller's naming), and a wrong guess leaves no trace.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { freshNamespace, kubectl, live, waitFor } from './env.js';

const NS = 'kdiag-live-plan';
const image = '127.0.0.1:5000/busybox:1';

const gets = (stderr: string): Array<{ wave: number; path: string }> =>
  stderr.split('\n').filter((l) => l.startsWith('kdiag: GET')).map((l) => ({ wave: Number(/\[wave (\d+)\]/.exec(l)?.[1]), path: l.replace(/^kdiag: GET \[wave \d+\] /, '') }));
const podOf = (selector: string): string => kubectl(['get', 'pods', '-n', NS, '-l', selector, '-o', 'jsonpath={.items[0].metadata.name}']).stdout.trim();

beforeAll(async () => {
  freshNamespace(NS);
  kubectl(['create', 'deployment', 'web', '-n', NS, `--image=${image}`, '--', 'sh', '-c', 'echo boom; exit 3']);
  // A ReplicaSet of its own (no Deployment owns it) whose name looks like a Deployment's, next to a
  // Deployment of that name that selects other Pods: the guessed Deployment must not enter the snapshot.
  kubectl(['apply', '-n', NS, '-f', '-'], [
    stringify({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'solo' }, spec: { replicas: 0, selector: { matchLabels: { app: 'other' } }, template: { metadata: { labels: { app: 'other' } }, spec: { containers: [{ name: 'c', image, command: ['sleep', '1d'] }] } } } }),
    stringify({ apiVersion: 'apps/v1', kind: 'ReplicaSet', metadata: { name: 'solo-abc12' }, spec: { replicas: 1, selector: { matchLabels: { app: 'solo' } }, template: { metadata: { labels: { app: 'solo', 'pod-template-hash': 'abc12' } }, spec: { terminationGracePeriodSeconds: 1, containers: [{ name: 'c', image, command: ['sleep', '1d'] }] } } } }),
  ].join('---\n'));
  kubectl(['apply', '-n', NS, '-f', '-'], [
    stringify({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'gated' }, spec: { schedulingGates: [{ name: 'kdiag.io/test' }], containers: [{ name: 'c', image }] } }),
    stringify({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'nowhere' }, spec: { nodeSelector: { 'kdiag.io/no-such-node': 'x' }, containers: [{ name: 'c', image }] } }),
  ].join('---\n'));
  await waitFor('pod nowhere Unschedulable', () => kubectl(['get', 'pod', 'nowhere', '-n', NS, '-o', 'jsonpath={.status.conditions[?(@.type=="PodScheduled")].reason}']).stdout === 'Unschedulable', 60_000);
  // Web in CrashLoopBackOff after its second restart: the kubelet then waits 20 s before the next start, so the
  // test's read lands in the back-off, not in the moment the container runs again (then it is a recent restart).
  const web = (): string => kubectl(['get', 'pods', '-n', NS, '-l', 'app=web', '-o', 'jsonpath={.items[0].status.containerStatuses[0].restartCount} {.items[0].status.containerStatuses[0].state.waiting.reason}']).stdout.trim();
  await waitFor('pods app=solo and app=web, web in CrashLoopBackOff after 2 restarts', () => podOf('app=solo') !== '' && /^([2-9]|\d\d+) CrashLoopBackOff$/.test(web()), 120_000);
});
afterAll(() => kubectl(['delete', 'namespace', NS, '--wait=false']));

describe('one Pod: the fetch plan', () => {
  it("a Deployment's crashed Pod: two waves; the Deployment in wave 2 beside its ReplicaSet, the Node and the previous log", () => {
    const r = live(['pod', podOf('app=web'), '-n', NS, '-v', '-o', 'json']);
    const plan = gets(r.stderr);
    expect(Math.max(...plan.map((g) => g.wave)), r.stderr).toBe(2);
    const wave = (part: string) => plan.find((g) => g.path.includes(part))?.wave;
    expect(wave('/deployments/web')).toBe(2);
    expect(wave('/replicasets/')).toBe(2);
    expect(wave('/log?')).toBe(2);
    expect(plan.length).toBeLessThanOrEqual(8); // describe's 3, the NetworkPolicies (the Pod's traffic), then the owners, the Node and the log
    expect(JSON.parse(r.stdout).findings.map((f: { rule: string }) => f.rule)).toContain('container/crash-loop');
  });

  it('a guess the ReplicaSet does not confirm is not used: the unrelated Deployment stays out of the bundle', () => {
    const pod = podOf('app=solo');
    const r = live(['capture', 'pod', pod, '-n', NS, '-v']);
    expect(r.code, r.stderr).toBe(0);
    expect(gets(r.stderr).some((g) => g.path.endsWith('/deployments/solo'))).toBe(true); // asked for, in wave 2
    expect(r.stdout).toContain('kind: ReplicaSet');
    expect(r.stdout).not.toContain('kind: Deployment');
  });

  it('a gated Pod: kubectl describe\'s 3 requests and the NetworkPolicies (its traffic), in one wave (no Nodes: the scheduler has not tried it); one it refused: the Nodes in wave 2', () => {
    const gated = live(['pod', 'gated', '-n', NS, '-v', '-o', 'json']);
    expect(gated.code, gated.stderr).toBe(0);
    expect(gets(gated.stderr).map((g) => `${g.wave} ${g.path.split('?')[0]}`).sort()).toEqual([`1 /api/v1/namespaces/${NS}/events`, `1 /api/v1/namespaces/${NS}/pods/gated`, `1 /api/v1/namespaces/${NS}/services`, `1 /apis/networking.k8s.io/v1/namespaces/${NS}/networkpolicies`]);
    expect(JSON.parse(gated.stdout).findings[0].rule).toBe('scheduling/scheduling-gated');
    const nowhere = live(['pod', 'nowhere', '-n', NS, '-v', '-o', 'json']);
    const plan = gets(nowhere.stderr);
    expect(plan.find((g) => g.path.startsWith('/api/v1/nodes'))?.wave, nowhere.stderr).toBe(2);
    expect(plan).toHaveLength(5);
    expect(JSON.parse(nowhere.stdout).findings[0].rule).toBe('scheduling/node-selector-mismatch');
  });
});
