import type { Volume } from '../../model/k8s.js';
import { eventEvidence } from '../helpers/events.js';
import { finding } from '../helpers/finding.js';
import { currentMountFailures, latestPer, objectKeys, podVolume, type MountFailure } from '../helpers/mount-errors.js';
import type { ClusterView, Evidence, PodRule } from '../types.js';

const KINDS = new Set(['missing-configmap', 'missing-secret', 'missing-configmap-key', 'missing-secret-key']);

/** True when the volume marks this ConfigMap/Secret optional (then a missing object is not an error). */
function optional(volume: Volume | undefined, kind: 'ConfigMap' | 'Secret', name: string): boolean {
  if (!volume) return false;
  if (kind === 'ConfigMap' && volume.configMap?.name === name) return volume.configMap.optional === true;
  if (kind === 'Secret' && volume.secret?.secretName === name) return volume.secret.optional === true;
  const sources = (volume.projected as { sources?: Array<Record<string, { name?: string; optional?: boolean }>> } | undefined)?.sources ?? [];
  const key = kind === 'ConfigMap' ? 'configMap' : 'secret';
  return sources.some((s) => s?.[key]?.name === name && s[key]?.optional === true);
}

function objectName(volume: Volume | undefined, kind: 'ConfigMap' | 'Secret'): string | undefined {
  return kind === 'ConfigMap' ? volume?.configMap?.name : volume?.secret?.secretName;
}

const rule: PodRule = {
  id: 'volume/missing-configmap-or-secret',
  scope: 'pod',
  stage: 'volume',
  severity: 'error',
  failureClass: 'deterministic',
  title: 'A ConfigMap or Secret volume refers to an object or key that does not exist',
  docs: {
    description:
      'The kubelet cannot set up a configMap / secret (or projected) volume because the object is not in the namespace (`MountVolume.SetUp failed for volume "<v>" : configmap "<name>" not found`) or an `items[].key` is missing from it (`configmap references non-existent config key: <key>`). The Pod stays in ContainerCreating until the object or key appears.',
    causes: [
      'the ConfigMap / Secret was never created, is in another namespace, or its name is misspelled',
      'it is created later by another tool (Helm hook, operator, external-secrets) that has not run or failed',
      'the volume lists items[].key values the object does not have',
    ],
    fix: [
      'kubectl get configmap,secret -n NS',
      'Create the object (kubectl create configmap|secret …) or fix the name / key in the Pod template',
      'Mark the volume optional: true if the Pod can run without it',
    ],
    links: ['https://kubernetes.io/docs/concepts/storage/volumes/#configmap', 'https://kubernetes.io/docs/concepts/storage/volumes/#secret'],
  },
  triggers: { awaitingSandbox: true },
  match({ pod, cluster, now }) {
    const all = currentMountFailures(pod, now);
    if (all.length === 0) return [];
    const failures = all.filter((f) => KINDS.has(f.kind));
    if (failures.length === 0) return [];
    return latestPer(failures, (f) => `${f.volume}\u0000${f.kind}\u0000${f.subject ?? ''}`).flatMap((f) => check(pod.namespace, pod.name, f, cluster, now, podVolume(pod, f.volume).volume));
  },
};

function check(ns: string, podName: string, f: MountFailure, cluster: ClusterView, now: number, volume: Volume | undefined) {
  const kind = f.kind === 'missing-configmap' || f.kind === 'missing-configmap-key' ? 'ConfigMap' : 'Secret';
  const keyMissing = f.kind.endsWith('-key');
  const name = keyMissing ? objectName(volume, kind) : f.subject;
  if (name && optional(volume, kind, name)) return [];
  const evidence: Evidence[] = [eventEvidence(f.event, now)];
  const lower = kind.toLowerCase();
  const obj = name && cluster.saw(kind) ? cluster.get(kind, ns, name) : undefined;
  const keys = obj ? objectKeys(obj) : undefined;
  if (obj && keys) evidence.push({ source: lower, text: `${lower}/${name} exists now with keys: ${keys.join(', ') || '(none)'}` });
  else if (obj) evidence.push({ source: lower, text: `${lower}/${name} exists now (keys not read: metadata only)` });

  if (!keyMissing) {
    if (obj) {
      return [
        finding(rule, {
          severity: 'warning',
          confidence: 'medium',
          message: `Volume "${f.volume}" could not be mounted because ${kind} "${name}" was missing; it exists now, so the kubelet's next retry should mount it.`,
          evidence,
          remediation: [`Watch the Pod: kubectl get pod ${podName} -n ${ns} -w`, `If it stays in ContainerCreating: kubectl delete pod ${podName} -n ${ns}`],
        }),
      ];
    }
    const create = kind === 'ConfigMap' ? `kubectl create configmap ${name} -n ${ns} --from-file=<path>` : `kubectl create secret generic ${name} -n ${ns} --from-literal=KEY=VALUE`;
    return [
      finding(rule, {
        message: `Volume "${f.volume}" cannot be mounted: ${kind} "${name}" does not exist in namespace ${ns}, so the Pod stays in ContainerCreating.`,
        evidence,
        remediation: [
          `kubectl get ${lower} -n ${ns}   (misspelled, or in another namespace?)`,
          `Create it: ${create}`,
          `Or fix the name in the Pod template's volume "${f.volume}", or mark it optional: true if the Pod can run without it.`,
        ],
      }),
    ];
  }

  const key = f.subject ?? '';
  if (keys?.includes(key)) {
    return [
      finding(rule, {
        severity: 'warning',
        confidence: 'medium',
        message: `Volume "${f.volume}" could not be mounted because ${kind} "${name}" lacked key "${key}"; the key exists now, so the next retry should succeed.`,
        evidence,
        remediation: [`Watch the Pod: kubectl get pod ${podName} -n ${ns} -w`],
      }),
    ];
  }
  const present = keys ? ` ${kind} "${name}" has keys: ${keys.join(', ') || '(none)'}.` : obj ? ` ${kind} "${name}" exists; its keys are unknown to kdiag (Secrets are read as metadata only).` : '';
  return [
    finding(rule, {
      message: `Volume "${f.volume}" cannot be mounted: its items[] ask for key "${key}", which ${kind}${name ? ` "${name}"` : ''} does not have.${present}`,
      evidence,
      remediation: [
        name ? `Add the key: kubectl edit ${lower} ${name} -n ${ns}` : `Add the key to the ${kind}.`,
        `Or fix items[].key of volume "${f.volume}" in the Pod template.`,
      ],
    }),
  ];
}

export default rule;
