import type { ContainerFacts } from '../../model/containers.js';
import type { PodFacts } from '../../model/facts.js';
import { anyWaiting } from '../helpers/containers.js';
import { eventEvidence, latestEvent } from '../helpers/events.js';
import { fieldEvidence } from '../helpers/evidence.js';
import { finding } from '../helpers/finding.js';
import { objectKeys } from '../helpers/mount-errors.js';
import { withinGrace } from '../helpers/sandbox-errors.js';
import { ruleMessages } from '../messages/index.js';
import type { ConfigReference } from '../messages/kubelet.js';
import type { ClusterView, Evidence, FailureClass, PodRule, RuleOptions, Severity } from '../types.js';

type Kind = 'ConfigMap' | 'Secret';

/** Where a container's spec refers to a ConfigMap or Secret: `env DB_URL (key url)`, `envFrom`. */
function references(c: ContainerFacts, kind: Kind, name: string, key?: string): ConfigReference[] {
  const out: ConfigReference[] = [];
  for (const e of c.spec.env ?? []) {
    const ref = kind === 'ConfigMap' ? e?.valueFrom?.configMapKeyRef : e?.valueFrom?.secretKeyRef;
    if (ref?.name === name && (key === undefined || ref.key === key) && ref.optional !== true) out.push(key === undefined ? { kind: 'env', variable: e.name ?? '?', key: ref.key ?? '?' } : { kind: 'env', variable: e.name ?? '?' });
  }
  if (key === undefined) {
    for (const f of c.spec.envFrom ?? []) {
      const ref = kind === 'ConfigMap' ? f?.configMapRef : f?.secretRef;
      if (ref?.name === name && ref.optional !== true) out.push({ kind: 'envFrom', ref: kind === 'ConfigMap' ? 'configMapRef' : 'secretRef' });
    }
  }
  return out;
}

interface Diagnosis {
  message: string;
  remediation: string[];
  severity?: Severity;
  /** Default: transient for a warning (the object exists now), else the rule's (deterministic). */
  failureClass?: FailureClass;
  confidence?: 'high' | 'medium' | 'low';
  evidence?: Evidence[];
}

/** seen: the kind was read; exists: the object is there; keys: its keys, when they could be read (not for Secrets read live). */
function lookup(cluster: ClusterView, kind: Kind, ns: string, name: string): { seen: boolean; exists?: true; keys?: string[] } {
  if (!cluster.saw(kind, ns, name)) return { seen: false };
  const obj = cluster.get(kind, ns, name);
  if (!obj) return { seen: true };
  const keys = objectKeys(obj);
  return keys ? { seen: true, exists: true, keys } : { seen: true, exists: true };
}

function diagnose(pod: PodFacts, c: ContainerFacts, text: string, cluster: ClusterView, since: number | undefined, now: number, graceMs: number, lang: RuleOptions['lang']): Diagnosis {
  const t = ruleMessages(lang).configError;
  const container = { kind: c.kind, name: c.name };
  const ns = pod.namespace;
  const at = { pod: pod.name, namespace: ns };
  let m: RegExpExecArray | null;

  if ((m = /^(configmap|secret) "([^"]+)" not found/.exec(text))) {
    const kind: Kind = m[1] === 'configmap' ? 'ConfigMap' : 'Secret';
    const name = m[2]!;
    const refs = references(c, kind, name);
    const found = lookup(cluster, kind, ns, name);
    const object = { kind, name };
    if (found.exists) {
      return {
        message: t.appeared({ container, object, references: refs }),
        remediation: [t.watch(at), t.recreate(at)],
        severity: 'warning',
        confidence: 'medium',
      };
    }
    return { message: t.missing({ container, object, namespace: ns, references: refs }), remediation: t.missingFix({ object, namespace: ns }) };
  }

  if ((m = /^couldn't find key (\S+) in (ConfigMap|Secret) ([^/\s]+)\/(\S+)/.exec(text))) {
    const key = m[1]!;
    const kind = m[2] as Kind;
    const name = m[4]!;
    const refs = references(c, kind, name, key);
    const found = lookup(cluster, kind, m[3]!, name);
    const object = { kind, name };
    if (found.keys?.includes(key)) {
      return {
        message: t.keyAppeared({ container, object, key, references: refs }),
        remediation: [t.watch(at)],
        severity: 'warning',
        confidence: 'medium',
      };
    }
    // Say only what was seen: a Secret read as metadata only exists, but its keys are unknown to kdiag.
    const evidence: Evidence[] = found.keys ? [{ source: kind === 'ConfigMap' ? 'configmap' : 'secret', path: kind === 'ConfigMap' ? 'data' : 'data (keys only)', text: `${kind.toLowerCase()}/${name} keys: ${found.keys.join(', ') || '(none)'}` }] : [];
    return {
      message: t.keyMissing({ container, object, key, references: refs, ...(found.keys ? { keys: found.keys } : {}), exists: found.exists === true }),
      remediation: t.keyMissingFix({ object, namespace: m[3]!, references: refs }),
      evidence,
    };
  }

  if ((m = /^container has runAsNonRoot and image has non-numeric user \(([^)]*)\)/.exec(text))) {
    return { message: t.nonNumericUser({ container, user: m[1]! }), remediation: t.nonNumericUserFix({ container }) };
  }
  if (/^container has runAsNonRoot and image will run as root/.test(text)) {
    return { message: t.imageRoot({ container }), remediation: t.imageRootFix({ container }) };
  }
  if (/^container's runAsUser breaks non-root policy/.test(text)) {
    return { message: t.rootUser({ container }), remediation: t.rootUserFix({ container }) };
  }
  if ((m = /^cannot find volume "([^"]+)" to mount into container "([^"]+)"/.exec(text))) {
    return { message: t.noVolume({ container, volume: m[1]! }), remediation: t.noVolumeFix({ container, volume: m[1]!, ...at }) };
  }
  if ((m = /^failed to prepare subPath for volumeMount "([^"]+)" of container "([^"]+)"/.exec(text))) {
    return { message: t.subPath({ container, volume: m[1]! }), remediation: t.subPathFix({ node: pod.nodeName }) };
  }
  if (/failed to sync (configmap|secret) cache|object "[^"]*"\/"[^"]*" not registered/.test(text)) {
    const fresh = withinGrace(since, now, graceMs);
    return {
      message: t.cacheSync({ container, fresh }),
      remediation: t.cacheSyncFix({ node: pod.nodeName, ...at }),
      severity: fresh ? 'warning' : 'error',
      failureClass: 'transient',
      confidence: 'medium',
    };
  }
  if ((m = /^failed to lookup RuntimeClass (\S+)/.exec(text))) {
    return { message: t.runtimeClass({ container, runtimeClass: m[1]! }), remediation: t.runtimeClassFix() };
  }
  return { message: t.other({ container, text }), remediation: t.otherFix(at), confidence: text ? 'high' : 'low' };
}

const rule: PodRule = {
  id: 'kubelet/create-container-config-error',
  scope: 'pod',
  stage: 'kubelet',
  severity: 'error',
  failureClass: 'deterministic',
  title: 'The kubelet cannot build a container configuration (CreateContainerConfigError)',
  docs: {
    description:
      'Before it creates a container, the kubelet resolves its environment (ConfigMap / Secret references), security context and mounts. When that fails the container waits with reason CreateContainerConfigError and the kubelet retries.',
    causes: [
      'a ConfigMap or Secret referenced by env / envFrom does not exist: configmap "<name>" not found',
      'a referenced key is missing: couldn\'t find key <key> in ConfigMap <ns>/<name>',
      'runAsNonRoot is set but the image runs as root, or its user is not numeric',
      'a volumeMount names a volume the Pod does not define, or a subPath cannot be prepared',
      'transient: failed to sync configmap cache / object "ns"/"name" not registered (kubelet cache not yet synced)',
    ],
    fix: [
      'kubectl describe pod POD -n NS (the Failed event says "Error: …")',
      'Create the missing ConfigMap/Secret or key, or fix the name; mark optional references optional: true',
      'Set a numeric, non-zero securityContext.runAsUser for runAsNonRoot',
    ],
    links: ['https://kubernetes.io/docs/tasks/configure-pod-container/configure-pod-configmap/', 'https://kubernetes.io/docs/tasks/configure-pod-container/security-context/'],
  },
  triggers: { waiting: ['CreateContainerConfigError'] },
  match({ pod, cluster, now, options }) {
    if (pod.deletingSince !== undefined || !anyWaiting(pod, 'CreateContainerConfigError')) return [];
    return pod.containers
      .filter((c) => c.waiting?.reason === 'CreateContainerConfigError')
      .map((c) => {
        const event = latestEvent(pod.events, 'Failed', (e) => e.message.startsWith('Error: ') && (e.fieldPath === undefined || e.fieldPath.includes(`{${c.name}}`)));
        const text = (c.waiting!.message || event?.message.replace(/^Error: /, '') || '').trim();
        const since = event?.firstSeen ?? event?.lastSeen ?? pod.createdAt;
        const d = diagnose(pod, c, text, cluster, since, now, options.graceMs, options.lang);
        const evidence: Evidence[] = [fieldEvidence('pod', `${c.statusPath}.state.waiting.reason`, c.waiting!.reason)];
        if (c.waiting!.message) evidence.push(fieldEvidence('pod', `${c.statusPath}.state.waiting.message`, c.waiting!.message));
        if (event) evidence.push(eventEvidence(event, now));
        evidence.push(...(d.evidence ?? []));
        // An ephemeral (debug) container that cannot start does not stop the Pod's own containers.
        const severity = c.kind === 'ephemeral' ? 'warning' : d.severity;
        return finding(rule, {
          message: d.message,
          evidence,
          remediation: d.remediation,
          ...(severity ? { severity } : {}),
          ...(d.failureClass || d.severity === 'warning' ? { failureClass: d.failureClass ?? 'transient' } : {}),
          ...(d.confidence ? { confidence: d.confidence } : {}),
        });
      });
  },
};

export default rule;
