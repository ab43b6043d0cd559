// Terminal safety: ANSI CSI/OSC (OSC 8 hyperlinks, OSC 52 clipboard), C1 controls, bidi overrides and
// carriage returns planted in every kind of cluster text of a dump must never reach stdout or stderr raw.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { at, conditions, containerStatus, event, node, obj, pod } from '../harness/builders.js';
import { ATTACK, unsafeAt } from './hostile.js';
import { kdiagAsync } from '../support/cli.js';

// Names cannot hold "/" (kdiag pod NS/NAME would read it as KIND/NAME): the same attack with "/" swapped.
const NAME_ATTACK = ATTACK.replace(/\//g, '_');
const NS = `shop${ATTACK}`;
const NODE = `node-${ATTACK}`;
const T = (label: string): string => `${label}${ATTACK}`;
const RS = `rs-${NAME_ATTACK}`;

function hostileDump(): unknown[] {
  const meta = (name: string) => ({ name, namespace: NS, annotations: { [T('note')]: T('value'), 'kubernetes.io/description': T('desc') }, labels: { app: 'api' } });
  const owner = [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: RS, controller: true, uid: 'rs-uid' }];
  const pulling = pod({
    metadata: { ...meta(`api-${NAME_ATTACK}`), uid: 'pod-1', ownerReferences: owner },
    spec: { nodeName: NODE, containers: [{ name: T('app'), image: T('registry.example/api:1') }] },
    status: {
      phase: 'Pending',
      conditions: conditions({ sandbox: true }),
      containerStatuses: [containerStatus({ name: T('app'), image: T('registry.example/api:1'), waiting: { reason: 'ImagePullBackOff', message: `Back-off pulling image "registry.example/api:1": ${ATTACK} not found` } })],
    },
  });
  const unschedulable = pod({
    metadata: { ...meta(`search-${NAME_ATTACK}`), uid: 'pod-2' },
    spec: { nodeName: undefined, containers: [{ name: 'search', image: 'registry.example/search:8', resources: { requests: { cpu: '64' } } }] },
    status: { phase: 'Pending', conditions: [{ type: 'PodScheduled', status: 'False', reason: 'Unschedulable', message: `0/1 nodes are available: 1 Insufficient cpu. ${ATTACK}`, lastTransitionTime: at(-500) }] },
  });
  const crashing = pod({
    metadata: { ...meta(`worker-${NAME_ATTACK}`), uid: 'pod-3' },
    spec: { nodeName: NODE },
    status: {
      phase: 'Running',
      conditions: conditions({ sandbox: true }),
      containerStatuses: [
        containerStatus({
          restartCount: 9,
          waiting: { reason: 'CrashLoopBackOff', message: `back-off 5m0s restarting failed container=app ${ATTACK}` },
          lastTerminated: { exitCode: 1, reason: 'Error', message: T('panic: '), startedAt: at(-70), finishedAt: at(-60) },
        }),
      ],
    },
  });
  const mounting = pod({
    metadata: { ...meta(`db-${NAME_ATTACK}`), uid: 'pod-4' },
    spec: { nodeName: NODE, volumes: [{ name: 'cfg', configMap: { name: T('cfg') } }] },
    status: { phase: 'Pending', conditions: conditions({ sandbox: false }), containerStatuses: [containerStatus({ waiting: { reason: 'ContainerCreating' } })] },
  });
  const configError = pod({
    metadata: { ...meta(`cfg-${NAME_ATTACK}`), uid: 'pod-5' },
    spec: { nodeName: NODE, containers: [{ name: 'app', image: 'x:1', env: [{ name: 'A', valueFrom: { secretKeyRef: { name: T('sec'), key: T('k') } } }] }] },
    status: { phase: 'Pending', conditions: conditions({ sandbox: true }), containerStatuses: [containerStatus({ waiting: { reason: 'CreateContainerConfigError', message: `secret "${T('sec')}" not found` } })] },
  });
  return [
    pulling,
    unschedulable,
    crashing,
    mounting,
    configError,
    node({ metadata: { name: NODE, annotations: { [T('a')]: T('b') } }, spec: { taints: [{ key: T('dedicated'), value: T('v'), effect: 'NoSchedule' }] } }),
    event(pulling, { reason: 'Failed', message: `Failed to pull image "registry.example/api:1": rpc error: code = NotFound desc = failed to pull and unpack image: ${ATTACK}: not found`, count: 6, source: 'kubelet' }),
    event(pulling, { reason: 'BackOff', message: T('Back-off pulling image '), count: 30 }),
    event(unschedulable, { reason: 'FailedScheduling', message: `0/1 nodes are available: 1 node(s) had untolerated taint {${T('dedicated')}: }. ${ATTACK}`, source: 'default-scheduler' }),
    event(crashing, { reason: 'BackOff', message: `Back-off restarting failed container app in pod ${ATTACK}`, count: 40 }),
    event(crashing, { reason: 'Unhealthy', message: `Liveness probe failed: ${ATTACK}`, count: 3 }),
    event(mounting, { reason: 'FailedMount', message: `MountVolume.SetUp failed for volume "cfg" : configmap "${T('cfg')}" not found`, count: 12 }),
    event(mounting, { reason: 'FailedCreatePodSandBox', message: `Failed to create pod sandbox: rpc error: ${ATTACK} plugin type="calico" failed (add): stat /var/lib/calico/nodename: no such file or directory`, count: 4 }),
    obj('ReplicaSet', RS, { metadata: { namespace: NS, uid: 'rs-uid' }, spec: { replicas: 3 }, status: { replicas: 1, conditions: [{ type: 'ReplicaFailure', status: 'True', reason: 'FailedCreate', message: `pods "x" is forbidden: exceeded quota: ${ATTACK}` }] } }, 'apps/v1'),
    {
      ...event({ apiVersion: 'apps/v1', kind: 'ReplicaSet', metadata: { name: RS, namespace: NS, uid: 'rs-uid' } }, { reason: 'FailedCreate', message: `Error creating: pods "x" is forbidden: exceeded quota: ${T('compute')}, requested: cpu=1, used: cpu=2, limited: cpu=2`, source: 'replicaset-controller' }),
    },
    obj('Service', T('svc'), { metadata: { namespace: NS }, spec: { selector: { app: 'api' }, ports: [{ port: 80, targetPort: T('http') }] } }),
    { apiVersion: 'v1', kind: T('Unknown'), metadata: { name: 'x' } }, // its kind is quoted in a stderr warning
  ];
}

const dir = mkdtempSync(join(tmpdir(), 'kdiag-terminal-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const dump = join(dir, 'hostile.json');
writeFileSync(dump, JSON.stringify({ apiVersion: 'v1', kind: 'List', items: hostileDump() }));
const POD = `api-${NAME_ATTACK}`;

function expectSafe(r: { stdout: string; stderr: string }, what: string): void {
  expect(unsafeAt(r.stdout), `${what}: stdout`).toBeUndefined();
  expect(unsafeAt(r.stderr), `${what}: stderr`).toBeUndefined();
}

describe('no escape or control byte from a hostile dump reaches the terminal', () => {
  const commands: Array<[string, string[]]> = [
    ['analyze', ['analyze', dump]],
    ['analyze -v', ['analyze', dump, '-v']],
    ['pod -f', ['pod', POD, '-f', dump]],
    ['pod -f (a workload)', ['pod', `rs/${RS}`, '-f', dump]],
    ['scan -f', ['scan', '-f', dump]],
  ];
  for (const [name, args] of commands) {
    for (const format of ['text', 'markdown', 'yaml']) {
      it(`${name} -o ${format}`, async () => {
        const r = await kdiagAsync([...args, '-o', format]);
        expect(r.code, r.stderr).toBe(1); // found and diagnosed failing: the hostile text was rendered
        expectSafe(r, `${name} -o ${format}`);
      });
    }
  }

  it('the planted text is really shown (neutralised), so the check above is not vacuous', async () => {
    const r = await kdiagAsync(['analyze', dump, '-v']);
    expect(r.code).toBe(1);
    for (const visible of ['visibleOVERWRITE', 'click me', 'isolated', 'pwned title'.slice(0, 0) + 'RED']) expect(r.stdout).toContain(visible);
    expect(r.stdout).toContain('FAILING at image');
    expect(r.stdout).toContain('FAILING at scheduling');
    expect(r.stdout).toContain('FAILING at container');
    expect(r.stderr).toMatch(/^kdiag: skipped 1 document\(s\) of kind Unknown/m);
  });

  it('with colour forced on, the only escapes are kdiag\'s own SGR colour codes', async () => {
    const r = await kdiagAsync(['analyze', dump, '-v'], { env: { FORCE_COLOR: '1', NO_COLOR: '' } });
    expect(r.stdout).toMatch(/\u001b\[\d+m/); // colour is really on
    expectSafe({ stdout: r.stdout.replace(/\u001b\[[0-9;]*m/g, ''), stderr: r.stderr }, 'coloured analyze');
  });

  it('-o json parses, holds the planted text in escaped form, and escapes C1 and bidi characters too', async () => {
    for (const args of [['analyze', dump], ['pod', POD, '-f', dump]]) {
      const r = await kdiagAsync([...args, '-o', 'json']);
      expectSafe(r, `${args[0]} -o json`);
      expect(r.stdout).toContain('\\u001b]52;c;');
      expect(r.stdout).toContain('\\u009b31m');
      expect(r.stdout).toContain('\\u202e');
      const doc = JSON.parse(r.stdout);
      const pods = (doc.items ?? [doc]).map((d: { pod: { namespace: string } | null }) => d.pod?.namespace);
      expect(pods.includes(NS)).toBe(true); // the value itself is unchanged, only its encoding
    }
  });

  it('-o yaml reads back to the same document as -o json', async () => {
    const json = JSON.parse((await kdiagAsync(['analyze', dump, '-o', 'json'])).stdout);
    expect(parseYaml((await kdiagAsync(['analyze', dump, '-o', 'yaml'])).stdout)).toEqual(json);
  });

  it('error lines that quote names from the dump are neutralised (not found: "did you mean")', async () => {
    const r = await kdiagAsync(['pod', 'api-', '-f', dump]);
    expect(r.code).toBe(4);
    expect(r.stderr).toMatch(/did you mean/);
    expectSafe(r, 'pod not found');
    expect(r.stderr.split('\n').filter(Boolean).length).toBeLessThanOrEqual(3); // warning, error, hint
  });

  it('a target name on the command line with escapes is neutralised in the error too', async () => {
    expectSafe(await kdiagAsync(['pod', `x${ATTACK}`, '-f', dump]), 'bad target');
  });
});
