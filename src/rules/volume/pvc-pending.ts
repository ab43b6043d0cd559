import type { ClaimFacts } from '../../model/facts.js';
import { eventEvidence, latestEvent } from '../helpers/events.js';
import { fieldEvidence } from '../helpers/evidence.js';
import { finding } from '../helpers/finding.js';
import { provisioningProblem, pvcPhase, volumesPending } from '../helpers/mount-errors.js';
import { ruleMessages } from '../messages/index.js';
import type { Evidence, PodRule, PodRuleContext } from '../types.js';

const SELECTED_NODE = 'volume.kubernetes.io/selected-node';

function claimEvidence(claim: ClaimFacts): Evidence {
  return { source: 'pvc', path: 'status.phase', text: `persistentvolumeclaim/${claim.claimName} status.phase: ${pvcPhase(claim) || '(none)'}` };
}

const rule: PodRule = {
  id: 'volume/pvc-pending',
  scope: 'pod',
  stage: 'volume',
  severity: 'error',
  failureClass: 'transient',
  title: 'A scheduled Pod uses a PersistentVolumeClaim that is not Bound',
  docs: {
    description:
      'The Pod is already bound to a node but one of its PersistentVolumeClaims is Pending, Lost, being deleted, or missing, so the kubelet cannot mount it and the Pod stays in ContainerCreating. (For a Pod that is not scheduled yet, an unbound claim is a scheduling problem and the scheduling rules report it.) Provisioning failures are volume/provisioning-failed\'s.',
    causes: [
      'the Pod bypassed the scheduler (spec.nodeName set directly) and its StorageClass uses volumeBindingMode WaitForFirstConsumer: only the scheduler triggers binding, so the claim waits forever',
      'the claim is Lost: the PersistentVolume it was bound to was deleted',
      'the claim was deleted (it is Terminating, kept only by the pvc-protection finalizer) or never existed',
      'no PersistentVolume matches and no provisioner creates one',
    ],
    fix: [
      'kubectl get pvc -n NS; kubectl describe pvc CLAIM -n NS',
      'Let the scheduler place Pods that use WaitForFirstConsumer claims (remove spec.nodeName; use a nodeSelector)',
      'For a Lost claim: restore the PV (from backup) or delete and recreate the claim (data is gone)',
    ],
    links: ['https://kubernetes.io/docs/concepts/storage/storage-classes/#volume-binding-mode'],
  },
  triggers: { awaitingSandbox: true },
  match(ctx) {
    const { pod } = ctx;
    // Unscheduled Pods are the scheduling stage's; started Pods already have their volumes.
    if (!pod.nodeName || !volumesPending(pod)) return [];
    return pod.claims.flatMap((claim) => check(ctx, claim));
  },
};

function check({ pod, cluster, now, options }: PodRuleContext, claim: ClaimFacts) {
  const ns = pod.namespace;
  const name = claim.claimName;
  const t = ruleMessages(options.lang).pvcPending;
  if (!claim.pvc) {
    if (!cluster.saw('PersistentVolumeClaim', ns, name)) return [];
    return [
      finding(rule, {
        message: t.missing({ volume: claim.volume, claim: name, namespace: ns }),
        evidence: [{ source: 'pvc', text: `no PersistentVolumeClaim "${name}" in namespace ${ns}` }],
        remediation: t.missingFix({ volume: claim.volume, namespace: ns }),
      }),
    ];
  }
  const pvc = claim.pvc;
  const phase = pvcPhase(claim);
  const evidence: Evidence[] = [claimEvidence(claim)];
  if (pvc.metadata?.deletionTimestamp) {
    evidence.push(fieldEvidence('pvc', 'metadata.deletionTimestamp', pvc.metadata.deletionTimestamp));
    return [
      finding(rule, {
        message: t.deleting({ claim: name, volume: claim.volume }),
        evidence,
        remediation: t.deletingFix({ claim: name, namespace: ns }),
      }),
    ];
  }
  if (phase === 'Lost') {
    const pv = typeof pvc.spec?.volumeName === 'string' ? pvc.spec.volumeName : '';
    return [
      finding(rule, {
        message: t.lost({ claim: name, volume: claim.volume, ...(pv ? { pv } : {}) }),
        evidence,
        remediation: t.lostFix(pv ? { pv } : {}),
      }),
    ];
  }
  if (phase !== 'Pending') return [];
  // A failing or absent provisioner is volume/provisioning-failed's finding.
  if (provisioningProblem(claim, now, options.graceMs, options.stuckMs)) return [];
  const mode = claim.storageClass?.['volumeBindingMode'];
  const waitEvent = latestEvent(claim.events, ['WaitForFirstConsumer', 'WaitForPodScheduled']);
  const wffc = mode === 'WaitForFirstConsumer' || waitEvent !== undefined;
  const selected = pvc.metadata?.annotations?.[SELECTED_NODE];
  if (waitEvent) evidence.push(eventEvidence(waitEvent, now));
  if (wffc && !selected) {
    return [
      finding(rule, {
        message: t.noScheduler({ claim: name, node: pod.nodeName }),
        evidence: [...evidence, fieldEvidence('pod', 'spec.nodeName', pod.nodeName)],
        remediation: t.noSchedulerFix({ annotation: SELECTED_NODE, node: pod.nodeName }),
      }),
    ];
  }
  const provisioning = latestEvent(claim.events, ['Provisioning', 'ExternalProvisioning']);
  if (provisioning) evidence.push(eventEvidence(provisioning, now));
  const binding = latestEvent(claim.events, ['FailedBinding', 'VolumeMismatch']);
  if (binding) evidence.push(eventEvidence(binding, now));
  if (provisioning && !binding) {
    return [
      finding(rule, {
        severity: 'warning',
        confidence: 'medium',
        message: t.provisioning({ claim: name, volume: claim.volume }),
        evidence,
        remediation: t.provisioningFix({ claim: name, namespace: ns }),
      }),
    ];
  }
  const sc = typeof pvc.spec?.storageClassName === 'string' ? pvc.spec.storageClassName : '';
  return [
    finding(rule, {
      message: t.pending({ claim: name, volume: claim.volume, why: binding ? { kind: 'event', message: binding.message.replace(/\.$/, '') } : sc ? { kind: 'class', storageClass: sc } : { kind: 'none' } }),
      evidence,
      remediation: t.pendingFix({ claim: name, namespace: ns, ...(sc ? { storageClass: sc } : {}) }),
      confidence: binding ? 'high' : 'medium',
    }),
  ];
}

export default rule;
