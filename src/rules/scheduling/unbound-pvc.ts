import { enRules } from '../messages/en.js';
import type { ClaimFacts, PodFacts } from '../../model/facts.js';
import { eventEvidence, latestEvent } from '../helpers/events.js';
import { fieldEvidence } from '../helpers/evidence.js';
import { finding } from '../helpers/finding.js';
import { copyEvidence } from '../helpers/memo.js';
import { confidenceFor, reasonsIn, schedulingFailure, schedulingSeverity, schedulingTail, type ReasonCategory } from '../helpers/scheduler-message.js';
import type { ClusterView, Evidence, PodRule } from '../types.js';

const CATEGORIES: ReasonCategory[] = ['pvc-unbound', 'volume-binding', 'volume-capacity', 'volume-lost', 'pvc-deleting', 'pvc-ephemeral-pending'];

interface ClaimProblem {
  text: string;
  /** The claim cannot bind without someone acting (missing class, no default class, Lost). */
  certain: boolean;
  evidence: Evidence[];
  remediation: string[];
}

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** Why one claim is not bound, read from the PVC, its StorageClass and its events (k8s-messages.md §7.3). */
function claimProblem(claim: ClaimFacts, pod: PodFacts, cluster: ClusterView, now: number, wffc: boolean): ClaimProblem | undefined {
  const ns = pod.namespace;
  const name = claim.claimName;
  const describe = `kubectl describe pvc ${name} -n ${ns}`;
  const pvc = claim.pvc;
  if (!pvc) {
    if (cluster.saw('PersistentVolumeClaim')) return { text: `PersistentVolumeClaim "${name}" does not exist`, certain: true, evidence: [], remediation: [`Create the PersistentVolumeClaim "${name}" in namespace ${ns}, or fix the claimName of volume "${claim.volume}".`] };
    return { text: `PersistentVolumeClaim "${name}" is not in the input, so its state is unknown`, certain: false, evidence: [], remediation: [`Look at the claim: ${describe}`] };
  }
  const phase = str(pvc.status?.phase) ?? 'Pending';
  const evidence: Evidence[] = [fieldEvidence('pvc', `pvc/${name}.status.phase`, phase)];
  const ev = (reason: string) => latestEvent(claim.events, reason);
  const quote = (e: ReturnType<typeof ev>): void => void (e && evidence.push({ ...eventEvidence(e, now), source: 'pvc' }));
  if (phase === 'Bound') return undefined;
  const className = pvc.spec?.storageClassName;
  const sc = claim.storageClass;
  if (className !== undefined) evidence.push(fieldEvidence('pvc', `pvc/${name}.spec.storageClassName`, className));
  if (phase === 'Lost') {
    return {
      text: `PersistentVolumeClaim "${name}" is Lost: its PersistentVolume "${str(pvc.spec?.volumeName) ?? ''}" no longer exists`,
      certain: true,
      evidence,
      remediation: [`Restore the PersistentVolume "${str(pvc.spec?.volumeName) ?? ''}" if its disk still exists, or delete and recreate the claim (its data is gone): ${describe}`],
    };
  }
  if (pvc.metadata?.deletionTimestamp) {
    return { text: `PersistentVolumeClaim "${name}" is being deleted`, certain: true, evidence, remediation: [`Recreate the claim once it is gone, or stop deleting it: kubectl get pvc ${name} -n ${ns} -o jsonpath='{.metadata.finalizers}'`] };
  }
  const failed = ev('ProvisioningFailed');
  const missingClass = /storageclass\.storage\.k8s\.io "([^"]+)" not found/.exec(failed?.message ?? '')?.[1] ?? (typeof className === 'string' && className !== '' && !sc && cluster.saw('StorageClass') ? className : undefined);
  if (missingClass) {
    quote(failed);
    return {
      text: `its StorageClass "${missingClass}" does not exist`,
      certain: true,
      evidence,
      remediation: [`List the classes: kubectl get storageclass`, `Recreate the claim with an existing storageClassName (the field is immutable), or create the StorageClass "${missingClass}".`],
    };
  }
  const provisioner = str(sc?.provisioner) ?? '';
  if (failed) {
    quote(failed);
    return {
      text: `provisioning a volume failed: ${failed.message}`,
      certain: false,
      evidence,
      remediation: [describe, `Check the provisioner${provisioner ? ` "${provisioner}"` : ''}: its controller Pod's logs usually say why (kubectl get pods -A | grep -i csi).`],
    };
  }
  const binding = ev('FailedBinding');
  const mismatch = ev('VolumeMismatch');
  if (mismatch) {
    quote(mismatch);
    return { text: `it cannot bind to the volume it asks for: ${mismatch.message}`, certain: true, evidence, remediation: [describe, `Fix spec.volumeName or the PersistentVolume so size, access modes, volume mode and class agree.`] };
  }
  if (className === '') {
    quote(binding);
    return {
      text: `it sets storageClassName "" (only pre-created PersistentVolumes can bind) and no PersistentVolume matches it`,
      certain: binding !== undefined,
      evidence,
      remediation: [`Create a PersistentVolume that matches the claim's size and access modes, or set a StorageClass that provisions volumes (recreate the claim).`, describe],
    };
  }
  if (binding && /no storage class is set/.test(binding.message)) {
    quote(binding);
    return {
      text: `it names no StorageClass and the cluster has no default StorageClass to provision one`,
      certain: true,
      evidence,
      remediation: [
        describe,
        'List the classes: kubectl get storageclass',
        `Mark one class as default: kubectl patch storageclass NAME -p '{"metadata":{"annotations":{"storageclass.kubernetes.io/is-default-class":"true"}}}' (then recreate the claim), or create a matching PersistentVolume by hand.`,
      ],
    };
  }
  const external = ev('ExternalProvisioning');
  if (external && !ev('Provisioning')) {
    quote(external);
    return {
      text: `it waits for the external provisioner${provisioner ? ` "${provisioner}"` : ''}, which has not started provisioning (is its CSI controller running?)`,
      certain: false,
      evidence,
      remediation: [`Check that the CSI driver's controller (external-provisioner) runs: kubectl get pods -A | grep -i ${provisioner.split('.')[0] || 'csi'}`, `kubectl get csidrivers`, describe],
    };
  }
  if (wffc && provisioner === 'kubernetes.io/no-provisioner') {
    return {
      text: `its StorageClass "${str(className) ?? ''}" does not provision volumes and no available PersistentVolume matches the claim on a node the Pod can use`,
      certain: false,
      evidence,
      remediation: [`List the available local PersistentVolumes and their nodes: kubectl get pv -o wide`, `Create a PersistentVolume for the claim on a node the Pod can run on.`],
    };
  }
  quote(binding ?? ev('WaitForFirstConsumer') ?? ev('Provisioning'));
  return { text: `PersistentVolumeClaim "${name}" is ${phase}${className ? ` (StorageClass "${className}")` : ''}`, certain: false, evidence, remediation: [describe] };
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
      .map((c) => ({ claim: c, problem: claimProblem(c, pod, cluster, now, wffc) }))
      .filter((p): p is { claim: ClaimFacts; problem: ClaimProblem } => p.problem !== undefined);
    const evidence: Evidence[] = [...copyEvidence(f.evidence), ...problems.flatMap((p) => p.problem.evidence)];
    let what: string;
    if (mine.some((r) => r.category === 'pvc-ephemeral-pending')) what = `the ephemeral volume controller has not created PersistentVolumeClaim "${named[0] ?? ''}" yet`;
    else if (mine.some((r) => r.category === 'volume-capacity')) what = 'the storage driver reports too little free capacity for its claims on the nodes';
    else if (problems.length > 0) what = problems.map((p) => (p.problem.text.startsWith('PersistentVolumeClaim') ? p.problem.text : `PersistentVolumeClaim "${p.claim.claimName}": ${p.problem.text}`)).join('; ');
    else if (pod.claims.length > 0) what = `its PersistentVolumeClaims (${pod.claims.map((c) => `"${c.claimName}"`).join(', ')}) are not bound yet`;
    else what = 'its PersistentVolumeClaims are not bound';
    const certain = problems.length > 0 && problems.some((p) => p.problem.certain);
    const sev = schedulingSeverity(pod, f, now, options, cluster.nodes, (r) => (mine.includes(r) ? certain : undefined));
    const tailText = schedulingTail(f, sev, enRules);
    const remediation = problems.flatMap((p) => p.problem.remediation);
    if (remediation.length === 0) remediation.push(`Read the claims' events: kubectl describe pvc -n ${pod.namespace} ${pod.claims.map((c) => c.claimName).join(' ')}`.trim(), 'List the StorageClasses: kubectl get storageclass');
    return [
      finding(rule, {
        message: `Pod cannot be scheduled until its volumes can bind: ${what}.${tailText}`,
        severity: sev.severity,
        failureClass: sev.failureClass,
        confidence: confidenceFor(pod, f, mine, cluster.nodes),
        evidence,
        remediation: [...new Set(remediation)],
      }),
    ];
  },
};

export default rule;
