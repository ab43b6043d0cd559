import { describe, expect, it } from 'vitest';
import { EventIndex, toEventFact } from '../../src/model/events.js';
import { at, event, pod } from '../harness/builders.js';

describe('events', () => {
  it('reads events.k8s.io/v1 shape: eventTime, series, note, regarding', () => {
    const e = toEventFact({
      apiVersion: 'events.k8s.io/v1', kind: 'Event', eventTime: at(-100), series: { count: 9, lastObservedTime: at(-5) },
      reason: 'BackOff', note: 'Back-off restarting failed container', regarding: { kind: 'Pod', name: 'p', namespace: 'ns', uid: 'u' }, reportingController: 'kubelet', type: 'Warning',
    });
    expect(e).toMatchObject({ count: 9, message: 'Back-off restarting failed container', source: 'kubelet', involved: { uid: 'u', name: 'p' } });
    expect(e.lastSeen).toBe(Date.parse(at(-5)));
    expect(e.firstSeen).toBe(Date.parse(at(-100)));
  });

  it('joins by UID: a recreated Pod with the same name does not inherit the old Pod\'s events', () => {
    const old = pod({ metadata: { uid: 'old-uid' } });
    const current = pod({ metadata: { uid: 'new-uid' } });
    const index = new EventIndex([event(old, { reason: 'Failed', message: 'old' }) as never, event(current, { reason: 'Pulled', message: 'new' }) as never]);
    expect(index.for(current as never).map((e) => e.message)).toEqual(['new']);
  });

  it('falls back to kind/namespace/name when the event has no UID', () => {
    const p = pod();
    const e = event(p, { reason: 'FailedMount', message: 'm' });
    delete (e.involvedObject as Record<string, unknown>).uid;
    expect(new EventIndex([e as never]).for(p as never)).toHaveLength(1);
  });

  it('merges duplicates, summing counts and widening the time span', () => {
    const p = pod();
    const index = new EventIndex([
      event(p, { reason: 'BackOff', message: 'same', count: 3, first: at(-300), last: at(-200) }) as never,
      event(p, { reason: 'BackOff', message: 'same', count: 2, first: at(-100), last: at(-10) }) as never,
    ]);
    const [merged] = index.for(p as never);
    expect(merged).toMatchObject({ count: 5, firstSeen: Date.parse(at(-300)), lastSeen: Date.parse(at(-10)) });
  });

  it('merges only repeats equal in reason, message, source and field (near misses stay apart), below and above 16 events alike', () => {
    const p = pod();
    const base = { reason: 'BackOff', message: 'same', count: 1, first: at(-300), last: at(-200) };
    const near = [
      event(p, base),
      event(p, { ...base, reason: 'Backoff' }),
      event(p, { ...base, message: 'same ' }),
      event(p, { ...base, message: 'sam' }),
    ];
    const distinct = [...near, event(p, { ...base, source: 'scheduler' }), event(p, { ...base, fieldPath: 'spec.containers{app}' })];
    for (const repeats of [2, 5]) {
      // 6 distinct events × 2 = 12 (compared field by field), × 5 = 30 (merged through keys)
      const all = Array.from({ length: repeats }, () => distinct).flat();
      const merged = new EventIndex(all as never[]).for(p as never);
      expect(merged).toHaveLength(distinct.length);
      expect(merged.every((e) => e.count === repeats)).toBe(true);
      expect(merged.map((e) => `${e.reason}|${e.message}|${e.source}|${e.fieldPath ?? ''}`).sort()).toEqual(
        ['BackOff|same|kubelet|', 'Backoff|same|kubelet|', 'BackOff|same |kubelet|', 'BackOff|sam|kubelet|', 'BackOff|same|scheduler|', 'BackOff|same|kubelet|spec.containers{app}'].sort(),
      );
    }
  });

  it('never changes the indexed facts when it merges (the same object asked twice gets the same counts)', () => {
    const p = pod();
    const index = new EventIndex([event(p, { reason: 'BackOff', message: 'same', count: 3 }), event(p, { reason: 'BackOff', message: 'same', count: 2 })] as never[]);
    expect(index.for(p as never)[0]!.count).toBe(5);
    expect(index.for(p as never)[0]!.count).toBe(5);
  });

  it('merges repeats of several events apart, each into its own copy, leaving the single ones and the index unchanged', () => {
    const p = pod();
    const index = new EventIndex(
      [
        event(p, { reason: 'A', message: 'a', count: 1, last: at(-40) }),
        event(p, { reason: 'B', message: 'b', count: 2, last: at(-30) }),
        event(p, { reason: 'C', message: 'c', count: 4, last: at(-20) }),
        event(p, { reason: 'B', message: 'b', count: 8, last: at(-10) }),
        event(p, { reason: 'A', message: 'a', count: 16, last: at(-50) }),
      ] as never[],
    );
    const counts = () => index.for(p as never).map((e) => `${e.reason}${e.count}`);
    expect(counts()).toEqual(['A17', 'C4', 'B10']);
    expect(counts()).toEqual(['A17', 'C4', 'B10']);
  });

  it('kubelet node events carry the node name as uid and still join the Node', () => {
    const e = { kind: 'Event', metadata: { namespace: 'default' }, involvedObject: { kind: 'Node', name: 'node-1', uid: 'node-1' }, reason: 'EvictionThresholdMet', message: 'Attempting to reclaim memory' };
    expect(new EventIndex([e as never]).for({ kind: 'Node', metadata: { name: 'node-1', uid: 'a1b2c3' } })).toHaveLength(1);
  });

  it('node events (namespace default on the event, none on the Node) still join', () => {
    const e = { kind: 'Event', metadata: { namespace: 'default' }, involvedObject: { kind: 'Node', name: 'node-1' }, reason: 'NodeNotReady', message: 'Node node-1 status is now: NodeNotReady' };
    expect(new EventIndex([e as never]).for({ kind: 'Node', metadata: { name: 'node-1' } })).toHaveLength(1);
  });
  it('joins an event without a UID by name even when it is added after events with UIDs (and keeps the UID ones)', () => {
    const p = pod({ metadata: { uid: 'p-uid' } });
    const other = pod({ metadata: { uid: 'other-uid' } }); // the same name: a Pod recreated
    const index = new EventIndex([event(p, { reason: 'Pulled', message: 'mine' }) as never, event(other, { reason: 'Failed', message: 'not mine' }) as never]);
    expect(index.for(p as never).map((e) => e.message)).toEqual(['mine']);
    const noUid = event(p, { reason: 'FailedMount', message: 'by name', last: at(-5) });
    delete (noUid.involvedObject as Record<string, unknown>).uid;
    index.add(toEventFact(noUid as never));
    expect(index.for(p as never).map((e) => e.message)).toEqual(['mine', 'by name']);
    // A near miss: the same name in another namespace, or another kind, is not joined.
    expect(index.for({ ...p, metadata: { ...p.metadata, uid: 'x-uid', namespace: 'elsewhere' } } as never).map((e) => e.message)).toEqual([]);
    expect(index.of('Service', { metadata: { name: p.metadata.name, namespace: p.metadata.namespace } }).map((e) => e.message)).toEqual([]);
    expect(index.of('Pod', { metadata: { name: p.metadata.name, namespace: p.metadata.namespace } }).map((e) => e.message)).toEqual(['not mine', 'mine', 'by name']); // same time: by reason
  });

  it('rewrites the messages of every kind named namespace/name and nothing else; forget drops only that UID\'s events', () => {
    const p = pod({ metadata: { uid: 'p-uid', name: 'web', namespace: 'shop' } });
    const svc = { apiVersion: 'v1', kind: 'Service', metadata: { name: 'web', namespace: 'shop', uid: 's-uid' } };
    const near = pod({ metadata: { uid: 'n-uid', name: 'web2', namespace: 'shop' } });
    const index = new EventIndex([event(p, { reason: 'A', message: 'pod' }), event(svc, { reason: 'B', message: 'svc' }), event(near, { reason: 'C', message: 'near' })] as never[]);
    index.rewriteMessages('shop', 'web', (m) => `<${m}>`);
    expect(index.for(p as never).map((e) => e.message)).toEqual(['<pod>']);
    expect(index.for(svc as never).map((e) => e.message)).toEqual(['<svc>']);
    expect(index.for(near as never).map((e) => e.message)).toEqual(['near']);
    index.forget(p as never);
    expect(index.for(p as never)).toEqual([]);
    expect(index.for(svc as never).map((e) => e.message)).toEqual(['<svc>']);
    index.rewriteAll((m) => m.toUpperCase());
    expect(index.for(svc as never).map((e) => e.message)).toEqual(['<SVC>']);
    expect(index.for(near as never).map((e) => e.message)).toEqual(['NEAR']);
  });
});
