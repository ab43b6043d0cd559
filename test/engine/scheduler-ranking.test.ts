// The decisive scheduler reason: exclusions by design (control-plane taints, the Pod's own selector) rank
// below the reason that blocks the nodes the Pod could otherwise use, whatever the node counts say.
import { describe, expect, it } from 'vitest';
import { Engine } from '../../src/engine/diagnose.js';
import { snapshotFromObjects } from '../../src/sources/dump.js';
import { obj, T0 } from '../harness/builders.js';
import { unschedulable } from '../rules/scheduling/pending.js';

function primary(message: string, extra: unknown[] = [], patch: Record<string, unknown> = {}) {
  const engine = new Engine(snapshotFromObjects([unschedulable(message, patch), ...extra], 'test'), { now: T0 });
  return engine.diagnosePod(engine.snapshot.pods[0]!).findings[0]!;
}

describe('scheduler reason ranking', () => {
  it('control-plane taint (by design) + volume node affinity: the volume conflict leads', () => {
    const claim = { spec: { volumes: [{ name: 'data', persistentVolumeClaim: { claimName: 'data' } }] } };
    const pvc = obj('PersistentVolumeClaim', 'data', { spec: { volumeName: 'pv-1', storageClassName: 'local' }, status: { phase: 'Bound' } });
    const f = primary('0/6 nodes are available: 3 node(s) had untolerated taint {node-role.kubernetes.io/master: }, 3 node(s) had volume node affinity conflict. preemption: 0/6 nodes are available: 6 Preemption is not helpful for scheduling.', [pvc], claim);
    expect(f.rule).toBe('scheduling/volume-node-affinity');
  });

  it('near miss: a non-control-plane taint on more nodes still leads over the volume conflict', () => {
    const claim = { spec: { volumes: [{ name: 'data', persistentVolumeClaim: { claimName: 'data' } }] } };
    const pvc = obj('PersistentVolumeClaim', 'data', { spec: { volumeName: 'pv-1', storageClassName: 'local' }, status: { phase: 'Bound' } });
    const f = primary('0/6 nodes are available: 4 node(s) had untolerated taint {dedicated: infra}, 2 node(s) had volume node affinity conflict. preemption: 0/6 nodes are available: 6 Preemption is not helpful for scheduling.', [pvc], claim);
    expect(f.rule).toBe('scheduling/untolerated-taint');
  });

  it('6 of 7 nodes excluded by the Pod\'s own selector, the one it may use is full: "Too many pods" leads', () => {
    const f = primary('0/7 nodes are available: 1 Too many pods, 6 node(s) didn\'t match Pod\'s node affinity/selector. preemption: 0/7 nodes are available: 1 No preemption victims found for incoming pod, 6 Preemption is not helpful for scheduling.', [], { spec: { nodeSelector: { pool: 'gpu' } } });
    expect(f.rule).toBe('scheduling/too-many-pods');
  });

  it('near miss: every node excluded by the selector: the selector is the cause', () => {
    const f = primary('0/7 nodes are available: 7 node(s) didn\'t match Pod\'s node affinity/selector. preemption: 0/7 nodes are available: 7 Preemption is not helpful for scheduling.', [], { spec: { nodeSelector: { pool: 'gpu' } } });
    expect(f.rule).toBe('scheduling/node-selector-mismatch');
  });
});
