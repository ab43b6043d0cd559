// LimitRange read live only when a controller's FailedCreate names a LimitRange violation: the diagnosis
// shows the min/max/defaults the API server checked against; an identity that may not list LimitRanges
// gets the same cause with a note that they were not visible (unknown, not "there are none").
import { stringify } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshNamespace, kubectl, live, waitFor } from './env.js';

const NS = 'kdiag-live-limitrange';
const QUIET = 'kdiag-live-limitrange-quiet';
const USER = 'kdiag-live-no-limitranges';
const IMAGE = '127.0.0.1:5000/busybox:1';
const READ = ['get', 'list', 'watch'];

const role = (ns: string) => [
  // Everything kdiag lists for a workload, but not LimitRanges.
  { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'Role', metadata: { name: USER, namespace: ns }, rules: [{ apiGroups: [''], resources: ['pods', 'events', 'persistentvolumeclaims', 'services'], verbs: READ }, { apiGroups: ['apps'], resources: ['deployments', 'replicasets', 'statefulsets', 'daemonsets'], verbs: READ }, { apiGroups: ['batch'], resources: ['jobs'], verbs: READ }, { apiGroups: ['discovery.k8s.io'], resources: ['endpointslices'], verbs: READ }] },
  { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'RoleBinding', metadata: { name: USER, namespace: ns }, roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: USER }, subjects: [{ apiGroup: 'rbac.authorization.k8s.io', kind: 'User', name: USER }] },
];

beforeAll(async () => {
  freshNamespace(NS);
  freshNamespace(QUIET);
  const docs = [
    ...role(NS),
    ...role(QUIET),
    // The same LimitRange where nothing breaks it.
    { apiVersion: 'v1', kind: 'LimitRange', metadata: { name: 'small', namespace: QUIET }, spec: { limits: [{ type: 'Container', max: { cpu: '200m' } }] } },
    { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'fits', namespace: QUIET }, spec: { terminationGracePeriodSeconds: 1, containers: [{ name: 'app', image: IMAGE, command: ['sleep', '3600'], resources: { limits: { cpu: '100m' } } }] } },
    { apiVersion: 'v1', kind: 'LimitRange', metadata: { name: 'small', namespace: NS }, spec: { limits: [{ type: 'Container', max: { cpu: '200m' }, defaultRequest: { cpu: '50m' } }] } },
    { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'big', namespace: NS }, spec: { replicas: 1, selector: { matchLabels: { app: 'big' } }, template: { metadata: { labels: { app: 'big' } }, spec: { containers: [{ name: 'app', image: IMAGE, command: ['sleep', '3600'], resources: { limits: { cpu: '500m' } } }] } } } },
  ];
  const r = kubectl(['apply', '-f', '-'], docs.map((d) => stringify(d)).join('---\n'));
  if (r.code !== 0) throw new Error(r.stderr);
  await waitFor('a FailedCreate event', () => kubectl(['get', 'events', '-n', NS, '--field-selector', 'reason=FailedCreate', '-o', 'name']).stdout.trim() !== '', 120_000);
}, 240_000);
afterAll(() => kubectl(['delete', 'namespace', NS, QUIET, '--wait=false']));

describe('LimitRange, live', () => {
  it('pod deploy/NAME: the LimitRange rejection leads at admission, with the LimitRange\'s max and defaults as evidence', () => {
    const r = live(['pod', 'deploy/big', '-n', NS, '-o', 'json']);
    expect(r.code, r.stderr).toBe(1);
    const w = JSON.parse(r.stdout).items[0];
    expect(w.stage).toBe('admission');
    expect(w.findings[0].rule).toBe('admission/failed-create');
    expect(w.findings[0].message).toContain('maximum cpu usage per Container is 200m, but limit is 500m');
    expect(w.findings[0].evidence).toContainEqual(expect.objectContaining({ source: 'limitrange', text: 'limitrange/small Container: max cpu=200m; default cpu=200m; defaultRequest cpu=50m' }));
  });

  it('scan: the ReplicaSet item carries the same LimitRange evidence', () => {
    const r = live(['scan', '-n', NS, '-o', 'json']);
    expect(r.code, r.stderr).toBe(1);
    const rs = JSON.parse(r.stdout).items.find((d: { pod: unknown; stage: string }) => d.pod === null && d.stage === 'admission');
    expect(rs.findings[0].evidence.map((e: { text: string }) => e.text)).toContain('limitrange/small Container: max cpu=200m; default cpu=200m; defaultRequest cpu=50m');
  });

  it('without list on limitranges: the same cause, no LimitRange evidence, and a note that they were not visible', () => {
    const r = live(['pod', 'deploy/big', '-n', NS, '-o', 'json', '--as', USER]);
    expect(r.code, r.stderr).toBe(1);
    const w = JSON.parse(r.stdout).items[0];
    expect(w.findings[0].rule).toBe('admission/failed-create');
    expect(w.findings[0].evidence.some((e: { source: string }) => e.source === 'limitrange')).toBe(false);
    expect(w.notes.join('\n')).toContain(`LimitRanges not visible: forbidden (needs list on limitranges in namespace ${NS})`);
  });

  it('near miss: no LimitRange rejection in the namespace: LimitRanges are not read (no forbidden note for an identity that may not list them)', () => {
    const r = live(['scan', '-n', QUIET, '-o', 'json', '--as', USER]);
    expect(r.code, r.stderr).toBe(0);
    const list = JSON.parse(r.stdout);
    expect(list.items.map((d: { pod?: { name: string } }) => d.pod?.name)).toContain('fits');
    expect(JSON.stringify(list)).not.toContain('LimitRange');
  });
});
