import type { ContainerFacts } from '../../model/containers.js';
import type { PodFacts } from '../../model/facts.js';
import { anyWaiting, describeContainer } from '../helpers/containers.js';
import { eventEvidence, latestEvent } from '../helpers/events.js';
import { fieldEvidence } from '../helpers/evidence.js';
import { finding } from '../helpers/finding.js';
import { objectKeys } from '../helpers/mount-errors.js';
import { withinGrace } from '../helpers/sandbox-errors.js';
import type { ClusterView, Evidence, FailureClass, PodRule, Severity } from '../types.js';

type Kind = 'ConfigMap' | 'Secret';

/** Where a container's spec refers to a ConfigMap or Secret: `env DB_URL (key url)`, `envFrom`. */
function references(c: ContainerFacts, kind: Kind, name: string, key?: string): string[] {
  const out: string[] = [];
  for (const e of c.spec.env ?? []) {
    const ref = kind === 'ConfigMap' ? e?.valueFrom?.configMapKeyRef : e?.valueFrom?.secretKeyRef;
    if (ref?.name === name && (key === undefined || ref.key === key) && ref.optional !== true) out.push(key === undefined ? `env var ${e.name ?? '?'} (key ${ref.key ?? '?'})` : `env var ${e.name ?? '?'}`);
  }
  if (key === undefined) {
    for (const f of c.spec.envFrom ?? []) {
      const ref = kind === 'ConfigMap' ? f?.configMapRef : f?.secretRef;
      if (ref?.name === name && ref.optional !== true) out.push(`envFrom ${kind === 'ConfigMap' ? 'configMapRef' : 'secretRef'}`);
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
  if (!cluster.saw(kind)) return { seen: false };
  const obj = cluster.get(kind, ns, name);
  if (!obj) return { seen: true };
  const keys = objectKeys(obj);
  return keys ? { seen: true, exists: true, keys } : { seen: true, exists: true };
}

function diagnose(pod: PodFacts, c: ContainerFacts, text: string, cluster: ClusterView, since: number | undefined, now: number, graceMs: number): Diagnosis {
  const d = diagnoseText(pod, c, text, cluster, since, now, graceMs);
  return { ...d, message: d.message.charAt(0).toUpperCase() + d.message.slice(1) };
}

function diagnoseText(pod: PodFacts, c: ContainerFacts, text: string, cluster: ClusterView, since: number | undefined, now: number, graceMs: number): Diagnosis {
  const who = describeContainer(c);
  const ns = pod.namespace;
  let m: RegExpExecArray | null;

  if ((m = /^(configmap|secret) "([^"]+)" not found/.exec(text))) {
    const kind: Kind = m[1] === 'configmap' ? 'ConfigMap' : 'Secret';
    const name = m[2]!;
    const refs = references(c, kind, name);
    const where = refs.length > 0 ? ` (referenced by ${refs.join(', ')})` : '';
    const found = lookup(cluster, kind, ns, name);
    const create = kind === 'ConfigMap' ? `kubectl create configmap ${name} -n ${ns} --from-literal=KEY=VALUE` : `kubectl create secret generic ${name} -n ${ns} --from-literal=KEY=VALUE`;
    if (found.exists) {
      return {
        message: `${kind} "${name}" was missing when the kubelet built ${who}'s environment${where}; it exists now, so the kubelet should pick it up on its next retry.`,
        remediation: [`Watch the Pod: kubectl get pod ${pod.name} -n ${ns} -w`, `If it stays in CreateContainerConfigError, delete the Pod so it is recreated: kubectl delete pod ${pod.name} -n ${ns}`],
        severity: 'warning',
        confidence: 'medium',
      };
    }
    return {
      message: `${who} cannot start: ${kind} "${name}" does not exist in namespace ${ns}${where}.`,
      remediation: [
        `kubectl get ${kind.toLowerCase()} -n ${ns}   (is it named differently, or in another namespace?)`,
        `Create it: ${create}`,
        `Or fix the reference in the workload; if the container can run without it, mark the reference optional: true.`,
      ],
    };
  }

  if ((m = /^couldn't find key (\S+) in (ConfigMap|Secret) ([^/\s]+)\/(\S+)/.exec(text))) {
    const key = m[1]!;
    const kind = m[2] as Kind;
    const name = m[4]!;
    const refs = references(c, kind, name, key);
    const where = refs.length > 0 ? ` (referenced by ${refs.join(', ')})` : '';
    const found = lookup(cluster, kind, m[3]!, name);
    const edit = `kubectl edit ${kind.toLowerCase()} ${name} -n ${m[3]}`;
    if (found.keys?.includes(key)) {
      return {
        message: `${kind} "${name}" lacked key "${key}" when the kubelet built ${who}'s environment${where}; the key exists now, so the next retry should succeed.`,
        remediation: [`Watch the Pod: kubectl get pod ${pod.name} -n ${ns} -w`],
        severity: 'warning',
        confidence: 'medium',
      };
    }
    // Say only what was seen: a Secret read as metadata only exists, but its keys are unknown to kdiag.
    const present = found.keys
      ? ` ${kind} "${name}" exists but lacks key "${key}"; keys present: ${found.keys.length > 0 ? found.keys.join(', ') : '(none)'}.`
      : found.exists
        ? ` ${kind} "${name}" exists; kdiag reads Secrets as metadata only, so its keys are unknown here (the kubelet reports "${key}" missing).`
        : '';
    const evidence: Evidence[] = found.keys ? [{ source: kind === 'ConfigMap' ? 'configmap' : 'secret', path: kind === 'ConfigMap' ? 'data' : 'data (keys only)', text: `${kind.toLowerCase()}/${name} keys: ${found.keys.join(', ') || '(none)'}` }] : [];
    return {
      message: `${who} cannot start: key "${key}" is missing from ${kind} "${name}"${where}.${present}`,
      remediation: [`Add the key: ${edit}`, `Or fix the key name in the container's env (${refs.join(', ') || 'valueFrom'}), or mark the reference optional: true.`],
      evidence,
    };
  }

  if ((m = /^container has runAsNonRoot and image has non-numeric user \(([^)]*)\)/.exec(text))) {
    return {
      message: `${who} cannot start: runAsNonRoot is set and the image's user "${m[1]}" is a name, so the kubelet cannot verify it is not root.`,
      remediation: [`Set a numeric securityContext.runAsUser (e.g. runAsUser: 10001) on ${who}, or give the image a numeric USER (USER 10001 in the Dockerfile).`],
    };
  }
  if (/^container has runAsNonRoot and image will run as root/.test(text)) {
    return {
      message: `${who} cannot start: runAsNonRoot is set but the image runs as root (UID 0).`,
      remediation: [`Set securityContext.runAsUser to a non-zero UID on ${who}, or use an image whose USER is not root.`],
    };
  }
  if (/^container's runAsUser breaks non-root policy/.test(text)) {
    return {
      message: `${who} cannot start: its securityContext sets runAsUser: 0 (root) together with runAsNonRoot: true.`,
      remediation: [`Pick one: a non-zero runAsUser, or runAsNonRoot: false for ${who} (check the pod-level securityContext too).`],
    };
  }
  if ((m = /^cannot find volume "([^"]+)" to mount into container "([^"]+)"/.exec(text))) {
    return {
      message: `${who} cannot start: its volumeMount "${m[1]}" names a volume the Pod does not define.`,
      remediation: [`Add volume "${m[1]}" to spec.volumes, or fix the volumeMounts name of ${who}.`, `kubectl get pod ${pod.name} -n ${ns} -o jsonpath='{.spec.volumes[*].name}'`],
    };
  }
  if ((m = /^failed to prepare subPath for volumeMount "([^"]+)" of container "([^"]+)"/.exec(text))) {
    return {
      message: `${who} cannot start: the kubelet could not prepare the subPath of volumeMount "${m[1]}".`,
      remediation: [
        `Check subPath / subPathExpr of that mount: the path must stay inside the volume (no symlinks pointing out, no ".."), and subPathExpr variables must resolve.`,
        `Read the kubelet log on ${pod.nodeName || 'the node'} for the exact error: journalctl -u kubelet | grep subPath`,
      ],
    };
  }
  if (/failed to sync (configmap|secret) cache|object "[^"]*"\/"[^"]*" not registered/.test(text)) {
    const fresh = withinGrace(since, now, graceMs);
    return {
      message: fresh
        ? `${who} is waiting for the kubelet's ConfigMap/Secret cache to sync; this usually clears within a minute.`
        : `${who} has been unable to start for a while because the kubelet cannot sync its ConfigMap/Secret cache from the API server.`,
      remediation: [`Check the kubelet on ${pod.nodeName || 'the node'} can reach the API server: journalctl -u kubelet | grep -i "cache\\|watch"`, `Deleting the Pod forces a fresh start: kubectl delete pod ${pod.name} -n ${ns}`],
      severity: fresh ? 'warning' : 'error',
      failureClass: 'transient',
      confidence: 'medium',
    };
  }
  if ((m = /^failed to lookup RuntimeClass (\S+)/.exec(text))) {
    return { message: `${who} cannot start: RuntimeClass ${m[1]} cannot be looked up.`, remediation: [`kubectl get runtimeclass`, `Fix spec.runtimeClassName of the Pod.`] };
  }
  return {
    message: `${who} cannot start: the kubelet could not build its configuration: ${text || 'no message'}.`,
    remediation: [`kubectl describe pod ${pod.name} -n ${ns}`, 'Fix the referenced object or field named in the message.'],
    confidence: text ? 'high' : 'low',
  };
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
        const d = diagnose(pod, c, text, cluster, since, now, options.graceMs);
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
