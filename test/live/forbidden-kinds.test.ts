// Forbidden is not absent, per kind: for each kind kdiag lists, an identity that may read everything else
// (the admin impersonating a user bound to a Role without that kind). `scan` says the kind is unknown and
// still judges what it saw; `gate` and `pod deploy/NAME` are exit 3 naming the permission when the kind is
// one they cannot judge without (the target's kind, the ReplicaSets its Pods are found through, Pods).
import { Ajv } from 'ajv';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { stringify } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshNamespace, kubectl, live, waitFor } from './env.js';

const NS = 'kdiag-live-forbidden';
const IMAGE = '127.0.0.1:5000/busybox:1';

/** Each kind `scan` lists, with its RBAC resource and the words kdiag's note uses for the permission. */
const KINDS = [
  { kind: 'Pod', resource: 'pods', group: '', words: 'list on pods' },
  { kind: 'Event', resource: 'events', group: '', words: 'list on events' },
  { kind: 'Node', resource: 'nodes', group: '', words: 'list on nodes' },
  { kind: 'PersistentVolumeClaim', resource: 'persistentvolumeclaims', group: '', words: 'list on persistentvolumeclaims' },
  { kind: 'Service', resource: 'services', group: '', words: 'list on services' },
  { kind: 'EndpointSlice', resource: 'endpointslices', group: 'discovery.k8s.io', words: 'list on endpointslices.discovery.k8s.io' },
  { kind: 'ReplicaSet', resource: 'replicasets', group: 'apps', words: 'list on replicasets.apps' },
  { kind: 'Deployment', resource: 'deployments', group: 'apps', words: 'list on deployments.apps' },
  { kind: 'StatefulSet', resource: 'statefulsets', group: 'apps', words: 'list on statefulsets.apps' },
  { kind: 'DaemonSet', resource: 'daemonsets', group: 'apps', words: 'list on daemonsets.apps' },
  { kind: 'Job', resource: 'jobs', group: 'batch', words: 'list on jobs.batch' },
  { kind: 'CronJob', resource: 'cronjobs', group: 'batch', words: 'list on cronjobs.batch' },
] as const;
type Kind = (typeof KINDS)[number];
/** Kinds every identity here may read (each withheld kind above is the only thing missing): the revisions and traffic kinds. */
const ALWAYS = [
  { group: 'apps', resource: 'controllerrevisions' },
  { group: 'networking.k8s.io', resource: 'networkpolicies' },
  { group: 'networking.k8s.io', resource: 'ingresses' },
];
const ALWAYS_CLUSTER = [{ apiGroups: [''], resources: ['namespaces'], verbs: ['get', 'list', 'watch'] }, { apiGroups: ['networking.k8s.io'], resources: ['ingressclasses'], verbs: ['get', 'list', 'watch'] }];

const validate = new Ajv({ allErrors: true }).compile(JSON.parse(readFileSync(resolve(import.meta.dirname, '../../schema/kdiag-v1.schema.json'), 'utf8')));
const user = (k: Kind) => `kdiag-live-no-${k.kind.toLowerCase()}`;
const as = (k: Kind) => ['--as', user(k)];
const READ = ['get', 'list', 'watch'];

beforeAll(async () => {
  freshNamespace(NS);
  const docs: object[] = [];
  for (const k of KINDS) {
    // Everything namespaced but this kind (and the Pods' logs), in the test namespace...
    const rules = KINDS.filter((o) => o !== k && o.kind !== 'Node').map((o) => ({ apiGroups: [o.group], resources: [o.resource], verbs: READ }));
    rules.push({ apiGroups: [''], resources: ['pods/log'], verbs: ['get'] } as never);
    for (const a of ALWAYS) rules.push({ apiGroups: [a.group], resources: [a.resource], verbs: READ } as never);
    docs.push({ apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRoleBinding', metadata: { name: `${NS}-cluster-${user(k)}` }, roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: `${NS}-cluster-kinds` }, subjects: [{ apiGroup: 'rbac.authorization.k8s.io', kind: 'User', name: user(k) }] });
    docs.push({ apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'Role', metadata: { name: user(k), namespace: NS }, rules });
    docs.push({ apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'RoleBinding', metadata: { name: user(k), namespace: NS }, roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: user(k) }, subjects: [{ apiGroup: 'rbac.authorization.k8s.io', kind: 'User', name: user(k) }] });
    // ...and Nodes, cluster-wide, unless Nodes are the kind withheld.
    if (k.kind !== 'Node') docs.push({ apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRoleBinding', metadata: { name: `${NS}-${user(k)}` }, roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: `${NS}-nodes` }, subjects: [{ apiGroup: 'rbac.authorization.k8s.io', kind: 'User', name: user(k) }] });
  }
  docs.push({ apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRole', metadata: { name: `${NS}-nodes` }, rules: [{ apiGroups: [''], resources: ['nodes'], verbs: READ }] });
  docs.push({ apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRole', metadata: { name: `${NS}-cluster-kinds` }, rules: ALWAYS_CLUSTER });
  // A healthy Deployment behind a Service, and a Pod whose image does not exist.
  docs.push({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'ok', namespace: NS }, spec: { replicas: 1, selector: { matchLabels: { app: 'ok' } }, template: { metadata: { labels: { app: 'ok' } }, spec: { terminationGracePeriodSeconds: 1, containers: [{ name: 'app', image: IMAGE, command: ['sleep', '3600'] }] } } } });
  docs.push({ apiVersion: 'v1', kind: 'Service', metadata: { name: 'ok', namespace: NS }, spec: { selector: { app: 'ok' }, ports: [{ port: 80 }] } });
  docs.push({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'bad', namespace: NS }, spec: { terminationGracePeriodSeconds: 1, containers: [{ name: 'app', image: '127.0.0.1:5000/kdiag-no-such-image:1' }] } });
  const r = kubectl(['apply', '-f', '-'], docs.map((d) => stringify(d)).join('---\n'));
  if (r.code !== 0) throw new Error(r.stderr);
  await Promise.all([
    waitFor('deploy ok 1 available', () => kubectl(['get', 'deploy', 'ok', '-n', NS, '-o', 'jsonpath={.status.availableReplicas}']).stdout === '1', 120_000),
    waitFor('pod bad in ErrImagePull or ImagePullBackOff', () => /ErrImagePull|ImagePullBackOff/.test(kubectl(['get', 'pod', 'bad', '-n', NS, '-o', 'jsonpath={.status.containerStatuses[0].state.waiting.reason}']).stdout), 120_000),
  ]);
}, 240_000);
afterAll(() => {
  kubectl(['delete', 'namespace', NS, '--wait=false']);
  kubectl(['delete', 'clusterrole', `${NS}-nodes`, `${NS}-cluster-kinds`, '--ignore-not-found']);
  kubectl(['delete', 'clusterrolebinding', ...KINDS.filter((k) => k.kind !== 'Node').map((k) => `${NS}-${user(k)}`), ...KINDS.map((k) => `${NS}-cluster-${user(k)}`), '--ignore-not-found']);
});

const noNotFound = (s: string) => expect(s).not.toMatch(/not found|there are no/);

describe.each(KINDS)('without $kind', (k) => {
  it(k.kind === 'Pod' ? 'scan: exit 3 naming list on pods' : `scan: ${k.kind} is unknown (JSON unreadable, text), the failing Pod is still reported (exit 1)`, () => {
    const r = live(['scan', '-n', NS, '-o', 'json', ...as(k)]);
    if (k.kind === 'Pod') {
      expect(r.code, r.stderr).toBe(3);
      expect(r.stderr).toContain(k.words);
      return;
    }
    expect(r.code, r.stderr).toBe(1);
    const list = JSON.parse(r.stdout);
    expect(validate(list), JSON.stringify(validate.errors?.slice(0, 3))).toBe(true);
    expect(list.unreadable).toEqual([{ kind: k.kind, reason: expect.stringContaining(`forbidden (needs ${k.words}`) }]);
    expect(list.notes.join('\n')).toContain(k.words);
    const bad = list.items.find((d: { pod?: { name: string } }) => d.pod?.name === 'bad');
    expect(bad.status).toBe('failing');
    expect(bad.stage).toBe('image');
    expect(bad.notes.join('\n')).toContain(k.words);
    const text = live(['scan', '-n', NS, ...as(k)]);
    expect(text.code).toBe(1);
    expect(text.stdout).toContain(`Unknown (could not be read): ${k.kind}.`);
  });

  const blocking = ['Pod', 'Deployment', 'ReplicaSet'].includes(k.kind);
  it(blocking ? 'gate deploy/ok: exit 3 naming the permission, not "not found"' : 'gate deploy/ok: passes (the kind is not needed to judge the rollout)', () => {
    const r = live(['gate', 'deploy/ok', '-n', NS, '--timeout', '60s', '--settle', '0s', ...as(k)]);
    if (blocking) {
      expect(r.code, r.stderr).toBe(3);
      expect(r.stderr).toContain(`kdiag needs ${k.words}`);
      noNotFound(r.stderr);
    } else {
      expect(r.code, r.stderr + r.stdout).toBe(0);
      expect(r.stdout).toContain('GATE PASSED');
    }
  });

  it(blocking ? 'pod deploy/ok: exit 3 naming the permission' : `pod deploy/ok: healthy, with the note that ${k.kind} could not be read`, () => {
    const r = live(['pod', 'deploy/ok', '-n', NS, '-o', 'json', ...as(k)]);
    if (blocking) {
      expect(r.code, r.stderr).toBe(3);
      // The Deployment itself is read with a GET; the ReplicaSets and Pods are listed.
      expect(r.stderr).toContain(k.kind === 'Deployment' ? 'get on deployments.apps' : k.words);
      noNotFound(r.stderr);
      return;
    }
    expect(r.code, r.stderr).toBe(0);
    const w = JSON.parse(r.stdout).items[0];
    expect(w.status).toBe('healthy');
    expect(w.notes.join('\n')).toContain(k.words);
  });
});
