import { eventEvidence } from '../helpers/events.js';
import { finding } from '../helpers/finding.js';
import { provisioningProblem, type ProvisioningProblem } from '../helpers/mount-errors.js';
import { withinGrace } from '../helpers/sandbox-errors.js';
import { formatAge } from '../helpers/time.js';
import { ruleMessages } from '../messages/index.js';
import type { ProvisioningWhy } from '../messages/volume.js';
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
    const t = ruleMessages(options.lang).provisioningFailed;
    return pod.claims.flatMap((claim) => {
      const p = provisioningProblem(claim, now, options.graceMs, options.stuckMs);
      if (!p) return [];
      const { why, severity } = describe(p, now, options.graceMs);
      // An unscheduled Pod is stuck at scheduling (scheduling/unbound-pvc tells that story); here it is detail.
      return [
        finding(rule, {
          severity: pod.nodeName ? severity : severity === 'error' ? 'warning' : severity,
          confidence: p.kind === 'no-provisioner' ? 'medium' : 'high',
          message: t.message({ claim: claim.claimName, why, unscheduled: !pod.nodeName }),
          evidence: p.events.map((e) => ({ ...eventEvidence(e, now), source: 'pvc' })),
          remediation: t.fix({ claim: claim.claimName, namespace: pod.namespace, why }),
        }),
      ];
    });
  },
};

/** The problem as the catalogue words it, and how severe it is. */
function describe(p: ProvisioningProblem, now: number, graceMs: number): { why: ProvisioningWhy; severity: Severity } {
  const age = p.since !== undefined ? { age: formatAge(now - p.since) } : {};
  const provisioner = p.provisioner !== undefined ? { provisioner: p.provisioner } : {};
  switch (p.kind) {
    case 'class-missing':
      return { why: { kind: 'class-missing', ...(p.storageClass !== undefined ? { storageClass: p.storageClass } : {}) }, severity: 'error' };
    case 'failed':
      return {
        why: { kind: 'failed', ...(p.error !== undefined ? { error: p.error } : {}), ...(p.storageClass !== undefined ? { storageClass: p.storageClass } : {}) },
        severity: withinGrace(p.since, now, graceMs) ? 'warning' : 'error',
      };
    case 'no-provisioner':
      return { why: { kind: 'no-provisioner', ...provisioner, ...age }, severity: 'error' };
    case 'slow':
      return { why: { kind: 'slow', ...provisioner, ...age }, severity: 'warning' };
  }
}

export default rule;
