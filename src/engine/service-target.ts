import type { Messages } from '../i18n/index.js';
import type { PodFacts, WorkloadFacts } from '../model/facts.js';
import type { Finding } from '../rules/types.js';
import type { SuppressedFinding } from './suppress.js';
import type { Diagnosis } from './diagnosis.js';
import { STAGES } from '../model/stages.js';
import { stageStates } from './diagnose.js';
import { workloadDiagnosis } from './workload-diagnosis.js';
import type { Engine } from './diagnose.js';
import { workloadVerdict } from './rollup.js';
import { withServicePath } from './traffic-verdict.js';
import type { Client } from '../traffic/path/clients.js';
import type { TrafficPath } from '../traffic/path/types.js';

const PORT_RULE = 'readiness/service-no-endpoints';
/** The traffic path's finding for a named targetPort that no container declares. */
const PORTLESS_RULE = 'traffic/target-port-undeclared';

/**
 * `pod svc/NAME` asks why the Service has no ready endpoints. With healthy Pods, a named targetPort that none
 * of the selected Pods declares is that answer: the Service has no endpoint on that port, so the Pods'
 * per-Pod warning becomes the Service's failing cause (a numeric mismatch may still listen: it stays a warning).
 */
export function serviceTargetVerdict(service: WorkloadFacts, verdict: Diagnosis, t: Messages): Diagnosis {
  if (verdict.status !== 'healthy' || service.pods.length === 0) return verdict;
  const ports = Array.isArray(service.object.spec?.ports) ? (service.object.spec.ports as Array<{ targetPort?: unknown; protocol?: string }>) : [];
  const index = ports.findIndex((p) => typeof p?.targetPort === 'string' && !/^\d+$/.test(p.targetPort) && !service.pods.some((pod) => declares(pod, p.targetPort as string, p.protocol ?? 'TCP')));
  if (index < 0) return verdict;
  const path = `services/${service.name}.spec.ports[${index}]`;
  const found = verdict.findings.find((f) => f.rule === PORT_RULE && f.evidence.some((e) => e.path === path));
  if (!found) return verdict;
  const lead: Finding = { ...found, severity: 'error', failureClass: 'deterministic' };
  const findings = [lead, ...verdict.findings.filter((f) => f !== found)];
  return workloadDiagnosis(service, { status: 'failing', stage: 'readiness', stages: stageStates(STAGES, 'failing', 'readiness'), summary: found.message, findings, notes: verdict.notes }, t);
}

/**
 * A Service's verdict, the one every view gives: `pod svc/NAME`, `pod deploy/NAME` (for each Service that serves
 * the workload), and scan's row of the Service. Its own rules, the Pods it selects, then its traffic path: a
 * broken hop, or a named targetPort that none of its Pods declares, fails it. `pods`: the diagnoses of the Pods
 * it selects when the caller already made them.
 */
export function serviceVerdict(engine: Engine, service: WorkloadFacts, pods?: readonly Diagnosis[], client?: Client): Diagnosis {
  const podDiagnoses = pods ?? service.pods.map((p) => engine.diagnoseFacts(p));
  const verdict = serviceTargetVerdict(service, workloadVerdict(service, engine.diagnoseWorkload(service), podDiagnoses, [], engine.t), engine.t);
  return withServicePath(verdict, engine.snapshot, service.object, engine.t.lang, client, (found) => engine.partitionForWorkload(found, service));
}

/** Traffic path hops whose failure leaves a Service with no ready endpoint for any client. */
const NO_ENDPOINTS_HOPS = new Set(['service', 'endpoints']);

/**
 * Whether a Service's path leaves the workloads it serves with no ready endpoint, whoever the client: it selects
 * none of their Pods, none is Ready, or its named targetPort is on no container port. This fails a rollout in
 * the gate and the workload's verdict in `pod deploy/NAME` alike; a policy or protocol problem stays the
 * Service's own finding (scan's row of the Service, `pod svc/NAME`).
 */
export function leavesNoEndpoints(path: TrafficPath): boolean {
  return (path.broken !== null && NO_ENDPOINTS_HOPS.has(path.broken)) || path.findings.some((f) => f.rule === PORTLESS_RULE);
}

/**
 * The findings by which a Service leaves its workloads with no ready endpoint, split by the run's suppressions
 * (--ignore, .kdiag.yaml, kdiag.io/ignore on the Service or its Namespace); undefined when it does not. It
 * fails them unless every blamed finding is suppressed: the gate and `pod deploy/NAME` decide with this.
 */
export function noEndpointsBlame(engine: Engine, service: WorkloadFacts, path: TrafficPath): { fails: boolean; kept: Finding[]; suppressed: SuppressedFinding[] } | undefined {
  if (!leavesNoEndpoints(path)) return undefined;
  const portless = path.findings.find((f) => f.rule === PORTLESS_RULE);
  const blamed = path.findings.filter((f) => f.severity === 'error' || f === portless);
  const { kept, suppressed } = engine.partitionForWorkload(blamed, service);
  return { fails: blamed.length === 0 || kept.length > 0, kept, suppressed };
}

function declares(pod: PodFacts, name: string, protocol: string): boolean {
  return pod.containers.some((c) => (c.kind === 'app' || c.kind === 'sidecar') && Array.isArray(c.spec.ports) && c.spec.ports.some((p) => p?.name === name && (p.protocol ?? 'TCP') === protocol));
}
