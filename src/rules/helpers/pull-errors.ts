import type { ContainerFacts } from '../../model/containers.js';
import type { EventFact } from '../../model/events.js';
import type { PodFacts } from '../../model/facts.js';
import { formatAge, parseTime } from '../../model/time.js';
import { eventsWith } from './events.js';
import { PULL_WAITING_REASONS, pullFailures, type PullFailure } from './image-pull.js';
import { copyEvidence, memoPodAt, memoString } from './memo.js';
import { minOf } from './numbers.js';

/** What a pull error says went wrong; each kind belongs to exactly one `image/*` rule. */
export type PullErrorKind = 'signature-failed' | 'wrong-platform' | 'tls' | 'rate-limited' | 'registry-unreachable' | 'unauthorized' | 'not-found' | 'other';

// Most specific first: a TLS or DNS failure while fetching a token must not read as "unauthorized",
// and "no match for platform in manifest: not found" is a platform problem, not a missing tag.
const KINDS: ReadonlyArray<readonly [PullErrorKind, RegExp]> = [
  ['signature-failed', /because the signature validation failed|SignatureValidationFailed|Source image rejected/],
  ['wrong-platform', /no match for platform in manifest|no image found in (?:manifest list|image index) for architecture/],
  // Lower-case `tls: ` only: Go's `net/http: TLS handshake timeout` is a network timeout.
  ['tls', /x509: |\btls: |server gave HTTP response to HTTPS client/],
  ['rate-limited', /toomanyrequests|429 Too Many Requests|too many requests to registry/i],
  ['registry-unreachable', /no such host|i\/o timeout|connection refused|because the registry is unavailable|network is unreachable|no route to host|TLS handshake timeout/],
  [
    'unauthorized',
    /pull access denied|insufficient_scope|401 Unauthorized|403 Forbidden|no basic auth credentials|requested access to the resource is denied|authentication required|unable to retrieve auth token|invalid username\/password/,
  ],
  // containerd `<ref>: not found` (and the kept `code = NotFound`); CRI-O `manifest unknown`.
  ['not-found', /: not found\b|code = NotFound|manifest unknown/],
];

/** Classifies one pull error text; `other` when nothing specific matches. */
export function classifyPullError(text: string): PullErrorKind {
  return typeof text === 'string' ? classifyCached(text) : classifyUncached(text);
}

const classifyCached = memoString(classifyUncached);

function classifyUncached(text: string): PullErrorKind {
  for (const [kind, re] of KINDS) if (re.test(text)) return kind;
  return 'other';
}

/** A container stuck pulling, with what its error means and since when it has been failing. */
export interface ClassifiedPull extends PullFailure {
  kind: PullErrorKind;
  /** The runtime's own words for the cause, without the kubelet and runtime wrappers. */
  detail: string;
  /** Epoch ms of the first pull failure seen for this container, when known. */
  since?: number;
}

/**
 * Every container stuck in ErrImagePull / ImagePullBackOff / RegistryUnavailable, classified.
 * The current waiting message wins over the last `Failed` event: an older event may hold an older error.
 */
export function classifiedPulls(pod: PodFacts, now: number): ClassifiedPull[] {
  // Most Pods pull nothing; the rest are classified once per Pod, and each rule gets its own evidence.
  if (!pod.containers.some(isPulling)) return [];
  return classifiedCached(pod, now).map((p) => ({ ...p, evidence: copyEvidence(p.evidence) }));
}

/** classifiedPulls of one kind: what each `image/*` rule reads (nothing is copied for the other kinds). */
export function classifiedPullsOf(pod: PodFacts, now: number, kind: PullErrorKind): ClassifiedPull[] {
  if (!pod.containers.some(isPulling)) return [];
  const out: ClassifiedPull[] = [];
  for (const p of classifiedCached(pod, now)) if (p.kind === kind) out.push({ ...p, evidence: copyEvidence(p.evidence) });
  return out;
}

function isPulling(c: ContainerFacts): boolean {
  return c.waiting !== undefined && (PULL_WAITING_REASONS as readonly string[]).includes(c.waiting.reason);
}

const classifiedCached = memoPodAt(classify);

function classify(pod: PodFacts, now: number): ClassifiedPull[] {
  return pullFailures(pod, now)
    .filter((f) => f.container.kind !== 'ephemeral')
    .map((f) => {
      const waiting = f.container.waiting;
      const waitingMsg = waiting?.message ?? '';
      const eventMsg = waitingMsg && f.error.startsWith(waitingMsg) ? f.error.slice(waitingMsg.length).replace(/^\n/, '') : f.error;
      // CRI-O maps only ECONNREFUSED to RegistryUnavailable; the reason alone is enough.
      const fromWaiting = waiting?.reason === 'RegistryUnavailable' ? 'registry-unreachable' : classifyPullError(waitingMsg);
      const fromEvent = fromWaiting === 'other' && eventMsg ? classifyPullError(eventMsg) : 'other';
      const kind = fromWaiting !== 'other' ? fromWaiting : fromEvent;
      const source = fromWaiting === 'other' && eventMsg ? eventMsg : waitingMsg || eventMsg;
      const pulled: ClassifiedPull = { ...f, kind, detail: pullErrorDetail(source) };
      const since = pullFailingSince(pod, f.container);
      if (since !== undefined) pulled.since = since;
      return pulled;
    });
}

const WRAPPERS: readonly RegExp[] = [
  /^Back-off pulling image "[^"]*"(?:: )?/,
  /^ErrImagePull: /,
  /^Failed to pull image "[^"]*": /,
  /^rpc error: code = \w+ desc = /,
  /^failed to pull and unpack image "[^"]*": /,
  /^failed to resolve reference "[^"]*": /,
  /^failed to resolve image: /,
  /^initializing source docker:\/\/\S+: /,
  /^image pull failed for \S+ because /,
];

/** Strips the kubelet's and the runtime's wrappers so the cause reads first. */
export function pullErrorDetail(text: string): string {
  return typeof text === 'string' ? detailCached(text) : detailUncached(text);
}

const detailCached = memoString(detailUncached);

function detailUncached(text: string): string {
  let out = text.split('\n')[0]!.trim();
  for (let changed = true; changed; ) {
    changed = false;
    for (const re of WRAPPERS) {
      const next = out.replace(re, '');
      if (next !== out) {
        out = next;
        changed = true;
      }
    }
  }
  return out || text.trim();
}

/** Containers' image events carry `spec.containers{name}`; pod-level ones match by image name. */
export function imageEventsOf(pod: PodFacts, c: ContainerFacts, reasons: string | readonly string[]): EventFact[] {
  const image = c.spec.image ?? c.status?.image ?? '';
  return eventsWith(pod.events, reasons, (e) => (e.fieldPath ? e.fieldPath.endsWith(`{${c.name}}`) : image !== '' && e.message.includes(`"${image}"`)));
}

/** When this container's pulls started failing: first `Failed`/`BackOff` event, else the Pod's start. */
export function pullFailingSince(pod: PodFacts, c: ContainerFacts): number | undefined {
  const times = imageEventsOf(pod, c, ['Failed', 'BackOff', 'ErrImageNeverPull', 'InspectFailed'])
    .filter((e) => e.reason !== 'Failed' || /^(Failed to pull image|Error: )/.test(e.message))
    .map((e) => e.firstSeen)
    .filter((t): t is number => t !== undefined);
  if (times.length > 0) return minOf(times);
  return parseTime(pod.pod.status?.startTime) ?? pod.createdAt;
}

/** The registry part of an image reference (`docker.io` when the reference names none). */
export function imageRegistry(image: string): string {
  const slash = image.indexOf('/');
  if (slash < 0) return 'docker.io';
  const first = image.slice(0, slash);
  return first.includes('.') || first.includes(':') || first === 'localhost' ? first : 'docker.io';
}

/** A quoted URL in the runtime's error (`Head "http://127.0.0.1:5000/v2/…"`): its scheme and its host[:port]. */
const QUOTED_URL = /"(https?):\/\/([^/"]+)\//;

/** The host:port the runtime tried to reach, read from the error when it says so, else from the image. */
export function registryEndpoint(error: string, image: string): string {
  const dial = /dial tcp (\[[0-9a-fA-F:]+\]:\d+|[\w.-]+:\d+)/.exec(error);
  if (dial) return dial[1]!;
  const url = QUOTED_URL.exec(error);
  if (url) return url[2]!.includes(':') ? url[2]! : `${url[2]}:${url[1] === 'http' ? 80 : 443}`;
  const lookup = /lookup ([\w.-]+)(?: on [^:]+:\d+)?: no such host/.exec(error);
  if (lookup) return lookup[1]!;
  const ping = /pinging container registry ([\w.:-]+)/.exec(error);
  if (ping) return ping[1]!;
  const registry = imageRegistry(image);
  return registry.includes(':') ? registry : `${registry}:443`;
}

/**
 * The registry's base URL as the runtime asked it: `http://` for a registry the runtime reaches over plain
 * HTTP (containerd does for 127.0.0.1 and hosts set up as insecure), else `https://`.
 */
export function registryUrl(error: string, endpoint: string): string {
  const scheme = QUOTED_URL.exec(error)?.[1] ?? 'https';
  return `${scheme}://${endpoint}`;
}

/** `; failing for 5m` (or nothing when the start is unknown), for messages. */
export function failingFor(now: number, since: number | undefined): string {
  return since === undefined ? '' : `; failing for ${formatAge(now - since)}`;
}
