// A verdict must not depend on when the analysis happens to run (#10). For each failure class, the same
// situation is judged at ages 5 s, 2 min, 30 min and 2 days: deterministic and repeated failures fail at
// every age, transient ones get the grace period (60 s) and then fail, stuck ones fail after stuckMs
// (10 min); and nothing ever flips from failing back to progressing as time passes.
import { describe, expect, it } from 'vitest';
import { Engine } from '../../src/engine/diagnose.js';
import type { Diagnosis } from '../../src/engine/diagnosis.js';
import { snapshotFromObjects } from '../../src/sources/dump.js';
import { at, conditions, containerStatus, event, IMAGE, node, pod, T0 } from '../harness/builders.js';
import { crashLooping, killing, runningPod, spec, terminated, unhealthy } from '../rules/container/crashing.js';
import { failingPull, pulling, resolveError } from '../rules/image/pulling.js';
import { tail, unschedulable } from '../rules/scheduling/pending.js';
import { neverScheduled, neverStarted, noSandbox, stillPulling } from '../rules/stuck.js';
import { deleting } from '../harness/teardown.js';
import { sidecarJobPod } from '../harness/sidecar-job.js';

type Obj = Record<string, any>;
const AGES = [5, 120, 30 * 60, 2 * 86_400] as const;
const AGE_NAMES = ['5s', '2m', '30m', '2d'];

function diagnose(objects: Obj[]): Diagnosis {
  const s = snapshotFromObjects(objects);
  return new Engine(s, { now: T0 }).diagnosePod(s.pods[0]!);
}

/** Shifts every Pod's creation to `age` seconds ago (a Pod cannot be younger than its failure). */
function created(objects: Obj[], age: number): Obj[] {
  for (const o of objects) if (o.kind === 'Pod') o.metadata.creationTimestamp = at(-Math.max(age, 1));
  return objects;
}

const PROBE = { httpGet: { path: '/healthz', port: 8080 }, periodSeconds: 10, failureThreshold: 3 };
const KILL = 'Container app failed liveness probe, will be restarted';

interface Case {
  name: string;
  failureClass: 'deterministic' | 'transient' | 'repeated' | 'stuck';
  /** The situation `age` seconds after it began. */
  build(age: number): Obj[];
  /** The status expected at each of AGES. */
  want: [string, string, string, string];
  rule?: string;
  /** Primary rule and class per age, where they change as the history ages out. */
  rules?: [string, string, string, string];
  classes?: [string, string, string, string];
}

const notFound = `rpc error: code = NotFound desc = ${resolveError(`${IMAGE}: not found`)}`;
const x509 = resolveError(`failed to do request: Head "https://127.0.0.1:5000/v2/shop/api/manifests/1.4.2": tls: failed to verify certificate: x509: certificate signed by unknown authority`);
const refused = resolveError('failed to do request: Head "https://127.0.0.1:5999/v2/shop/api/manifests/1.4.2": dial tcp 127.0.0.1:5999: connect: connection refused');

/** ErrImagePull whose kubelet event was first seen `age` ago (and last 1 s ago). */
function pullFailing(error: string, age: number): Obj[] {
  const objects = failingPull(error, -age);
  objects[1]!.lastTimestamp = at(-Math.min(age, 1));
  return created([...objects, node()], age);
}

const CASES: Case[] = [
  { name: 'image tag not found', failureClass: 'deterministic', rule: 'image/not-found', build: (age) => pullFailing(notFound, age), want: ['failing', 'failing', 'failing', 'failing'] },
  { name: 'registry certificate not trusted (x509)', failureClass: 'deterministic', rule: 'image/tls', build: (age) => pullFailing(x509, age), want: ['failing', 'failing', 'failing', 'failing'] },
  {
    name: 'nodeSelector no node matches, "Preemption is not helpful"',
    failureClass: 'deterministic',
    rule: 'scheduling/node-selector-mismatch',
    build: (age) => created([unschedulable(`0/1 nodes are available: 1 node(s) didn't match Pod's node affinity/selector.${tail(1, 1)}`, { spec: { nodeSelector: { disktype: 'ssd' } } }, at(-age)), node()], age),
    want: ['failing', 'failing', 'failing', 'failing'],
  },
  { name: 'registry unreachable (connection refused)', failureClass: 'transient', rule: 'image/registry-unreachable', build: (age) => pullFailing(refused, age), want: ['progressing', 'failing', 'failing', 'failing'] },
  {
    name: 'insufficient cpu on a full node the Pod would fit, no autoscaler',
    failureClass: 'transient',
    rule: 'scheduling/insufficient-resources',
    build: (age) =>
      created([unschedulable(`0/1 nodes are available: 1 Insufficient cpu.${tail(1, 0, 1)}`, { spec: { containers: [{ name: 'app', image: IMAGE, resources: { requests: { cpu: '2' } } }] } }, at(-age)), node()], age),
    want: ['progressing', 'failing', 'failing', 'failing'],
  },
  {
    name: 'insufficient cpu: the Pod is larger than any node',
    failureClass: 'deterministic',
    rule: 'scheduling/insufficient-resources',
    build: (age) =>
      created([unschedulable(`0/1 nodes are available: 1 Insufficient cpu.${tail(1, 0, 1)}`, { spec: { containers: [{ name: 'app', image: IMAGE, resources: { requests: { cpu: '6' } } }] } }, at(-age)), node()], age),
    want: ['failing', 'failing', 'failing', 'failing'],
  },
  {
    name: 'crash loop: the last crash `age` ago, five restarts before it',
    failureClass: 'repeated',
    rule: 'container/crash-loop',
    build: (age) => created([crashLooping(terminated(1, 'Error', -age - 3, -age), { restartCount: 5 }), node()], age + 600),
    want: ['failing', 'failing', 'failing', 'failing'],
  },
  {
    name: 'liveness kills: the 4th kill `age` ago, the Killing event frozen by the spam filter before it',
    failureClass: 'repeated',
    // The same verdict at minute 1 … 30; two days on, the kill is history and "not Ready for 2d" remains.
    rules: ['container/liveness-failed', 'container/liveness-failed', 'container/liveness-failed', 'readiness/not-ready-long'],
    classes: ['repeated', 'repeated', 'repeated', 'transient'],
    build: (age) => {
      const p = runningPod({ startedSeconds: -age, last: terminated(137, 'Error', -age - 90, -age), restartCount: 4, spec: spec({ livenessProbe: PROBE }), ready: false });
      p.status.conditions = conditions({ sandbox: true, initialized: true, ready: false, since: at(-age) }); // not Ready since the kill
      return created([p, killing(p, KILL, -age - 240, 3), unhealthy(p, 'Liveness probe failed: HTTP probe failed with statuscode: 500', -age - 400, -age - 245, 9), node()], age + 600);
    },
    want: ['failing', 'failing', 'failing', 'failing'],
  },
  {
    name: 'init container waiting for a Service that is not there',
    failureClass: 'stuck',
    rule: 'container/init-stuck',
    build: (age) =>
      created(
        [
          pod({
            spec: { initContainers: [{ name: 'wait-db', image: IMAGE, command: ['sh', '-c', 'until nslookup db; do sleep 2; done'] }] },
            status: {
              phase: 'Pending',
              podIP: '10.88.1.7',
              conditions: conditions({ sandbox: true, initialized: false }),
              initContainerStatuses: [containerStatus({ name: 'wait-db', imageID: `${IMAGE}@sha256:1`, running: { startedAt: at(-age) } })],
              containerStatuses: [containerStatus({ waiting: { reason: 'PodInitializing' } })],
            },
          }),
          node(),
        ],
        age,
      ),
    want: ['progressing', 'progressing', 'failing', 'failing'],
  },
  {
    name: 'Running and Ready on a node that stopped reporting `age` ago',
    failureClass: 'transient',
    rule: 'kubelet/node-not-ready',
    build: (age) => {
      const unknown = { type: 'Ready', status: 'Unknown', reason: 'NodeStatusUnknown', message: 'Kubelet stopped posting node status.', lastHeartbeatTime: at(-age - 40), lastTransitionTime: at(-age) };
      const n = node();
      n.status.conditions = n.status.conditions.map((c: Obj) => (c.type === 'Ready' ? unknown : c));
      return created([runningPod({ startedSeconds: -age - 600 }), n], age + 600);
    },
    want: ['progressing', 'failing', 'failing', 'failing'],
  },
];

// Stuck, not progressing: no progress at any stage for stuckMs (10 min) fails at the stage the Pod is in,
// with the most specific cause the status gives (readiness probe, gate, sidecar; the step with no event).
const READY_PROBE = { httpGet: { path: '/ready', port: 8080 }, periodSeconds: 10, failureThreshold: 3 };
function runningNotReady(age: number, opts: { sidecar?: boolean; gate?: boolean } = {}): Obj[] {
  const specPatch: Obj = opts.gate ? { readinessGates: [{ conditionType: 'example.com/lb-ready' }] } : {};
  if (opts.sidecar) specPatch.initContainers = [{ name: 'proxy', image: IMAGE, restartPolicy: 'Always', readinessProbe: { tcpSocket: { port: 15000 } } }];
  if (!opts.sidecar && !opts.gate) specPatch.containers = [{ name: 'app', image: IMAGE, readinessProbe: READY_PROBE }];
  const appReady = opts.sidecar || opts.gate;
  const conds = conditions({ sandbox: true, initialized: true, ready: false, since: at(-age) });
  if (opts.gate) for (const c of conds) if (c.type === 'ContainersReady') Object.assign(c, { status: 'True', reason: undefined });
  const p = pod({
    spec: specPatch,
    status: {
      phase: 'Running',
      podIP: '10.88.1.7',
      startTime: at(-age - 2),
      conditions: conds,
      ...(opts.sidecar ? { initContainerStatuses: [containerStatus({ name: 'proxy', imageID: `${IMAGE}@sha256:1`, running: { startedAt: at(-age - 1) }, started: true })] } : {}),
      containerStatuses: [containerStatus({ imageID: `${IMAGE}@sha256:1`, running: { startedAt: at(-age) }, started: true, ready: !!appReady })],
    },
  });
  return created([p, node()], age + 3);
}
const stuckCase = (name: string, rule: string, build: (age: number) => Obj[]): Case => ({ name, failureClass: 'stuck', rule, build, want: ['progressing', 'progressing', 'failing', 'failing'] });
CASES.push(
  stuckCase('never looked at by a scheduler (no PodScheduled, no events)', 'scheduling/not-scheduled-long', (age) => [neverScheduled(age, 'my-scheduler'), node()]),
  stuckCase('bound to a node whose kubelet never started it', 'kubelet/not-started-long', (age) => [neverStarted(age), node()]),
  stuckCase('no sandbox, no event says why', 'cni/sandbox-stuck', (age) => [noSandbox(age), node()]),
  stuckCase('volumes never mounted, no event says why', 'volume/mount-stuck', (age) => [noSandbox(age, true), node()]),
  stuckCase('an image pull that never finishes', 'image/pull-stuck', (age) => [...stillPulling(age), node()]),
  stuckCase('sandbox ready, image step with no event', 'image/pull-stuck', (age) => [...stillPulling(age, false), node()]),
  stuckCase('a readiness probe that never passed, its events expired', 'readiness/not-ready-long', (age) => runningNotReady(age)),
  stuckCase('a sidecar that never became Ready', 'readiness/not-ready-long', (age) => runningNotReady(age, { sidecar: true })),
  stuckCase('a readiness gate no controller sets', 'readiness/readiness-gates', (age) => runningNotReady(age, { gate: true })),
);

CASES.push({
  name: 'Running and Ready on a node whose Ready=True heartbeat stopped `age` ago (nothing marked it Unknown)',
  failureClass: 'transient',
  rule: 'kubelet/node-status-stale',
  build: (age) => {
    const n = node();
    n.status.conditions = n.status.conditions.map((c: Obj) => ({ ...c, lastHeartbeatTime: at(-age) }));
    return created([runningPod({ startedSeconds: -age - 600 }), n], age + 600);
  },
  // Within the kubelet's 5m status report + 50 s grace a quiet heartbeat is normal.
  want: ['healthy', 'healthy', 'failing', 'failing'],
});

// Teardown: judged against the Pod's own grace period (deletionTimestamp), never "starting its containers".
CASES.push(
  {
    name: 'deleted `age` ago (grace 30 s), a container that ignores SIGTERM',
    failureClass: 'deterministic',
    rule: 'kubelet/stuck-terminating',
    build: (age) => [deleting({ deletedAgo: age, running: true }), node()],
    want: ['progressing', 'failing', 'failing', 'failing'],
  },
  {
    name: 'deleted `age` ago, the kubelet done 2 s later, a finalizer nobody removes',
    failureClass: 'deterministic',
    rule: 'kubelet/stuck-terminating',
    build: (age) => [deleting({ deletedAgo: age, doneAgo: age - 2, finalizers: ['example.com/cleanup'] }), node()],
    want: ['progressing', 'failing', 'failing', 'failing'],
  },
);

// A Job's work done `age` ago, its istio-proxy still running: the proxy may be quitting for the grace period, then not.
CASES.push({
  name: "a Job Pod's work exited 0 `age` ago, istio-proxy keeps running",
  failureClass: 'deterministic',
  rule: 'container/sidecar-holds-completion',
  build: (age) => [sidecarJobPod({ finishedAgo: age }), node()],
  want: ['progressing', 'failing', 'failing', 'failing'],
});

const RANK: Record<string, number> = { healthy: 0, progressing: 1, failing: 2 };

// Resolved failures: a failure `age` ago, then the success of its step 2 s before the capture
// (src/model/supersession.ts). The failure's rule never returns as the failure ages, and the verdict never
// goes back from healthy or progressing to failing because of it.
const VOLUME_SPEC = { volumes: [{ name: 'data', persistentVolumeClaim: { claimName: 'data' } }] };
const BOUND = { apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name: 'data', namespace: 'shop', uid: 'pvc-uid-data', creationTimestamp: at(-3 * 86_400) }, spec: { volumeName: 'pvc-0a1b' }, status: { phase: 'Bound' } };
const ATTACH_TIMEOUT = 'AttachVolume.Attach failed for volume "pvc-0a1b" : timed out waiting for external-attacher of ebs.csi.aws.com CSI driver to attach volume vol-0abc';
function resolvedAttach(age: number, running: boolean): Obj[] {
  const p = running
    ? runningPod({ startedSeconds: -1, spec: VOLUME_SPEC, podPatch: { status: { conditions: conditions({ sandbox: true, ready: true, since: at(-1) }) } } })
    : pod({ spec: VOLUME_SPEC, status: { phase: 'Pending', conditions: conditions({ sandbox: false }), containerStatuses: [containerStatus()] } });
  return created([
    p,
    BOUND,
    node(),
    event(p, { reason: 'FailedAttachVolume', source: 'attachdetach-controller', message: ATTACH_TIMEOUT, first: at(-age), last: at(-Math.max(age - 2, 3)), count: 3 }),
    event(p, { reason: 'SuccessfulAttachVolume', type: 'Normal', source: 'attachdetach-controller', message: 'AttachVolume.Attach succeeded for volume "pvc-0a1b" ', last: at(-2) }),
  ], age);
}
function resolvedSandbox(age: number): Obj[] {
  const p = pod({ status: { phase: 'Pending', conditions: conditions({ sandbox: true, since: at(-2) }), containerStatuses: [containerStatus({ waiting: { reason: 'ContainerCreating' } })] } });
  return created([
    p,
    node(),
    event(p, { reason: 'FailedCreatePodSandBox', source: 'kubelet', message: 'Failed to create pod sandbox: rpc error: code = Unknown desc = failed to setup network for sandbox "4f1c": plugin type="bridge" name="k8s-pod-network" failed (add): failed to allocate for range 0: no IP addresses available in range set: 10.244.0.2-10.244.0.254', first: at(-age), last: at(-Math.max(age - 2, 3)), count: 4 }),
    event(p, { reason: 'Pulling', type: 'Normal', source: 'kubelet', message: `Pulling image "${IMAGE}"`, last: at(-1) }),
  ], age);
}
const RESOLVED: Array<{ name: string; gone: string; build: (age: number) => Obj[]; want?: string }> = [
  { name: 'an attach timeout `age` ago, attached 2 s before the capture, the Pod Running and Ready', gone: 'volume/attach-failed', build: (age) => resolvedAttach(age, true), want: 'healthy' },
  { name: 'an attach timeout `age` ago, attached 2 s before the capture, the Pod still creating', gone: 'volume/attach-failed', build: (age) => resolvedAttach(age, false) },
  { name: 'no IP for the sandbox `age` ago, then the image pull began', gone: 'cni/ip-exhausted', build: resolvedSandbox },
];

describe('resolved failures stay resolved as time passes', () => {
  for (const c of RESOLVED) {
    describe(c.name, () => {
      const verdicts = AGES.map((age) => diagnose(c.build(age)));
      AGES.forEach((_, i) => {
        it(`at ${AGE_NAMES[i]}: ${c.gone} is history${c.want ? `, ${c.want}` : ''}`, () => {
          const d = verdicts[i]!;
          expect(d.findings.map((f) => f.rule), d.summary).not.toContain(c.gone);
          if (c.want) expect(d.status).toBe(c.want);
        });
      });
      it('never goes from failing back to progressing as it ages', () => {
        const ranks = verdicts.map((d) => RANK[d.status]!);
        for (let i = 1; i < ranks.length; i++) expect(ranks[i], `${AGE_NAMES[i - 1]} → ${AGE_NAMES[i]}`).toBeGreaterThanOrEqual(ranks[i - 1]!);
      });
    });
  }
  it('near miss: the same attach timeout without the success is volume/attach-failed at every age', () => {
    for (const age of AGES) {
      const objects = resolvedAttach(age, false).filter((o) => o.reason !== 'SuccessfulAttachVolume');
      expect(diagnose(objects).findings.map((f) => f.rule), AGE_NAMES[AGES.indexOf(age)]).toContain('volume/attach-failed');
    }
  });
});

describe('verdicts over time', () => {
  for (const c of CASES) {
    describe(`${c.failureClass}: ${c.name}`, () => {
      const verdicts = AGES.map((age) => diagnose(c.build(age)));
      AGES.forEach((_, i) => {
        it(`at ${AGE_NAMES[i]}: ${c.want[i]}`, () => {
          const d = verdicts[i]!;
          expect(d.status, d.findings.map((f) => `${f.severity} ${f.rule}: ${f.message}`).join('\n')).toBe(c.want[i]);
          const rule = c.rules?.[i] ?? c.rule;
          const failureClass = c.classes?.[i] ?? (c.failureClass === 'stuck' ? 'transient' : c.failureClass);
          if (d.status === 'failing' && rule) expect(d.findings[0]!.rule).toBe(rule);
          if (d.status === 'failing' && rule) expect(d.stage).toBe(rule.split('/')[0]);
          // Before it is stuck, the progressing verdict already names the stage it is waiting at.
          if (d.status === 'progressing' && c.failureClass === 'stuck' && rule) expect(d.stage).toBe(rule.split('/')[0]);
          if (d.status === 'failing') expect(d.findings[0]!.failureClass).toBe(failureClass);
          // A Pod being deleted is never "starting" anything.
          if (d.status === 'progressing' && c.rule === 'kubelet/stuck-terminating') expect([d.stage, d.summary.startsWith('Pod is being deleted')]).toEqual(['kubelet', true]);
        });
      });
      it('never goes from failing back to progressing as it ages', () => {
        const ranks = verdicts.map((d) => RANK[d.status]!);
        for (let i = 1; i < ranks.length; i++) expect(ranks[i], `${AGE_NAMES[i - 1]} → ${AGE_NAMES[i]}`).toBeGreaterThanOrEqual(ranks[i - 1]!);
      });
    });
  }
});

describe('near misses', () => {
  it('a Pod 5 s into a normal pull is progressing at image, with its network proven (cni passed)', () => {
    const p = pulling({ reason: 'ContainerCreating' });
    p.status.podIP = '10.88.1.9';
    const d = diagnose(created([p, event(p, { reason: 'Pulling', type: 'Normal', message: `Pulling image "${IMAGE}"`, first: at(-5), last: at(-5), fieldPath: 'spec.containers{app}' }), node()], 6));
    expect(d.status).toBe('progressing');
    expect(d.stage).toBe('image');
    expect(Object.fromEntries(d.stages.map((s) => [s.stage, s.state]))).toMatchObject({ scheduling: 'passed', kubelet: 'passed', volume: 'passed', cni: 'passed', image: 'pending', container: 'pending' });
  });

  it('a single liveness kill over an hour ago, Ready since, is healthy', () => {
    const p = runningPod({ startedSeconds: -3700, last: terminated(137, 'Error', -3800, -3705), restartCount: 1, spec: spec({ livenessProbe: PROBE }) });
    const d = diagnose([p, killing(p, KILL, -3706), unhealthy(p, 'Liveness probe failed: HTTP probe failed with statuscode: 500', -3760, -3710), node()]);
    expect(d.status).toBe('healthy');
  });

  it('a progressing init container is named with how long it has run and what it runs', () => {
    const d = diagnose(CASES.find((c) => c.rule === 'container/init-stuck')!.build(120));
    expect(d.summary).toBe('Pod is progressing: init container "wait-db" (1 of 1) running for 2m: `sh -c "until nslookup db; do sleep 2; done"`, 2m old.');
  });

  it('a Ready Pod on a node whose Ready=True heartbeat is 10 minutes old: failing at kubelet, as last seen', () => {
    const d = diagnose(CASES.find((c) => c.name.startsWith('Running and Ready on a node whose Ready=True'))!.build(600));
    expect(d.status).toBe('failing');
    expect(d.summary).toMatch(/^Node "node-1" stopped reporting at 2026-11-30T09:50:00Z \(10m ago\).*the Pod's status are as last seen/);
    expect(d.stages.map((s) => `${s.stage}:${s.state}`)).toEqual(['scheduling:passed', 'kubelet:failed', 'volume:passed', 'cni:passed', 'image:passed', 'container:passed', 'readiness:passed']);
  });

  it('a Pod on a node that stopped reporting shows the stages its status proves as passed, kubelet failed', () => {
    const d = diagnose(CASES.find((c) => c.rule === 'kubelet/node-not-ready')!.build(300));
    expect(d.stage).toBe('kubelet');
    expect(d.stages.map((s) => `${s.stage}:${s.state}`)).toEqual(['scheduling:passed', 'kubelet:failed', 'volume:passed', 'cni:passed', 'image:passed', 'container:passed', 'readiness:passed']);
  });
});
