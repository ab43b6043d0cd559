import type { Volume } from '../../model/k8s.js';
import type { Lang } from '../../model/lang.js';
import { ruleMessages } from '../messages/index.js';
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
  match({ pod, cluster, now, options }) {
    const all = currentMountFailures(pod, now);
    if (all.length === 0) return [];
    const failures = all.filter((f) => KINDS.has(f.kind));
    if (failures.length === 0) return [];
    return latestPer(failures, (f) => `${f.volume}\u0000${f.kind}\u0000${f.subject ?? ''}`).flatMap((f) => check(pod.namespace, pod.name, f, cluster, now, podVolume(pod, f.volume).volume, options.lang));
  },
};

function check(ns: string, podName: string, f: MountFailure, cluster: ClusterView, now: number, volume: Volume | undefined, lang: Lang | undefined) {
  const kind = f.kind === 'missing-configmap' || f.kind === 'missing-configmap-key' ? 'ConfigMap' : 'Secret';
  const keyMissing = f.kind.endsWith('-key');
  const name = keyMissing ? objectName(volume, kind) : f.subject;
  if (name && optional(volume, kind, name)) return [];
  const evidence: Evidence[] = [eventEvidence(f.event, now)];
  const lower = kind.toLowerCase();
  const obj = name && cluster.saw(kind, ns, name) ? cluster.get(kind, ns, name) : undefined;
  const keys = obj ? objectKeys(obj) : undefined;
  if (obj && keys) evidence.push({ source: lower, text: `${lower}/${name} exists now with keys: ${keys.join(', ') || '(none)'}` });
  else if (obj) evidence.push({ source: lower, text: `${lower}/${name} exists now (keys not read: metadata only)` });

  const t = ruleMessages(lang).missingConfigOrSecret;
  if (!keyMissing) {
    if (obj) {
      return [
        finding(rule, {
          severity: 'warning',
          confidence: 'medium',
          message: t.gone({ volume: f.volume, kind, name: name ?? '' }),
          evidence,
          remediation: t.watchFix({ pod: podName, namespace: ns, recreate: true }),
        }),
      ];
    }
    return [
      finding(rule, {
        message: t.missing({ volume: f.volume, kind, name: name ?? '', namespace: ns }),
        evidence,
        remediation: t.missingFix({ volume: f.volume, kind, name: name ?? '', namespace: ns }),
      }),
    ];
  }

  const key = f.subject ?? '';
  if (keys?.includes(key)) {
    return [
      finding(rule, {
        severity: 'warning',
        confidence: 'medium',
        message: t.keyBack({ volume: f.volume, kind, name: name ?? '', key }),
        evidence,
        remediation: t.watchFix({ pod: podName, namespace: ns, recreate: false }),
      }),
    ];
  }
  return [
    finding(rule, {
      message: t.keyMissing({ volume: f.volume, kind, ...(name ? { name } : {}), key, ...(keys ? { keys } : {}), exists: obj !== undefined }),
      evidence,
      remediation: t.keyMissingFix({ volume: f.volume, kind, ...(name ? { name } : {}), namespace: ns }),
    }),
  ];
}

export default rule;
