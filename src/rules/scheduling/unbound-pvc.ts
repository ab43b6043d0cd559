import type { ClaimFacts, PodFacts } from '../../model/facts.js';
import { eventEvidence, latestEvent } from '../helpers/events.js';
import { fieldEvidence } from '../helpers/evidence.js';
import { finding } from '../helpers/finding.js';
import { copyEvidence } from '../helpers/memo.js';
import { confidenceFor, reasonsIn, schedulingFailure, schedulingSeverity, schedulingTail, type ReasonCategory } from '../helpers/scheduler-message.js';
import { ruleMessages } from '../messages/index.js';
import type { ClaimProblem, ClaimProblemRef, UnboundWhat } from '../messages/scheduling.js';
import type { ClusterView, Evidence, PodRule } from '../types.js';

const CATEGORIES: ReasonCategory[] = ['pvc-unbound', 'volume-binding', 'volume-capacity', 'volume-lost', 'pvc-deleting', 'pvc-ephemeral-pending'];

interface Problem {
  problem: ClaimProblem;
  /** The claim cannot bind without someone acting (missing class, no default class, Lost). */
  certain: boolean;
  evidence: Evidence[];
}

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** Why one claim is not bound, read from the PVC, its StorageClass and its events (k8s-messages.md §7.3). */
function claimProblem(claim: ClaimFacts, namespace: string, cluster: ClusterView, now: number, wffc: boolean): Problem | undefined {
  const pvc = claim.pvc;
  if (!pvc) {
    if (cluster.saw('PersistentVolumeClaim', namespace, claim.claimName)) return { problem: { kind: 'missing', volume: claim.volume }, certain: true, evidence: [] };
    return { problem: { kind: 'unknown' }, certain: false, evidence: [] };
  }
  const name = claim.claimName;
  const phase = str(pvc.status?.phase) ?? 'Pending';
  const evidence: Evidence[] = [fieldEvidence('pvc', `pvc/${name}.status.phase`, phase)];
  const ev = (reason: string) => latestEvent(claim.events, reason);
  const quote = (e: ReturnType<typeof ev>): void => void (e && evidence.push({ ...eventEvidence(e, now), source: 'pvc' }));
  if (phase === 'Bound') return undefined;
  const className = pvc.spec?.storageClassName;
  const sc = claim.storageClass;
  if (className !== undefined) evidence.push(fieldEvidence('pvc', `pvc/${name}.spec.storageClassName`, className));
  if (phase === 'Lost') return { problem: { kind: 'lost', volume: str(pvc.spec?.volumeName) ?? '' }, certain: true, evidence };
  if (pvc.metadata?.deletionTimestamp) return { problem: { kind: 'deleting' }, certain: true, evidence };
  const failed = ev('ProvisioningFailed');
  const missingClass = /storageclass\.storage\.k8s\.io "([^"]+)" not found/.exec(failed?.message ?? '')?.[1] ?? (typeof className === 'string' && className !== '' && !sc && cluster.saw('StorageClass') ? className : undefined);
  if (missingClass) {
    quote(failed);
    return { problem: { kind: 'no-class', className: missingClass }, certain: true, evidence };
  }
  const provisioner = str(sc?.provisioner) ?? '';
  if (failed) {
    quote(failed);
    return { problem: { kind: 'provisioning-failed', error: failed.message, provisioner }, certain: false, evidence };
  }
  const binding = ev('FailedBinding');
  const mismatch = ev('VolumeMismatch');
  if (mismatch) {
    quote(mismatch);
    return { problem: { kind: 'mismatch', error: mismatch.message }, certain: true, evidence };
  }
  if (className === '') {
    quote(binding);
    return { problem: { kind: 'static' }, certain: binding !== undefined, evidence };
  }
  if (binding && /no storage class is set/.test(binding.message)) {
    quote(binding);
    return { problem: { kind: 'no-default' }, certain: true, evidence };
  }
  const external = ev('ExternalProvisioning');
  if (external && !ev('Provisioning')) {
    quote(external);
    return { problem: { kind: 'external', provisioner }, certain: false, evidence };
  }
  if (wffc && provisioner === 'kubernetes.io/no-provisioner') return { problem: { kind: 'no-provisioner', className: str(className) ?? '' }, certain: false, evidence };
  quote(binding ?? ev('WaitForFirstConsumer') ?? ev('Provisioning'));
  return { problem: { kind: 'pending', phase, ...(className ? { className: `${className}` } : {}) }, certain: false, evidence };
}

const rule: PodRule = {
  id: 'scheduling/unbound-pvc',
  scope: 'pod',
  stage: 'scheduling',
  severity: 'error',
  failureClass: 'transient',
  title: 'The Pod waits for a PersistentVolumeClaim that cannot bind',
  docs: {
    description:
      'The scheduler cannot place the Pod until its PersistentVolumeClaims are bound (`pod has unbound immediate PersistentVolumeClaims`) or can be bound on some node (`node(s) didn\'t find available persistent volumes to bind` for WaitForFirstConsumer classes). The root cause is the claim: kdiag reads the PVC, its StorageClass and its events to say why.',
    causes: [
      'the claim names no StorageClass and the cluster has no default one (`FailedBinding: no persistent volumes available for this claim and no storage class is set`)',
      'the StorageClass it names does not exist (`ProvisioningFailed: storageclass.storage.k8s.io "x" not found`)',
      'the provisioner failed or is not running (`ProvisioningFailed`, or `ExternalProvisioning` repeating with no progress)',
      'a static-binding claim (`storageClassName: ""`) with no matching PersistentVolume, or a local-volume class with no free volume on a usable node',
    ],
    fix: [
      'Read the claim\'s events: kubectl describe pvc NAME -n NAMESPACE',
      'List the classes and the default one: kubectl get storageclass',
      'Fix the class (recreate the claim: storageClassName is immutable), make a class default, or create a matching PersistentVolume',
      'If provisioning fails, read the CSI controller\'s logs',
    ],
    links: ['https://kubernetes.io/docs/concepts/storage/persistent-volumes/', 'https://kubernetes.io/docs/concepts/storage/storage-classes/'],
  },
  triggers: { unscheduled: true },
  match({ pod, cluster, now, options }) {
    const f = schedulingFailure(pod, now);
    if (!f) return [];
    const mine = reasonsIn(f, CATEGORIES);
    if (mine.length === 0) return [];
    const wffc = mine.some((r) => r.category === 'volume-binding' || r.category === 'volume-capacity');
    const named = mine.map((r) => r.claim).filter((c): c is string => !!c);
    const claims = pod.claims.filter((c) => named.length === 0 || named.includes(c.claimName));
    const problems = claims
      .map((c) => ({ claim: c, found: claimProblem(c, pod.namespace, cluster, now, wffc) }))
      .filter((p): p is { claim: ClaimFacts; found: Problem } => p.found !== undefined);
    const evidence: Evidence[] = [...copyEvidence(f.evidence), ...problems.flatMap((p) => p.found.evidence)];
    const refs: ClaimProblemRef[] = problems.map((p) => ({ claim: p.claim.claimName, problem: p.found.problem }));
    let what: UnboundWhat;
    if (mine.some((r) => r.category === 'pvc-ephemeral-pending')) what = { kind: 'ephemeral', claim: named[0] ?? '' };
    else if (mine.some((r) => r.category === 'volume-capacity')) what = { kind: 'capacity' };
    else if (refs.length > 0) what = { kind: 'problems', problems: refs };
    else what = { kind: 'unbound', claims: pod.claims.map((c) => c.claimName) };
    const certain = problems.length > 0 && problems.some((p) => p.found.certain);
    const sev = schedulingSeverity(pod, f, now, options, cluster.nodes, (r) => (mine.includes(r) ? certain : undefined));
    const t = ruleMessages(options.lang);
    return [
      finding(rule, {
        message: t.unboundPvc.message({ what, tail: schedulingTail(f, sev, t, mine) }),
        severity: sev.severity,
        failureClass: sev.failureClass,
        confidence: confidenceFor(pod, f, mine, cluster.nodes),
        evidence,
        remediation: t.unboundPvc.fix({ problems: refs, namespace: pod.namespace, claims: pod.claims.map((c) => c.claimName) }),
      }),
    ];
  },
};

export default rule;
