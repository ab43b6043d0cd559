// What fails the gate before its timeout (engine/gate.ts doomVerdict) and what waits, one row per case of
// the fail-fast table in the README; and the targets as the controllers mean them.
import { describe, expect, it } from 'vitest';
import { Engine } from '../../src/engine/diagnose.js';
import type { Diagnosis } from '../../src/engine/diagnosis.js';
import { doomVerdict, evaluateGate, selectorTargets } from '../../src/engine/gate.js';
import { parseLabelSelector } from '../../src/engine/label-selector.js';
import type { PodFacts } from '../../src/model/facts.js';
import type { FailureClass } from '../../src/rules/types.js';
import { snapshotFromObjects } from '../../src/sources/dump.js';
import { at, conditions, containerStatus, node, obj, pod, T0 } from '../harness/builders.js';

const diagnosis = (rule: string, stage: string, failureClass: FailureClass): Diagnosis =>
  ({ status: 'failing', stage, summary: rule, findings: [{ rule, stage, severity: 'error', failureClass, confidence: 'high', title: '', message: '', evidence: [], remediation: [] }], pod: { name: 'p' } }) as unknown as Diagnosis;
const facts = (patch: Partial<PodFacts> & { restarts?: number } = {}): PodFacts =>
  ({ phase: 'Pending', owner: {}, createdAt: T0 - 600_000, containers: [{ restartCount: patch.restarts ?? 0 }], ...patch }) as unknown as PodFacts;
const ctx = { workloadKind: 'Deployment', now: T0, maxRestarts: 3, graceMs: 60_000 };

describe('doomVerdict: the fail-fast table', () => {
  const rows: Array<[string, Diagnosis, PodFacts | undefined, Partial<typeof ctx>, boolean]> = [
    ['an image that does not exist (deterministic) fails', diagnosis('image/not-found', 'image', 'deterministic'), facts(), {}, true],
    ['a selector no node matches (deterministic) fails', diagnosis('scheduling/node-selector-mismatch', 'scheduling', 'deterministic'), facts(), {}, true],
    ['a transient FailedScheduling waits', diagnosis('scheduling/insufficient-resources', 'scheduling', 'transient'), facts(), {}, false],
    ['a first FailedMount (transient) waits', diagnosis('volume/mount-failed', 'volume', 'transient'), facts(), {}, false],
    ['a registry timeout waits', diagnosis('image/registry-unreachable', 'image', 'transient'), facts(), {}, false],
    ['a crash loop below --max-restarts waits', diagnosis('container/crash-loop', 'container', 'repeated'), facts({ restarts: 2 }), {}, false],
    ['a crash loop at --max-restarts fails', diagnosis('container/crash-loop', 'container', 'repeated'), facts({ restarts: 3 }), {}, true],
    ['an OOM loop past --max-restarts fails', diagnosis('container/oom-killed', 'container', 'repeated'), facts({ restarts: 5 }), {}, true],
    ['a missing ConfigMap on a Pod younger than --grace waits', diagnosis('volume/missing-configmap-or-secret', 'volume', 'deterministic'), facts({ createdAt: T0 - 5_000 }), {}, false],
    ['a missing ConfigMap still missing after --grace fails', diagnosis('volume/missing-configmap-or-secret', 'volume', 'deterministic'), facts({ createdAt: T0 - 61_000 }), {}, true],
    ['a missing Secret key on a young Pod waits', diagnosis('kubelet/create-container-config-error', 'kubelet', 'deterministic'), facts({ createdAt: T0 - 1_000 }), {}, false],
    ['not Ready for longer than --grace (slow warm-up) waits', diagnosis('readiness/not-ready-long', 'readiness', 'transient'), facts({ phase: 'Running' }), {}, false],
    ['a failing readiness probe waits, even when classed deterministic', diagnosis('readiness/probe-failing', 'readiness', 'deterministic'), facts({ phase: 'Running' }), {}, false],
    ['a Job Pod that failed within backoffLimit waits', diagnosis('container/exit-error', 'container', 'repeated'), facts({ phase: 'Failed' }), { workloadKind: 'Job' }, false],
    ['a Job Pod in a restart loop (OnFailure) waits for the Job', diagnosis('container/crash-loop', 'container', 'repeated'), facts({ restarts: 9 }), { workloadKind: 'Job' }, false],
    ['a Job Pod whose image does not exist fails', diagnosis('image/not-found', 'image', 'deterministic'), facts(), { workloadKind: 'Job' }, true],
    ['a workload rejected by quota fails', diagnosis('admission/quota-exceeded', 'admission', 'deterministic'), undefined, {}, true],
    ['a workload FailedCreate that may clear waits', diagnosis('admission/failed-create', 'admission', 'transient'), undefined, {}, false],
  ];
  for (const [name, d, f, extra, doomed] of rows) {
    it(name, () => expect(doomVerdict(d, f, { ...ctx, ...extra }).doomed).toBe(doomed));
  }

  it('a missing object within --grace asks to be re-checked when the grace ends (a timer, not a request)', () => {
    const v = doomVerdict(diagnosis('volume/missing-configmap-or-secret', 'volume', 'deterministic'), facts({ createdAt: T0 - 5_000 }), ctx);
    expect(v.recheckAt).toBe(T0 - 5_000 + 60_000);
  });

  it('a healthy or progressing diagnosis never fails', () => {
    expect(doomVerdict({ ...diagnosis('image/not-found', 'image', 'deterministic'), status: 'progressing' }, facts(), ctx).doomed).toBe(false);
  });
});

const JOB_UID = 'job-uid-current';
function jobObject(status: Record<string, unknown>, spec: Record<string, unknown> = {}) {
  return obj('Job', 'migrate', { apiVersion: 'batch/v1', metadata: { uid: JOB_UID, labels: { 'job-name': 'migrate' } }, spec: { completions: 1, backoffLimit: 4, ...spec }, status }, 'batch/v1');
}
function jobPod(name: string, uid: string, status: Record<string, unknown>) {
  return pod({ metadata: { name, labels: { 'job-name': 'migrate' }, ownerReferences: [{ apiVersion: 'batch/v1', kind: 'Job', name: 'migrate', uid, controller: true }] }, spec: { restartPolicy: 'Never' }, status });
}
const failedPod = { phase: 'Failed', conditions: conditions({ sandbox: true }), containerStatuses: [containerStatus({ terminated: { exitCode: 1, reason: 'Error', startedAt: at(-60), finishedAt: at(-55) } })] };
const donePod = { phase: 'Succeeded', conditions: conditions({ sandbox: true }), containerStatuses: [containerStatus({ terminated: { exitCode: 0, reason: 'Completed', startedAt: at(-30), finishedAt: at(-20) } })] };
const gateJob = (objects: unknown[]) => evaluateGate(new Engine(snapshotFromObjects(objects), { now: T0 }), [{ kind: 'Job', name: 'migrate' }], 'shop', { maxRestarts: 3 })[0]!;

describe('evaluateGate: controllers decide', () => {
  it('a Job whose first Pod failed waits while the Job retries within backoffLimit', () => {
    const r = gateJob([jobObject({ active: 1, failed: 1 }), jobPod('migrate-1', JOB_UID, failedPod), node()]);
    expect(r.state).toBe('waiting');
  });

  it('a Complete Job passes although an earlier Pod failed, and says what passed', () => {
    const r = gateJob([jobObject({ succeeded: 1, failed: 1, conditions: [{ type: 'Complete', status: 'True' }] }), jobPod('migrate-1', JOB_UID, failedPod), jobPod('migrate-2', JOB_UID, donePod), node()]);
    expect(r.state).toBe('passed');
    expect(r.progress).toBe('succeeded (1/1 completions)');
  });

  it('a Job past its backoffLimit fails with the controller\'s reason', () => {
    const r = gateJob([jobObject({ failed: 2, conditions: [{ type: 'Failed', status: 'True', reason: 'BackoffLimitExceeded', message: 'Job has reached the specified backoff limit' }] }), jobPod('migrate-1', JOB_UID, failedPod), node()]);
    expect(r.state).toBe('failed');
    expect(r.reason).toMatch(/BackoffLimitExceeded|backoff limit/);
    expect(r.failedPod).toBe('migrate-1');
  });

  it('Pods of an earlier Job of the same name (another uid) are not the Job\'s', () => {
    const r = gateJob([jobObject({ active: 1 }), jobPod('migrate-old', 'job-uid-old', { ...failedPod, containerStatuses: [containerStatus({ waiting: { reason: 'ErrImagePull', message: 'not found' } })], phase: 'Pending' }), node()]);
    expect(r.state).toBe('waiting');
    expect(r.diagnoses.filter((d) => d.pod)).toHaveLength(0);
  });

  it('a Deployment past progressDeadlineSeconds fails with the way back', () => {
    const d = obj('Deployment', 'api', { apiVersion: 'apps/v1', metadata: { generation: 2 }, spec: { replicas: 1, selector: { matchLabels: { app: 'api' } } }, status: { observedGeneration: 2, replicas: 2, updatedReplicas: 1, conditions: [{ type: 'Progressing', status: 'False', reason: 'ProgressDeadlineExceeded', message: 'ReplicaSet "api-new" has timed out progressing.' }] } }, 'apps/v1');
    const rs = (name: string, revision: string, image: string) => obj('ReplicaSet', name, { apiVersion: 'apps/v1', metadata: { annotations: { 'deployment.kubernetes.io/revision': revision }, ownerReferences: [{ apiVersion: 'apps/v1', kind: 'Deployment', name: 'api', controller: true }] }, spec: { template: { spec: { containers: [{ name: 'app', image }] } } } }, 'apps/v1');
    const engine = new Engine(snapshotFromObjects([d, rs('api-old', '1', 'shop/api:1.3'), rs('api-new', '2', 'shop/api:1.4'), node()]), { now: T0 });
    const r = evaluateGate(engine, [{ kind: 'Deployment', name: 'api' }], 'shop', { maxRestarts: 3 })[0]!;
    expect(r.state).toBe('failed');
    expect(r.reason).toMatch(/ProgressDeadlineExceeded|progress/i);
    // The way back names the revision it goes to; what changed leads the diagnoses.
    expect(r.rollback).toEqual({ command: 'kubectl rollout undo deploy/api --to-revision=1 -n shop', previousImages: ['shop/api:1.3'], previousRevision: '1' });
    expect(r.change?.fields).toMatchObject([{ field: 'containers[app].image', from: 'shop/api:1.3', to: 'shop/api:1.4' }]);
    expect(r.diagnoses[0]?.change).toBe(r.change);
  });

  it('Pods are not judged before the controller has observed the new generation (they are the old revision\'s)', () => {
    const d = obj('Deployment', 'api', { apiVersion: 'apps/v1', metadata: { generation: 3 }, spec: { replicas: 1, selector: { matchLabels: { app: 'api' } } }, status: { observedGeneration: 2, replicas: 1, updatedReplicas: 1 } }, 'apps/v1');
    const rs = obj('ReplicaSet', 'api-2', { apiVersion: 'apps/v1', metadata: { annotations: { 'deployment.kubernetes.io/revision': '2' }, ownerReferences: [{ apiVersion: 'apps/v1', kind: 'Deployment', name: 'api', controller: true }] } }, 'apps/v1');
    const crashing = pod({ metadata: { name: 'api-2-x', ownerReferences: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'api-2', controller: true }] }, status: { phase: 'Pending', conditions: conditions({ sandbox: true }), containerStatuses: [containerStatus({ waiting: { reason: 'ErrImagePull', message: 'rpc error: code = NotFound desc = failed to pull and unpack image "x": not found' } })] } });
    const r = evaluateGate(new Engine(snapshotFromObjects([d, rs, crashing, node()]), { now: T0 }), [{ kind: 'Deployment', name: 'api' }], 'shop', { maxRestarts: 3 })[0]!;
    expect(r.state).toBe('waiting');
  });

  it('a StatefulSet counts only Pods of its updateRevision, a DaemonSet only Pods of its current generation', () => {
    const badImage = { phase: 'Pending', conditions: conditions({ sandbox: true }), containerStatuses: [containerStatus({ waiting: { reason: 'ErrImagePull', message: 'rpc error: code = NotFound desc = failed to pull and unpack image "x": not found' } })] };
    const owned = (name: string, kind: string, owner: string, labels: Record<string, string>, status: Record<string, unknown>) => pod({ metadata: { name, labels, ownerReferences: [{ apiVersion: 'apps/v1', kind, name: owner, controller: true }] }, status });
    const sts = obj('StatefulSet', 'db', { apiVersion: 'apps/v1', metadata: { generation: 2 }, spec: { replicas: 2 }, status: { observedGeneration: 2, replicas: 2, readyReplicas: 1, updatedReplicas: 1, currentRevision: 'db-1', updateRevision: 'db-2' } }, 'apps/v1');
    const ds = obj('DaemonSet', 'agent', { apiVersion: 'apps/v1', metadata: { generation: 5 }, status: { observedGeneration: 5, desiredNumberScheduled: 1, updatedNumberScheduled: 0, numberAvailable: 0 } }, 'apps/v1');
    const judge = (objects: unknown[], kind: 'StatefulSet' | 'DaemonSet', name: string) => evaluateGate(new Engine(snapshotFromObjects([...objects, node()]), { now: T0 }), [{ kind, name }], 'shop', { maxRestarts: 3 })[0]!;
    // The old revision's Pod fails; the new one is merely progressing: wait.
    expect(judge([sts, owned('db-0', 'StatefulSet', 'db', { 'controller-revision-hash': 'db-1' }, badImage), owned('db-1', 'StatefulSet', 'db', { 'controller-revision-hash': 'db-2' }, { phase: 'Pending' })], 'StatefulSet', 'db').state).toBe('waiting');
    expect(judge([sts, owned('db-1', 'StatefulSet', 'db', { 'controller-revision-hash': 'db-2' }, badImage)], 'StatefulSet', 'db').state).toBe('failed');
    expect(judge([ds, owned('agent-a', 'DaemonSet', 'agent', { 'pod-template-generation': '4' }, badImage)], 'DaemonSet', 'agent').state).toBe('waiting');
    expect(judge([ds, owned('agent-b', 'DaemonSet', 'agent', { 'pod-template-generation': '5' }, badImage)], 'DaemonSet', 'agent').state).toBe('failed');
  });

  it('-l gates each matching Pod\'s workload (so only its current revision), and bare Pods by name', () => {
    const engine = new Engine(snapshotFromObjects([jobObject({}), jobPod('migrate-1', JOB_UID, failedPod), pod({ metadata: { name: 'bare', labels: { 'job-name': 'migrate' } } }), pod({ metadata: { name: 'other', labels: { app: 'x' } } }), node()]), { now: T0 });
    expect(selectorTargets(engine, parseLabelSelector('job-name in (migrate)'), [], 'shop')).toEqual([{ kind: 'Job', name: 'migrate' }, { kind: 'Pod', name: 'bare' }]);
    expect(selectorTargets(engine, parseLabelSelector('!job-name'), [], 'shop')).toEqual([{ kind: 'Pod', name: 'other' }]);
  });
});
