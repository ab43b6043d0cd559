import { eventEvidence } from '../helpers/events.js';
import { finding } from '../helpers/finding.js';
import { provisioningProblem, type ProvisioningProblem } from '../helpers/mount-errors.js';
import { withinGrace } from '../helpers/sandbox-errors.js';
import { formatAge } from '../helpers/time.js';
import type { PodRule, Severity } from '../types.js';

const rule: PodRule = {
  id: 'volume/provisioning-failed',
  scope: 'pod',
  stage: 'volume',
  severity: 'error',
  failureClass: 'transient',
  title: "A PersistentVolumeClaim's volume cannot be provisioned",
  docs: {
    description:
      'One of the Pod\'s claims is Pending because dynamic provisioning fails (ProvisioningFailed on the claim), its StorageClass does not exist, or no provisioner ever picks it up (ExternalProvisioning "Waiting for a volume to be created either by the external provisioner \'<p>\' …" with no Provisioning event: the CSI driver\'s controller is not running). WaitForFirstConsumer on a claim whose Pod is not scheduled yet is normal and not reported. For a Pod that is not scheduled yet the finding is at most a warning: the Pod is stuck at scheduling and scheduling/unbound-pvc is the primary finding; this one adds the provisioning detail.',
    causes: [
      'storageclass.storage.k8s.io "<sc>" not found: the claim names a class that does not exist',
      'the CSI driver\'s controller (external-provisioner) is not installed or not running',
      'the storage backend refuses: quota, unsupported size or parameters, wrong zone, permissions (rpc error: code = …)',
    ],
    fix: [
      'kubectl describe pvc CLAIM -n NS (events); kubectl get storageclass',
      'Check the CSI controller Pods (csi-provisioner container logs)',
      'Fix the StorageClass parameters or the claim (size, access mode) so the backend accepts it',
    ],
    links: ['https://kubernetes.io/docs/concepts/storage/dynamic-provisioning/'],
  },
  triggers: { claims: true },
  match({ pod, now, options }) {
    if (pod.deletingSince !== undefined || pod.phase === 'Succeeded' || pod.phase === 'Failed' || pod.claims.length === 0) return [];
    return pod.claims.flatMap((claim) => {
      const p = provisioningProblem(claim, now, options.graceMs, options.stuckMs);
      if (!p) return [];
      const ns = pod.namespace;
      const { message, remediation, severity } = describe(p, claim.claimName, ns, now, options.graceMs);
      // An unscheduled Pod is stuck at scheduling (scheduling/unbound-pvc tells that story); here it is detail.
      return [
        finding(rule, {
          severity: pod.nodeName ? severity : severity === 'error' ? 'warning' : severity,
          confidence: p.kind === 'no-provisioner' ? 'medium' : 'high',
          message: `${message}${pod.nodeName ? '' : ' (The Pod cannot be scheduled until the claim is bound.)'}`,
          evidence: p.events.map((e) => ({ ...eventEvidence(e, now), source: 'pvc' })),
          remediation,
        }),
      ];
    });
  },
};

function describe(p: ProvisioningProblem, claim: string, ns: string, now: number, graceMs: number): { message: string; remediation: string[]; severity: Severity } {
  const sc = p.storageClass ? `StorageClass "${p.storageClass}"` : 'its StorageClass';
  switch (p.kind) {
    case 'class-missing':
      return {
        message: `PersistentVolumeClaim "${claim}" cannot be provisioned: ${sc} does not exist.`,
        remediation: ['kubectl get storageclass', `Fix spec.storageClassName of claim "${claim}" (it cannot be edited: recreate the claim), or create the StorageClass.`],
        severity: 'error',
      };
    case 'failed':
      return {
        message: `PersistentVolumeClaim "${claim}" cannot be provisioned: ${p.error ?? 'ProvisioningFailed'}`,
        remediation: [
          `kubectl describe pvc ${claim} -n ${ns}`,
          `Check the provisioner's logs (for CSI: the csi-provisioner container of the driver's controller) and the backend's quota and parameters for ${sc}.`,
        ],
        severity: withinGrace(p.since, now, graceMs) ? 'warning' : 'error',
      };
    case 'no-provisioner':
      return {
        message: `PersistentVolumeClaim "${claim}" is waiting for provisioner "${p.provisioner ?? '?'}", which has not picked it up in ${p.since !== undefined ? formatAge(now - p.since) : 'a long time'}: that provisioner (the CSI driver's controller) is probably not running.`,
        remediation: [
          `kubectl get csidriver; kubectl get pods -A | grep -i ${(p.provisioner ?? 'csi').split('.')[0]}`,
          `Install or fix the CSI driver "${p.provisioner ?? '?'}" controller (external-provisioner), or use a StorageClass whose provisioner runs in this cluster.`,
        ],
        severity: 'error',
      };
    case 'slow':
      return {
        message: `PersistentVolumeClaim "${claim}" has been provisioning for ${p.since !== undefined ? formatAge(now - p.since) : 'a long time'} without success or error.`,
        remediation: [`kubectl describe pvc ${claim} -n ${ns}`, `Check the provisioner "${p.provisioner ?? '?'}" logs and the storage backend.`],
        severity: 'warning',
      };
  }
}

export default rule;
