import type { KObject } from '../model/k8s.js';

export const REDACTED = '<redacted by kdiag>';

// Credentials that show up in logs: bearer tokens, JWTs, key=value secrets, cloud keys, URLs with passwords.
const LOG_PATTERNS: Array<[RegExp, string]> = [
  [/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]{8,}/gi, `$1 ${REDACTED}`],
  [/\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g, REDACTED],
  [/\b((?:[A-Za-z0-9_-]*?)(?:password|passwd|pwd|secret|token|api[_-]?key|access[_-]?key|private[_-]?key|credentials?))(\s*[=:]\s*|"\s*:\s*")([^\s"',;&]+)/gi, `$1$2${REDACTED}`],
  [/\b(AKIA|ASIA)[A-Z0-9]{16}\b/g, REDACTED],
  [/(\b[a-z][a-z0-9+.-]*:\/\/[^:/\s@]+:)[^@\s]+@/gi, `$1${REDACTED}@`],
  [/((?:^|\s)(?:-u|--user)[\s=]+['"]?[^\s:'"]+:)[^\s'"]+/g, `$1${REDACTED}`],
  [/((?:^|\s)--password[\s=]+['"]?)[^\s'"]+/g, `$1${REDACTED}`],
  [/-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?-----END [A-Z ]*PRIVATE KEY-----/g, REDACTED],
];

/**
 * A piece of text each pattern below needs (a superset: case aside, every match of any pattern holds one):
 * text without any (nearly every message) is returned as it is, after one scan instead of one per pattern.
 */
const CREDENTIAL_HINT = /bearer|basic|eyj|passw|pwd|secret|token|api[_-]?key|access[_-]?key|private[_-]?key|credential|akia|asia|:\/\/|-u|-----begin/i;

/** Masks credentials found in free text (container logs) by pattern. */
export function redactText(text: string): string {
  if (!CREDENTIAL_HINT.test(text)) return text;
  return LOG_PATTERNS.reduce((t, [re, replacement]) => t.replace(re, replacement), text);
}

/** The log patterns but the third (key=value), which messages get in the gentler form below. */
const MESSAGE_PATTERNS = LOG_PATTERNS.filter((_, i) => i !== 2);

const JSON_KEY_VALUE = /("(?:[A-Za-z0-9_-]*?)(?:password|passwd|pwd|secret|token|api[_-]?key|access[_-]?key|private[_-]?key|credentials?)"\s*:\s*")([^"]+)/gi;
const KEY_VALUE = /\b((?:[A-Za-z0-9_-]*?)(?:password|passwd|pwd|secret|token|api[_-]?key|access[_-]?key|private[_-]?key|credentials?))(\s*[=:]\s*)([^\s"',;&]+)/gi;

/**
 * Masks credentials in messages (status, condition, event): the log patterns, except that `token: word`
 * keeps a plain short word ("failed to fetch oauth token: unexpected status …" is a real kubelet message
 * the rules read), while `password=hunter2` or a long value is masked.
 */
export function redactMessage(text: string): string {
  if (!CREDENTIAL_HINT.test(text)) return text;
  return MESSAGE_PATTERNS.reduce((t, [re, replacement]) => t.replace(re, replacement), text)
    .replace(JSON_KEY_VALUE, `$1${REDACTED}`)
    .replace(KEY_VALUE, (all, key: string, sep: string, value: string) => (/^(?:[a-z]{1,15}|\d{1,4})$/i.test(value) ? all : `${key}${sep}${REDACTED}`));
}

/** A copy of the object with env values masked (env names and references kept: rules read them). */
export function redactObject(obj: KObject): KObject {
  const copy = structuredClone(obj);
  const annotations = copy.metadata?.annotations as Record<string, unknown> | undefined;
  if (annotations && typeof annotations === 'object') {
    delete annotations['kubectl.kubernetes.io/last-applied-configuration'];
    redactAnnotations(annotations);
  }
  if (copy.kind === 'Pod' && copy.spec) maskPodSpec(copy.spec);
  for (const kind of ['Deployment', 'StatefulSet', 'DaemonSet', 'ReplicaSet', 'Job']) {
    if (copy.kind === kind && copy.spec?.template?.spec) maskPodSpec(copy.spec.template.spec);
  }
  if (copy.kind === 'Secret') {
    delete copy.data;
    delete copy.stringData;
  }
  if (copy.kind === 'ConfigMap') {
    // Keys matter to the rules ("key X missing"); values may hold credentials people put there.
    for (const field of ['data', 'binaryData']) {
      const data = copy[field] as Record<string, unknown> | undefined;
      if (data && typeof data === 'object') for (const k of Object.keys(data)) data[k] = REDACTED;
    }
  }
  return copy;
}

/** An annotation named for a credential (`example.com/db-password`, `…/api-key`), not for its name (`…-secret-name`). */
const SECRET_ANNOTATION = /(?:password|passwd|pwd|secret|token|api[_-]?key|access[_-]?key|private[_-]?key|credentials?)$/i;

/**
 * Annotations are free text people write, and paste credentials into: the log patterns mask
 * `password=…`, `token: …`, `apiKey=…`, URLs with passwords; an annotation named for a credential is masked whole.
 */
function redactAnnotations(annotations: Record<string, unknown>): void {
  for (const [key, value] of Object.entries(annotations)) {
    if (typeof value !== 'string' || value === '') continue;
    const name = key.slice(key.lastIndexOf('/') + 1);
    annotations[key] = SECRET_ANNOTATION.test(name) ? REDACTED : redactText(value);
  }
}

function maskPodSpec(spec: any): void {
  for (const group of ['initContainers', 'containers', 'ephemeralContainers']) {
    for (const c of Array.isArray(spec[group]) ? spec[group] : []) {
      for (const e of Array.isArray(c?.env) ? c.env : []) if (e && typeof e.value === 'string') e.value = REDACTED;
      if (Array.isArray(c?.args)) c.args = c.args.map((a: unknown) => (typeof a === 'string' ? redactText(a) : a));
      if (Array.isArray(c?.command)) c.command = c.command.map((a: unknown) => (typeof a === 'string' ? redactText(a) : a));
    }
  }
}
