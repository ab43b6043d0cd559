// The decisive scheduler reason: exclusions by design (control-plane taints, the Pod's own selector) rank
// below the reason that blocks the nodes the Pod could otherwise use, whatever the node counts say.
import { describe, expect, it } from 'vitest';
import { Engine } from '../../src/engine/diagnose.js';
import { snapshotFromObjects } from '../../src/sources/dump.js';
import { node, obj, T0 } from '../harness/builders.js';
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

  it('the ≤1.33 wording with the control-plane key: the volume conflict leads', () => {
    const claim = { spec: { volumes: [{ name: 'data', persistentVolumeClaim: { claimName: 'data' } }] } };
    const pvc = obj('PersistentVolumeClaim', 'data', { spec: { volumeName: 'pv-1', storageClassName: 'local' }, status: { phase: 'Bound' } });
    const f = primary('0/6 nodes are available: 3 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 3 node(s) had volume node affinity conflict. preemption: 0/6 nodes are available: 6 Preemption is not helpful for scheduling.', [pvc], claim);
    expect(f.rule).toBe('scheduling/volume-node-affinity');
  });

  describe('the current wording (1.35, late 1.34 patches: `node(s) had untolerated taint(s)`, the taint not named): the Nodes tell', () => {
    const claim = { spec: { volumes: [{ name: 'data', persistentVolumeClaim: { claimName: 'data' } }] } };
    const pvc = obj('PersistentVolumeClaim', 'data', { spec: { volumeName: 'pv-1', storageClassName: 'local' }, status: { phase: 'Bound' } });
    const MESSAGE = "0/6 nodes are available: 3 node(s) didn't match PersistentVolume's node affinity, 3 node(s) had untolerated taint(s). no new claims to deallocate, preemption: 0/6 nodes are available: 6 Preemption is not helpful for scheduling.";
    const nodes = (taint: { key: string; effect: string }) => [
      ...[1, 2, 3].map((i) => node({ metadata: { name: `cp-${i}`, labels: { 'kubernetes.io/hostname': `cp-${i}` } }, spec: { taints: [taint] } })),
      ...[1, 2, 3].map((i) => node({ metadata: { name: `worker-${i}`, labels: { 'kubernetes.io/hostname': `worker-${i}` } } })),
    ];
    it('three control-plane nodes: the volume conflict leads', () => {
      expect(primary(MESSAGE, [pvc, ...nodes({ key: 'node-role.kubernetes.io/control-plane', effect: 'NoSchedule' })], claim).rule).toBe('scheduling/volume-node-affinity');
    });
    it('near miss: three nodes tainted dedicated=infra: not by design, the taint (3 nodes) leads the volume conflict (2)', () => {
      const f = primary(MESSAGE.replace('3 node(s) didn\'t', '2 node(s) didn\'t').replace('0/6', '0/5'), [pvc, ...nodes({ key: 'dedicated', effect: 'NoSchedule' }).slice(0, 5)], claim);
      expect(f.rule).toBe('scheduling/untolerated-taint');
    });
    it('near miss: no Nodes in the input: unknown, so not ranked down as by design', () => {
      const f = primary(MESSAGE.replace('3 node(s) didn\'t', '2 node(s) didn\'t').replace('0/6', '0/5'), [pvc], claim);
      expect(f.rule).toBe('scheduling/untolerated-taint');
    });
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

describe('reasons ranked by what they mean (fixable by scaling, by labels, or not at all), not by their counts', () => {
  const claim = { spec: { volumes: [{ name: 'data', persistentVolumeClaim: { claimName: 'data' } }], containers: [{ name: 'app', image: 'x', resources: { requests: { cpu: '2' } } }] } };
  const pvc = obj('PersistentVolumeClaim', 'data', { spec: { volumeName: 'pv-1', storageClassName: 'local' }, status: { phase: 'Bound' } });
  const MIXED = "0/3 nodes are available: 1 Insufficient cpu, 2 node(s) had volume node affinity conflict. preemption: 0/3 nodes are available: 1 No preemption victims found for incoming pod, 2 Preemption is not helpful for scheduling.";

  it('a local volume pinned to 1 of 3 nodes, that node full: Insufficient cpu (1 node) leads the volume conflict (2 nodes)', () => {
    const f = primary(MIXED, [pvc], claim);
    expect(f.rule).toBe('scheduling/insufficient-resources');
    // The scheduler's own words stay in the evidence, so a person can search for them.
    expect(f.evidence.map((e) => e.text).join('\n')).toContain('1 Insufficient cpu, 2 node(s) had volume node affinity conflict');
  });

  it('near miss: the volume conflict on every node: it is the cause', () => {
    const f = primary("0/3 nodes are available: 3 node(s) had volume node affinity conflict. preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling.", [pvc], claim);
    expect(f.rule).toBe('scheduling/volume-node-affinity');
  });

  it('two fixable reasons (scaling, labels): the counts decide', () => {
    const f = primary("0/5 nodes are available: 1 Too many pods, 4 node(s) had untolerated taint {dedicated: infra}. preemption: 0/5 nodes are available: 5 Preemption is not helpful for scheduling.");
    expect(f.rule).toBe('scheduling/untolerated-taint');
  });
});
