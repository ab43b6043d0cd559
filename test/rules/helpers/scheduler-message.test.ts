import { describe, expect, it } from 'vitest';
import { classifyReason, parseSchedulerMessage, preemptionRef, type ReasonCategory } from '../../../src/rules/helpers/scheduler-message.js';
import { enScheduling } from '../../../src/rules/messages/scheduling.js';

// Real shapes from k8s-messages.md §1.2–1.4 (and §9 for version differences).
interface Row {
  name: string;
  message: string;
  total?: number;
  reasons?: Array<[number, ReasonCategory, string?]>;
  preFilter?: ReasonCategory;
  verdict?: string;
  truncated?: boolean;
  noNodes?: boolean;
  other?: boolean;
}

const rows: Row[] = [
  {
    name: '1.34+ histogram with DRA and mixed preemption',
    message:
      '0/3 nodes are available: 1 node(s) had untolerated taint(s), 2 Insufficient cpu. no new claims to deallocate, preemption: 0/3 nodes are available: 1 Preemption is not helpful for scheduling, 2 No preemption victims found for incoming pod.',
    total: 3,
    reasons: [
      [1, 'taint'],
      [2, 'insufficient-resource', 'cpu'],
    ],
    verdict: 'mixed',
  },
  {
    name: '≤1.33 taint wording names the taint',
    message: '0/4 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 3 Insufficient memory. preemption: 0/4 nodes are available: 1 Preemption is not helpful for scheduling, 3 No preemption victims found for incoming pod..',
    total: 4,
    reasons: [
      [1, 'taint'],
      [3, 'insufficient-resource', 'memory'],
    ],
    verdict: 'mixed',
  },
  {
    name: 'PreFilter: unbound immediate PVC, no histogram',
    message: '0/3 nodes are available: pod has unbound immediate PersistentVolumeClaims. preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling.',
    total: 3,
    reasons: [],
    preFilter: 'pvc-unbound',
    verdict: 'not-helpful',
  },
  {
    name: 'PreFilter: PVC not found (1.34+ with DRA text)',
    message: '0/3 nodes are available: persistentvolumeclaim "data" not found. no new claims to deallocate, preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling.',
    total: 3,
    preFilter: 'pvc-not-found',
    verdict: 'not-helpful',
  },
  { name: 'no nodes at all', message: 'no nodes available to schedule pods', noNodes: true, total: 0 },
  {
    name: 'truncated event copy drops the cut entry',
    message: '0/120 nodes are available: 1 Insufficient memory, 119 node(s) didn\'t match Pod\'s node affinity/selector, 3 node(s) had untol ...',
    total: 120,
    reasons: [
      [1, 'insufficient-resource', 'memory'],
      [119, 'node-affinity'],
    ],
    truncated: true,
  },
  {
    name: 'preemptionPolicy Never',
    message: '0/1 nodes are available: 1 Insufficient cpu. no new claims to deallocate, preemption: not eligible due to preemptionPolicy=Never.',
    total: 1,
    reasons: [[1, 'insufficient-resource', 'cpu']],
    verdict: 'not-eligible',
  },
  {
    name: 'no postfilter, plain histogram',
    message: '0/7 nodes are available: 2 Too many pods, 5 node(s) had untolerated taint(s).',
    total: 7,
    reasons: [
      [2, 'too-many-pods'],
      [5, 'taint'],
    ],
  },
  {
    name: 'several old-wording taint entries',
    message: '0/3 nodes are available: 1 node(s) had untolerated taint {key1: node1}, 1 node(s) had untolerated taint {key1: node2}, 1 node(s) were unschedulable.',
    total: 3,
    reasons: [
      [1, 'taint'],
      [1, 'taint'],
      [1, 'node-unschedulable'],
    ],
  },
  {
    name: 'PreFilter narrowing plus a real reason (DaemonSet Pod)',
    message: "0/5 nodes are available: 1 Insufficient cpu, 4 node(s) didn't satisfy plugin(s) [NodeAffinity]. no new claims to deallocate, preemption: 0/5 nodes are available: 1 No preemption victims found for incoming pod, 4 Preemption is not helpful for scheduling.",
    total: 5,
    reasons: [
      [1, 'insufficient-resource', 'cpu'],
      [4, 'prefilter-excluded'],
    ],
    verdict: 'mixed',
  },
  {
    name: 'volume wordings before and after 1.33',
    message: "0/2 nodes are available: 1 node(s) had volume node affinity conflict, 1 node(s) didn't match PersistentVolume's node affinity.",
    total: 2,
    reasons: [
      [1, 'volume-node-affinity'],
      [1, 'volume-node-affinity'],
    ],
  },
  {
    name: 'extended resource with a dotted name',
    message: '0/2 nodes are available: 2 Insufficient nvidia.com/gpu. no new claims to deallocate, preemption: 0/2 nodes are available: 2 No preemption victims found for incoming pod.',
    total: 2,
    reasons: [[2, 'insufficient-resource', 'nvidia.com/gpu']],
    verdict: 'no-victims',
  },
  { name: 'a SchedulerError is not a FitError', message: 'running PreBind plugin "VolumeBinding": binding volumes: context deadline exceeded', other: true },
];

describe('parseSchedulerMessage', () => {
  for (const row of rows) {
    it(row.name, () => {
      const p = parseSchedulerMessage(row.message);
      if (row.total !== undefined) expect(p.totalNodes).toBe(row.total);
      if (row.reasons) expect(p.reasons.map((r) => [r.count, r.category, ...(r.resource ? [r.resource] : [])])).toEqual(row.reasons);
      if (row.preFilter) expect(p.preFilter?.category).toBe(row.preFilter);
      else expect(p.preFilter).toBeUndefined();
      expect(p.preemption?.verdict).toBe(row.verdict);
      expect(p.truncated).toBe(row.truncated ?? false);
      expect(p.noNodes).toBe(row.noNodes ?? false);
      expect(p.other !== undefined).toBe(row.other ?? false);
    });
  }

  it('extracts the taint named by the ≤1.33 wording', () => {
    expect(classifyReason('node(s) had untolerated taint {dedicated: infra}').taint).toEqual({ key: 'dedicated', value: 'infra' });
    expect(classifyReason('node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }').taint).toEqual({ key: 'node-role.kubernetes.io/control-plane', value: '' });
  });

  it('extracts the claim of PreFilter PVC texts', () => {
    expect(classifyReason('persistentvolumeclaim "data" not found').claim).toBe('data');
    expect(classifyReason('persistentvolumeclaim "data" bound to non-existent persistentvolume "pv-1"')).toMatchObject({ category: 'volume-lost', claim: 'data', volume: 'pv-1' });
  });

  it('keeps RWOP wordings of both versions together', () => {
    expect(classifyReason('node has pod using PersistentVolumeClaim with the same name and ReadWriteOncePod access mode').category).toBe('volume-rwop');
    expect(classifyReason('node(s) unavailable due to PersistentVolumeClaim with ReadWriteOncePod access mode already in-use by another pod').category).toBe('volume-rwop');
  });

  it('reads the preemption verdict for the message catalogue', () => {
    const ref = preemptionRef(parseSchedulerMessage(rows[0]!.message).preemption);
    expect(ref).toEqual({ verdict: 'mixed', notHelpful: 1, noVictims: 2 });
    expect(enScheduling.schedulingTail({ clause: { kind: 'none' }, preemption: ref })).toMatch(/would not fix 1 node, and 2 nodes have no lower-priority Pods/);
    expect(preemptionRef(undefined)).toBeUndefined();
  });
});
