import { evidenceText, evidenceWords, type EvidenceWords } from '../i18n/evidence-text.js';
import type { Lang } from '../i18n/lang.js';
import { formatAge, parseTime } from '../model/time.js';
import type { Evidence } from '../rules/types.js';

// Evidence for people (the text and Markdown reports): a status or spec field whose value the rule quoted as
// JSON (`path: {"reason":"Error","exitCode":1,…}`) is shown as `kubectl describe` would say it
// (`path: Error, exit code 1, ran 0s, ended 15s ago`), and a long message already quoted by an earlier line
// is not printed again. JSON and YAML keep every evidence line exactly as the rule wrote it.

/** A message shorter than this is shown again rather than referred to. */
const SAME_MIN = 40;

/** The evidence lines of one finding as the text report prints them, before wrapping and clipping. */
export function evidenceForPeople(evidence: readonly Evidence[], lang: Lang | undefined, observedAt?: string): string[] {
  const w = evidenceWords(lang);
  const now = parseTime(observedAt);
  const seen = new Set<string>();
  const lines: string[] = [];
  const counts = new Map<string, number>();
  for (const e of evidence) {
    const field = fieldValue(e);
    let line: string;
    if (field) {
      const said = saidBefore(field.value, seen);
      line = `${field.path}: ${valueText(field.path, field.value, w, now, said)}`;
      remember(field.value, seen);
    } else {
      line = evidenceText(e, lang);
      const message = quotedMessage(e);
      if (message !== undefined && message.length >= SAME_MIN && seen.has(message)) line = `${line.slice(0, line.length - message.length)}${w.sameAsAbove}`;
      if (message !== undefined) seen.add(message);
    }
    // The same line twice (one event quoted by two rules' evidence): once, with its count.
    if (counts.has(line)) counts.set(line, (counts.get(line) ?? 1) + 1);
    else {
      counts.set(line, 1);
      lines.push(line);
    }
  }
  return lines.map((l) => ((counts.get(l) ?? 1) > 1 ? `${l} (×${counts.get(l)})` : l));
}

/** A field evidence's path and value: `path: <JSON>` as rules/helpers/evidence.ts fieldEvidence writes it. */
function fieldValue(e: Evidence): { path: string; value: unknown } | undefined {
  if (!e.path || !e.text.startsWith(`${e.path}: `)) return undefined;
  const raw = e.text.slice(e.path.length + 2);
  if (!/^[[{]|^null$/.test(raw)) return { path: e.path, value: raw };
  try {
    return { path: e.path, value: JSON.parse(raw) as unknown };
  } catch {
    return undefined;
  }
}

/** The long strings a value quotes (a status message), so a later line can say "the same message as above". */
function remember(value: unknown, seen: Set<string>): void {
  if (typeof value === 'string') seen.add(value);
  else if (isObject(value) && typeof value.message === 'string') seen.add(value.message);
}

/** Whether the value's message was already quoted by an earlier line. */
function saidBefore(value: unknown, seen: ReadonlySet<string>): boolean {
  const message = typeof value === 'string' ? value : isObject(value) ? value.message : undefined;
  return typeof message === 'string' && message.length >= SAME_MIN && seen.has(message);
}

/** The message an event line quotes after its frame (`Warning X ×3 from kubelet (last seen 5s ago): <message>`). */
function quotedMessage(e: Evidence): string | undefined {
  if (e.source !== 'event' && e.source !== 'pvc') return undefined;
  const at = e.text.indexOf('): ');
  return at < 0 ? undefined : e.text.slice(at + 3);
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The field's value in words: by what the path names, else a compact flow of keys and values. */
function valueText(path: string, value: unknown, w: EvidenceWords, now: number | undefined, said: boolean): string {
  const last = (path.split('.').at(-1) ?? '').replace(/\[.*$/, '');
  if (typeof value === 'string') return said ? w.sameAsAbove : stringValue(value, w, now);
  if (value === null || (Array.isArray(value) && value.length === 0)) return w.none;
  if (last === 'terminated' && isObject(value)) return terminated(value, w, now, said);
  if (/Probe$/.test(last) && isObject(value)) return probe(value);
  if (last === 'command' && isObject(value) && ('command' in value || 'args' in value)) return command(value, w);
  if (last === 'resources' && isObject(value)) return resources(value, w);
  if (last === 'taints' && Array.isArray(value)) return value.map(taint).join(', ');
  if (last === 'nodeSelectorTerms' && Array.isArray(value)) return value.map((t) => term(t, w)).join(w.or);
  if (last === 'backend' && isObject(value) && isObject(value.service)) return backend(value.service, w);
  if (/^ports?$/.test(last)) return (Array.isArray(value) ? value : [value]).map((p) => port(p, w)).join(', ');
  if (LABELS.test(last) && isLabels(value)) return labels(value);
  return flow(value, true);
}

/** A string as read, but a time with how long ago it was, and rules' `exitCode 0, finishedAt <time>` in words. */
function stringValue(value: string, w: EvidenceWords, now: number | undefined): string {
  const exit = /^exitCode (-?\d+), finishedAt (\S+)$/.exec(value);
  if (exit) return terminated({ exitCode: Number(exit[1]), finishedAt: exit[2] }, w, now, false);
  const at = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z$/.test(value) ? parseTime(value) : undefined;
  if (at !== undefined && now !== undefined && now >= at) return `${value} (${w.ago(formatAge(now - at))})`;
  return value;
}

/** Fields whose value is a map of labels (or a selector of them). */
const LABELS = /^(labels|selector|nodeSelector|matchLabels|annotations)$/;

/** `Error, exit code 1, ran 0s, ended 15s ago: "message"`: a container's end as kubectl describe tells it. */
function terminated(t: Record<string, unknown>, w: EvidenceWords, now: number | undefined, said: boolean): string {
  const parts: string[] = [];
  if (typeof t.reason === 'string' && t.reason !== '') parts.push(t.reason);
  if (typeof t.exitCode === 'number') parts.push(w.exitCode(t.exitCode));
  if (typeof t.signal === 'number' && t.signal !== 0) parts.push(w.signal(t.signal));
  const started = parseTime(t.startedAt);
  const finished = parseTime(t.finishedAt);
  // A container that never started (StartError) has startedAt at the epoch.
  if (started !== undefined && started > 0 && finished !== undefined && finished >= started) parts.push(w.ran(formatAge(finished - started)));
  if (finished !== undefined && now !== undefined && now >= finished) parts.push(w.ended(formatAge(now - finished)));
  const known = new Set(['reason', 'exitCode', 'signal', 'message', 'startedAt', 'finishedAt', 'containerID']);
  const other = Object.entries(t).filter(([k]) => !known.has(k));
  if (other.length > 0) parts.push(flow(Object.fromEntries(other), true));
  const head = parts.join(w.sep);
  if (typeof t.message !== 'string' || t.message === '') return head;
  return `${head}${w.colon}${said ? w.sameAsAbove : JSON.stringify(t.message.trimEnd())}`;
}

/** A probe as kubectl describe prints it: `http-get http://:8080/healthz delay=0s timeout=1s period=10s #success=1 #failure=3`. */
function probe(p: Record<string, unknown>): string {
  const how = probeAction(p);
  const n = (k: string, d: number): number => (typeof p[k] === 'number' ? (p[k] as number) : d);
  return `${how} delay=${n('initialDelaySeconds', 0)}s timeout=${n('timeoutSeconds', 1)}s period=${n('periodSeconds', 10)}s #success=${n('successThreshold', 1)} #failure=${n('failureThreshold', 3)}`;
}

function probeAction(p: Record<string, unknown>): string {
  const { exec, httpGet, tcpSocket, grpc } = p;
  if (isObject(exec)) return `exec [${Array.isArray(exec.command) ? exec.command.map(String).join(' ') : ''}]`;
  if (isObject(httpGet)) {
    const scheme = typeof httpGet.scheme === 'string' ? httpGet.scheme.toLowerCase() : 'http';
    return `http-get ${scheme}://${typeof httpGet.host === 'string' ? httpGet.host : ''}:${String(httpGet.port ?? '')}${typeof httpGet.path === 'string' ? httpGet.path : ''}`;
  }
  if (isObject(tcpSocket)) return `tcp-socket ${typeof tcpSocket.host === 'string' ? tcpSocket.host : ''}:${String(tcpSocket.port ?? '')}`;
  if (isObject(grpc)) return `grpc <pod>:${String(grpc.port ?? '')} ${typeof grpc.service === 'string' ? grpc.service : ''}`.trimEnd();
  return flow(p, true);
}

/** `/usr/local/bin/server --port 8080`, or the image's entrypoint when the Pod sets none. */
function command(c: Record<string, unknown>, w: EvidenceWords): string {
  const words = (v: unknown): string | undefined => (Array.isArray(v) && v.length > 0 ? v.map((x) => shellWord(String(x))).join(' ') : undefined);
  const cmd = words(c.command);
  const args = words(c.args);
  return [cmd ?? w.imageEntrypoint, args ? w.args(args) : ''].filter(Boolean).join(', ');
}

/** A word of a command as a shell would need it: quoted when it holds spaces or quotes. */
const shellWord = (s: string): string => (s === '' || /[\s"'\\$`]/.test(s) ? `'${s.replace(/'/g, `'\\''`)}'` : s);

function resources(r: Record<string, unknown>, w: EvidenceWords): string {
  const part = (k: 'requests' | 'limits'): string | undefined => (isObject(r[k]) && Object.keys(r[k]).length > 0 ? `${w[k]} ${labels(r[k] as Record<string, unknown>)}` : undefined);
  const parts = [part('requests'), part('limits')].filter((x): x is string => x !== undefined);
  return parts.length > 0 ? parts.join('; ') : w.noneSet;
}

/** `key=value:Effect`, as kubectl describe node prints a taint. */
function taint(t: unknown): string {
  if (!isObject(t)) return flow(t, false);
  return `${String(t.key ?? '')}${t.value !== undefined && t.value !== '' ? `=${String(t.value)}` : ''}:${String(t.effect ?? '')}`;
}

/** A node selector term: `key in [a, b] and key2 exists`. */
function term(t: unknown, w: EvidenceWords): string {
  if (!isObject(t)) return flow(t, false);
  const exprs = [...(Array.isArray(t.matchExpressions) ? t.matchExpressions : []), ...(Array.isArray(t.matchFields) ? t.matchFields : [])];
  if (exprs.length === 0) return flow(t, false);
  return exprs
    .map((e) => {
      if (!isObject(e)) return flow(e, false);
      const op = String(e.operator ?? '');
      const values = Array.isArray(e.values) ? ` [${e.values.map(String).join(', ')}]` : '';
      return `${String(e.key ?? '')} ${/^(In|NotIn|Exists|DoesNotExist|Gt|Lt)$/.test(op) ? op.toLowerCase() : op}${values}`;
    })
    .join(w.and);
}

/** A Service port `http 80/TCP → http`, or a container port `dns 5353/UDP (container app)`. */
function port(p: unknown, w: EvidenceWords): string {
  if (!isObject(p)) return flow(p, false);
  const name = typeof p.name === 'string' && p.name !== '' ? `${p.name} ` : '';
  const protocol = typeof p.protocol === 'string' ? p.protocol : 'TCP';
  if (p.containerPort !== undefined) return `${name}${String(p.containerPort)}/${protocol}${typeof p.container === 'string' ? ` (${w.container(p.container)})` : ''}`;
  if (p.port === undefined) return flow(p, false);
  return `${name}${String(p.port)}/${protocol}${p.targetPort !== undefined ? ` → ${String(p.targetPort)}` : ''}${p.nodePort !== undefined ? ` (nodePort ${String(p.nodePort)})` : ''}`;
}

/** An Ingress backend as kubectl describe ingress prints it: `web:8080`. */
function backend(s: Record<string, unknown>, w: EvidenceWords): string {
  const p = s.port;
  const port = isObject(p) ? (p.number ?? p.name) : p;
  return w.service(`${String(s.name ?? '')}:${String(port ?? '')}`);
}

/** A map of strings (labels, a selector, requests): `app=web, tier=front`. */
const isLabels = (v: unknown): v is Record<string, string | number> =>
  isObject(v) && Object.keys(v).length > 0 && Object.values(v).every((x) => typeof x === 'string' || typeof x === 'number');

const labels = (v: Record<string, unknown>): string =>
  Object.entries(v)
    .map(([k, x]) => `${k}=${String(x)}`)
    .join(', ');

/** Keys and values as YAML's flow style writes them (`podSelector: {matchLabels: {app: web}}, policyTypes: [Ingress]`): spaces where a line may break. */
function flow(v: unknown, top: boolean): string {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'string') return v === '' || /[,:{}[\]#"']|^\s|\s$/.test(v) ? JSON.stringify(v) : v;
  if (typeof v !== 'object') return String(v);
  if (Array.isArray(v)) return `[${v.map((x) => flow(x, false)).join(', ')}]`;
  const inner = Object.entries(v as Record<string, unknown>)
    .map(([k, x]) => `${k}: ${flow(x, false)}`)
    .join(', ');
  return top ? inner : `{${inner}}`;
}
