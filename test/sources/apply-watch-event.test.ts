// The gate keeps one Snapshot for its whole wait and applies watch events to it (an informer's cache). What
// the engine and the traffic path remember per list of objects (a namespace's Pods, a Node's usage) must see
// every event: a Pod changed in place keeps the list's length, so a list changed in place would look unchanged.
import { describe, expect, it } from 'vitest';
import { markComplete } from '../../src/model/snapshot.js';
import { applyWatchEvent } from '../../src/sources/cluster/apply-watch-event.js';
import { snapshotFromObjects } from '../../src/sources/dump.js';
import { servicePath } from '../../src/traffic/path/service-path.js';

const pod = (name: string, labels: Record<string, string>, ready: boolean) => ({
  apiVersion: 'v1', kind: 'Pod',
  metadata: { name, namespace: 'shop', uid: `uid-${name}`, labels, creationTimestamp: '2026-12-01T10:00:00Z' },
  spec: { nodeName: 'node-1', containers: [{ name: 'app', image: 'registry.local/app:1', ports: [{ containerPort: 8080, name: 'http' }] }] },
  status: { phase: 'Running', conditions: [{ type: 'Ready', status: ready ? 'True' : 'False' }], containerStatuses: [{ name: 'app', ready, restartCount: 0, state: { running: { startedAt: '2026-12-01T10:00:05Z' } } }] },
});
const service = {
  apiVersion: 'v1', kind: 'Service',
  metadata: { name: 'web', namespace: 'shop', uid: 'uid-svc' },
  spec: { selector: { app: 'web' }, ports: [{ port: 80, targetPort: 'http' }] },
};

function gateSnapshot() {
  const snapshot = snapshotFromObjects([pod('web-1', { app: 'web' }, true), pod('db-1', { app: 'db' }, true), service]);
  markComplete(snapshot.meta, 'Pod', { namespace: 'shop' });
  markComplete(snapshot.meta, 'Service', { namespace: 'shop' });
  return snapshot;
}
const serviceHop = (snapshot: ReturnType<typeof gateSnapshot>) => servicePath(snapshot, snapshot.services[0]!, { lang: 'en' }).hops.find((h) => h.hop === 'service')!.state;

describe('a watch event after the traffic path has read the snapshot', () => {
  it('a Pod relabelled away (MODIFIED, same number of Pods): the Service selects nothing now', () => {
    const snapshot = gateSnapshot();
    expect(serviceHop(snapshot)).toBe('passed');
    applyWatchEvent(snapshot, 'Pod', 'MODIFIED', pod('web-1', { app: 'web-old' }, true));
    expect(snapshot.pods).toHaveLength(2);
    expect(serviceHop(snapshot)).toBe('failed');
  });
  it('a Pod relabelled onto the Service (MODIFIED): selected now', () => {
    const snapshot = gateSnapshot();
    applyWatchEvent(snapshot, 'Pod', 'MODIFIED', pod('web-1', { app: 'web-old' }, true));
    expect(serviceHop(snapshot)).toBe('failed');
    applyWatchEvent(snapshot, 'Pod', 'MODIFIED', pod('db-1', { app: 'web' }, true));
    expect(serviceHop(snapshot)).toBe('passed');
  });
  it('ADDED and DELETED change what is selected', () => {
    const snapshot = gateSnapshot();
    applyWatchEvent(snapshot, 'Pod', 'DELETED', pod('web-1', { app: 'web' }, true));
    expect(serviceHop(snapshot)).toBe('failed');
    applyWatchEvent(snapshot, 'Pod', 'ADDED', pod('web-2', { app: 'web' }, true));
    expect(serviceHop(snapshot)).toBe('passed');
  });
  it('the lists a reader took before the event are left as they were (a list is replaced, never changed in place)', () => {
    const snapshot = gateSnapshot();
    const before = snapshot.pods;
    const first = before[0];
    applyWatchEvent(snapshot, 'Pod', 'MODIFIED', pod('web-1', { app: 'web-old' }, true));
    expect(before[0]).toBe(first);
    expect(snapshot.pods).not.toBe(before);
    expect(snapshot.pods[0]!.metadata?.labels).toEqual({ app: 'web-old' });
  });
});
