// A Pod with a deletionTimestamp is going away: progressing at its teardown step until it is overdue against
// its own grace period, then failing with the cause; "Where to look" follows the step (the finalizer's
// controller once the kubelet is done, not the kubelet).
import { describe, expect, it } from 'vitest';
import { Engine } from '../../src/engine/diagnose.js';
import { snapshotFromObjects } from '../../src/sources/dump.js';
import { node, T0 } from '../harness/builders.js';
import { deleting } from '../harness/teardown.js';

type Obj = Record<string, any>;
const diagnose = (objects: Obj[]) => {
  const s = snapshotFromObjects(objects);
  return new Engine(s, { now: T0 }).diagnosePod(s.pods[0]!);
};

describe('a Pod being deleted', () => {
  it('inside its grace period: progressing at kubelet, its containers stopping, never "starting its containers"', () => {
    const d = diagnose([deleting({ deletedAgo: 10, running: true }), node()]);
    expect(d.status).toBe('progressing');
    expect(d.stage).toBe('kubelet');
    expect(d.summary).toBe('Pod is being deleted (asked 10s ago): its containers are stopping; its grace period ends in 20s.');
    expect(d.stageOwner?.components).toEqual(['kubelet', 'container-runtime']);
  });

  it('held by a finalizer a minute after the kubelet finished: progressing, the finalizer named, where to look is its controller', () => {
    const d = diagnose([deleting({ deletedAgo: 62, doneAgo: 30, finalizers: ['example.com/cleanup'] }), node()]);
    expect(d.status).toBe('progressing');
    expect(d.stage).toBe('kubelet');
    expect(d.summary).toContain('only metadata.finalizers hold it: "example.com/cleanup"');
    expect(d.stageOwner?.components).toEqual(['finalizer-controller']);
    expect(d.stageOwner?.commands).toContain('kubectl api-resources --api-group=example.com');
    expect(d.stageOwner?.commands.join('\n')).not.toContain('journalctl -u kubelet');
  });

  it('held by the Job controller\'s finalizer past the allowance: failing, where to look is the Job and kube-controller-manager', () => {
    const job = { apiVersion: 'batch/v1', kind: 'Job', name: 'report', uid: 'job-1', controller: true };
    const d = diagnose([deleting({ deletedAgo: 700, doneAgo: 600, finalizers: ['batch.kubernetes.io/job-tracking'], owner: job }), node()]);
    expect(d.status).toBe('failing');
    expect(d.findings[0]!.rule).toBe('kubelet/stuck-terminating');
    expect(d.summary).toMatch(/waiting for finalizer\(s\) "batch.kubernetes.io\/job-tracking"/);
    expect(d.stageOwner?.components).toEqual(['finalizer-controller']);
    expect(d.stageOwner?.commands).toEqual([
      "kubectl get pod api-7d9f-x2k -n shop -o jsonpath='{.metadata.finalizers}'",
      'kubectl describe job report -n shop',
      'kubectl logs -n kube-system -l component=kube-controller-manager',
    ]);
  });

  it('a Pod deleted a day ago whose containers still run: failing, stuck terminating', () => {
    const d = diagnose([deleting({ deletedAgo: 86_400, running: true }), node()]);
    expect(d.status).toBe('failing');
    expect(d.summary).toMatch(/Terminating 23h past its grace period: container "app" has not stopped/);
  });

  it('a completed Pod being deleted is progressing (going away), not healthy or starting', () => {
    const p = deleting({ deletedAgo: 5 });
    p.status.phase = 'Succeeded';
    p.status.containerStatuses[0].state.terminated = { exitCode: 0, reason: 'Completed' };
    const d = diagnose([p, node()]);
    expect(d.status).toBe('progressing');
    expect(d.summary).toMatch(/^Pod is being deleted \(asked 5s ago\): its containers have stopped; the kubelet is unmounting its volumes/);
  });
});
