import type { ClaimFacts } from '../../model/facts.js';
import { eventEvidence, latestEvent } from '../helpers/events.js';
import { fieldEvidence } from '../helpers/evidence.js';
import { finding } from '../helpers/finding.js';
import { provisioningProblem, pvcPhase, volumesPending } from '../helpers/mount-errors.js';
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
  if (!claim.pvc) {
    if (!cluster.saw('PersistentVolumeClaim')) return [];
    return [
      finding(rule, {
        message: `Volume "${claim.volume}" uses PersistentVolumeClaim "${name}", which does not exist in namespace ${ns}.`,
        evidence: [{ source: 'pvc', text: `no PersistentVolumeClaim "${name}" in namespace ${ns}` }],
        remediation: [`kubectl get pvc -n ${ns}`, `Create the claim, or fix claimName of volume "${claim.volume}" in the Pod template.`],
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
        message: `PersistentVolumeClaim "${name}" (volume "${claim.volume}") is being deleted; the kubelet will not mount a terminating claim.`,
        evidence,
        remediation: [`Recreate the claim once the old one is gone (kubectl get pvc ${name} -n ${ns} -w), or point the Pod at another claim.`],
      }),
    ];
  }
  if (phase === 'Lost') {
    const pv = typeof pvc.spec?.volumeName === 'string' ? pvc.spec.volumeName : '';
    return [
      finding(rule, {
        message: `PersistentVolumeClaim "${name}" (volume "${claim.volume}") is Lost: the PersistentVolume${pv ? ` "${pv}"` : ''} it was bound to no longer exists.`,
        evidence,
        remediation: [pv ? `kubectl get pv ${pv}` : 'kubectl get pv', 'Restore the PersistentVolume (same name and claimRef), or delete and recreate the claim (its data is gone).'],
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
        message: `PersistentVolumeClaim "${name}" waits for its first consumer to be scheduled, but this Pod was bound to "${pod.nodeName}" without the scheduler (spec.nodeName), so binding is never triggered.`,
        evidence: [...evidence, fieldEvidence('pod', 'spec.nodeName', pod.nodeName)],
        remediation: [
          'Remove spec.nodeName and select the node with a nodeSelector (kubernetes.io/hostname) so the scheduler binds the claim.',
          `Or pre-bind the claim: create a PV for it, or set the annotation ${SELECTED_NODE}=${pod.nodeName} on the claim.`,
        ],
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
        message: `PersistentVolumeClaim "${name}" (volume "${claim.volume}") is still Pending while its volume is being provisioned; the Pod waits in ContainerCreating.`,
        evidence,
        remediation: [`kubectl describe pvc ${name} -n ${ns}`],
      }),
    ];
  }
  const sc = typeof pvc.spec?.storageClassName === 'string' ? pvc.spec.storageClassName : '';
  return [
    finding(rule, {
      message: `PersistentVolumeClaim "${name}" (volume "${claim.volume}") is Pending: ${binding ? binding.message.replace(/\.$/, '') : sc ? `no volume has been bound or provisioned for StorageClass "${sc}"` : 'no PersistentVolume matches it and it names no StorageClass'}.`,
      evidence,
      remediation: [
        `kubectl describe pvc ${name} -n ${ns}`,
        sc ? `kubectl get storageclass ${sc}   (does it exist, with a running provisioner?)` : 'Set spec.storageClassName (or mark a default StorageClass), or create a PersistentVolume that matches the claim.',
      ],
      confidence: binding ? 'high' : 'medium',
    }),
  ];
}

export default rule;
