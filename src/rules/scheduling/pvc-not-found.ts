import { fieldEvidence } from '../helpers/evidence.js';
import { finding } from '../helpers/finding.js';
import { copyEvidence } from '../helpers/memo.js';
import { reasonsIn, schedulingFailure, schedulingSeverity, schedulingTail } from '../helpers/scheduler-message.js';
import { ruleMessages } from '../messages/index.js';
import type { Evidence, PodRule } from '../types.js';

const rule: PodRule = {
  id: 'scheduling/pvc-not-found',
  scope: 'pod',
  stage: 'scheduling',
  severity: 'error',
  failureClass: 'deterministic',
  title: 'The Pod mounts a PersistentVolumeClaim that does not exist',
  docs: {
    description: 'The scheduler\'s VolumeBinding PreFilter rejects the Pod because a volume names a PersistentVolumeClaim that is not in the namespace (`persistentvolumeclaim "x" not found`).',
    causes: [
      'the claim was never created, or was created in another namespace',
      'a typo in `spec.volumes[].persistentVolumeClaim.claimName`',
      'the claim was deleted while workloads still reference it',
      'for a StatefulSet: claims are named `<template>-<statefulset>-<ordinal>`; a Pod template volume that names the template instead of using volumeClaimTemplates',
    ],
    fix: ['List the claims: kubectl get pvc -n NAMESPACE', 'Create the claim, or correct claimName in the Pod template'],
    links: ['https://kubernetes.io/docs/concepts/storage/persistent-volumes/#persistentvolumeclaims'],
  },
  triggers: { unscheduled: true },
  match({ pod, cluster, now, options }) {
    const f = schedulingFailure(pod, now);
    if (!f) return [];
    const mine = reasonsIn(f, ['pvc-not-found']);
    if (mine.length === 0) return [];
    const name = mine[0]!.claim ?? '';
    const claim = pod.claims.find((c) => c.claimName === name);
    const evidence: Evidence[] = copyEvidence(f.evidence);
    if (claim) evidence.push(fieldEvidence('pod', `spec.volumes[name=${claim.volume}].persistentVolumeClaim.claimName`, name));
    // A claim that exists in the snapshot was created after the scheduler's last try: it will retry.
    const existsNow = claim?.pvc !== undefined;
    const sev = schedulingSeverity(pod, f, now, options, cluster.nodes, (r) => (mine.includes(r) ? !existsNow : undefined));
    const t = ruleMessages(options.lang);
    const sts = pod.owner.ref?.kind === 'StatefulSet' ? pod.owner.ref.name : undefined;
    const volume = claim ? { volume: claim.volume } : {};
    const remediation = t.pvcNotFound.fix({ claim: name, ...volume, namespace: pod.namespace, ...(sts !== undefined ? { statefulSet: sts } : {}) });
    return [
      finding(rule, {
        message: t.pvcNotFound.message({ claim: name, ...volume, namespace: pod.namespace, existsNow, tail: schedulingTail(f, sev, t, mine) }),
        severity: sev.severity,
        failureClass: sev.failureClass,
        confidence: 'high',
        evidence,
        remediation,
      }),
    ];
  },
};

export default rule;
