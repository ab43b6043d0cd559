import { getMaxListeners, setMaxListeners } from 'node:events';
import type { ApiClient, StreamResponse } from './api-client.js';
import type { SnapshotKind } from '../../model/snapshot.js';
import { ForbiddenError } from './api-errors.js';
import { MAX_NESTING, nestedDeeperThan } from '../build-snapshot.js';
import type { ResponseMemory } from './response-memory.js';
import { WatchLines } from './watch-lines.js';

/** One resource to watch, from the resourceVersion of the list (or GET) that was just read. */
export interface WatchSpec {
  /** Words for notes: "pods in shop". */
  what: string;
  /** The collection path, e.g. /api/v1/namespaces/shop/pods. */
  path: string;
  /** labelSelector / fieldSelector, the same as the list used. */
  query?: Record<string, string>;
  resourceVersion: string | undefined;
  /** The kind listed, for onObject. */
  kind?: SnapshotKind;
}

export interface WatchHooks {
  /**
   * Something was added, changed or deleted, or may have been (events missed after a 410, a poll tick):
   * re-read. Not called for the events `onObject` takes.
   */
  onChange(): void;
  /** When given, receives each added/changed/deleted object instead of onChange (an informer's cache). */
  onObject?(spec: WatchSpec, type: 'ADDED' | 'MODIFIED' | 'DELETED', object: Record<string, unknown>): void;
  /** A line for stderr: a watch fell back to polling, or keeps failing. */
  onNote?(text: string): void;
}

export interface WatchTuning {
  /** First back-off delay after an error or an instant close; doubles up to maxMs, with jitter. */
  baseMs?: number;
  maxMs?: number;
  /** Re-read interval when watching is not allowed (403 on watch). */
  pollMs?: number;
  /** Server-side watch length; the server closes the stream after it and we resume. */
  timeoutSeconds?: number;
  random?: () => number;
}

/** Exponential back-off with equal jitter: delay in [d/2, d], d = base·2ⁿ capped at max. */
export class Backoff {
  private attempt = 0;
  constructor(
    private readonly baseMs: number,
    private readonly maxMs: number,
    private readonly random: () => number = Math.random,
  ) {}

  next(): number {
    const d = Math.min(this.maxMs, this.baseMs * 2 ** this.attempt);
    this.attempt = Math.min(this.attempt + 1, 30);
    return Math.round(d / 2 + (this.random() * d) / 2);
  }

  reset(): void {
    this.attempt = 0;
  }
}

type Outcome = 'closed' | 'expired' | 'forbidden' | 'error';

/** A watch event larger than this is not a Kubernetes object: the stream is dropped. */
const MAX_EVENT_BYTES = 16 * 1024 * 1024;

/**
 * Watches every spec until `signal` aborts; list-then-watch from each spec's resourceVersion. Resumes from
 * the last event's (or bookmark's) resourceVersion when the server ends the stream, re-reads a fresh
 * resourceVersion on 410 Gone (and reports a change: events may have been missed), backs off with
 * jitter after errors and instant closes, and when the role may not watch (403) polls every pollMs instead.
 */
export async function watchAll(client: ApiClient, specs: readonly WatchSpec[], hooks: WatchHooks, signal: AbortSignal, tuning: WatchTuning = {}): Promise<void> {
  const pollMs = tuning.pollMs ?? 10_000;
  let polling: NodeJS.Timeout | undefined;
  const fallBack = (spec: WatchSpec): void => {
    if (polling || signal.aborted) return; // one note and one poll for all of them
    hooks.onNote?.(`not allowed to watch ${spec.what}: re-reading every ${Math.round(pollMs / 1000)}s instead (grant the watch verb to follow changes at once)`);
    polling = setInterval(() => hooks.onChange(), pollMs);
    signal.addEventListener('abort', () => clearInterval(polling), { once: true });
  };
  // Each watch may listen on the signal three times at once (its turn, its request, its back-off): not a leak,
  // and Node's warning at 10 listeners would be a line on stderr that is no diagnosis.
  setMaxListeners(Math.max(getMaxListeners(signal), 10 + 3 * specs.length), signal);
  await Promise.all(specs.map((spec) => watchOne(client, spec, hooks, signal, tuning, fallBack)));
}

async function watchOne(client: ApiClient, spec: WatchSpec, hooks: WatchHooks, signal: AbortSignal, tuning: WatchTuning, fallBack: (spec: WatchSpec) => void): Promise<void> {
  const backoff = new Backoff(tuning.baseMs ?? 500, tuning.maxMs ?? 30_000, tuning.random);
  const random = tuning.random ?? Math.random;
  let rv = spec.resourceVersion;
  let failures = 0;
  while (!signal.aborted) {
    if (rv === undefined) {
      const fresh = await freshVersion(client, spec);
      if (signal.aborted) return;
      if (fresh === 'forbidden') return fallBack(spec);
      if (fresh === undefined) {
        client.budget.strike();
        await sleep(backoff.next(), signal);
        continue;
      }
      rv = fresh;
      hooks.onChange(); // whatever happened between the old version and this one was not seen
    }
    const opened = Date.now();
    let outcome: Outcome;
    // Spread reconnects of many watches (and many kdiag processes) over time.
    const seconds = Math.round((tuning.timeoutSeconds ?? 240) * (1 + random() * 0.25));
    try {
      const res = await client.openStream(spec.path, { ...spec.query, watch: 1, resourceVersion: rv, allowWatchBookmarks: true, timeoutSeconds: seconds }, signal);
      const status = res.statusCode ?? 0;
      if (status === 410) outcome = drop(res, 'expired');
      else if (status === 403) outcome = drop(res, 'forbidden');
      else if (status < 200 || status >= 300) outcome = drop(res, 'error');
      else {
        outcome = await readEvents(res, signal, client.memory, (type, version, object) => {
          if (version) rv = version;
          if (type === 'BOOKMARK') return;
          if (hooks.onObject && object) hooks.onObject(spec, type, object);
          else hooks.onChange();
        });
      }
    } catch {
      outcome = 'error';
    }
    if (signal.aborted) return;
    if (outcome === 'forbidden') return fallBack(spec);
    if (outcome === 'expired') {
      client.budget.strike();
      rv = undefined;
      if (++failures > 1) await sleep(backoff.next(), signal);
      continue;
    }
    // The server ends a watch at its timeoutSeconds; one that ends well before, events or not, is a server
    // to slow down for (an event then a close, again and again, was a storm).
    const early = Date.now() - opened < (seconds * 1000) / 2;
    if (outcome === 'error' || early) {
      client.budget.strike();
      if (++failures === 5) hooks.onNote?.(`the watch on ${spec.what} keeps failing; retrying with back-off`);
      await sleep(backoff.next(), signal);
      continue;
    }
    failures = 0;
    backoff.reset();
  }
}

/** A resourceVersion to watch from, read with a one-item list (the same selectors). */
async function freshVersion(client: ApiClient, spec: WatchSpec): Promise<string | 'forbidden' | undefined> {
  try {
    const list = await client.get<{ metadata?: { resourceVersion?: unknown } }>(spec.path, { query: { ...spec.query, limit: 1 }, what: spec.what });
    const rv = list?.metadata?.resourceVersion;
    return typeof rv === 'string' && rv !== '' ? rv : undefined;
  } catch (err) {
    return err instanceof ForbiddenError ? 'forbidden' : undefined;
  }
}

function drop(res: StreamResponse, outcome: Outcome): Outcome {
  res.resume();
  res.destroy();
  return outcome;
}

/**
 * Reads newline-delimited watch events until the stream ends, fails, or an ERROR event arrives. The line not
 * yet ended counts against the command's memory budget with every other read in flight: a stream that
 * would pass it is dropped as an error (and retried under the request budget).
 */
function readEvents(res: StreamResponse, signal: AbortSignal, memory: ResponseMemory, onEvent: (type: 'ADDED' | 'MODIFIED' | 'DELETED' | 'BOOKMARK', resourceVersion: string | undefined, object: Record<string, unknown> | undefined) => void): Promise<Outcome> {
  return new Promise((resolve) => {
    const lines = new WatchLines(MAX_EVENT_BYTES);
    /** Bytes taken from the budget: the line not yet ended (and, while it is split, the chunk just read). */
    let held = 0;
    let done = false;
    const finish = (o: Outcome, refused = false): void => {
      if (done) return;
      done = true;
      if (refused) memory.giveRefused(held);
      else memory.give(held);
      held = 0;
      lines.clear();
      res.destroy();
      resolve(o);
    };
    const event = (line: string): void => {
      if (line === '') return;
      let event: { type?: unknown; object?: { code?: unknown; metadata?: { resourceVersion?: unknown } } & Record<string, unknown> };
      try {
        event = JSON.parse(line);
      } catch {
        return finish('error');
      }
      // As for every other answer (api-client.ts): an event deeper than any object is an error, never read.
      if (nestedDeeperThan(event, MAX_NESTING + 2)) return finish('error');
      if (event?.type === 'ERROR') return finish(event.object?.code === 410 ? 'expired' : 'error');
      if (event?.type !== 'ADDED' && event?.type !== 'MODIFIED' && event?.type !== 'DELETED' && event?.type !== 'BOOKMARK') return finish('error');
      const rv = event.object?.metadata?.resourceVersion;
      onEvent(event.type, typeof rv === 'string' && rv !== '' ? rv : undefined, event.object && typeof event.object === 'object' ? event.object : undefined);
    };
    // Bytes, not strings: a decoded chunk was a second copy on the V8 heap, copied again by each young-generation
    // collection and left as old-space garbage once the stream was dropped (an 8 MiB budget grew the heap by 50 MiB).
    // A line refused for its size is freed at once, not when V8 next collects (ResponseMemory.giveRefused).
    const refuse = (): void => finish('error', true);
    res.on('data', (chunk: Buffer) => {
      if (done) return;
      if (!memory.take(chunk.length)) return refuse();
      held += chunk.length;
      const fits = lines.push(chunk, (line) => {
        event(line.trim());
        return !done;
      });
      if (done) return;
      if (!fits) return refuse();
      // Only the line not yet ended stays held.
      memory.give(held - lines.held);
      held = lines.held;
    });
    res.on('end', () => finish('closed'));
    res.on('error', () => finish(signal.aborted ? 'closed' : 'error'));
    res.on('close', () => finish(signal.aborted || lines.held === 0 || lines.rest().trim() === '' ? 'closed' : 'error'));
  });
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

/**
 * Collects change notifications and hands them out debounced: `next` resolves true once something
 * changed and then stayed quiet for quietMs (at most maxMs after the first change), false after `ms`.
 */
export class Changes {
  private pending = false;
  private wake: (() => void) | undefined;

  constructor(
    private readonly quietMs = 300,
    private readonly maxMs = 1_500,
  ) {}

  notify = (): void => {
    this.pending = true;
    this.wake?.();
  };

  async next(ms: number): Promise<boolean> {
    if (!this.pending && !(await this.until(ms))) return false;
    const first = Date.now();
    for (;;) {
      this.pending = false;
      const left = Math.min(this.quietMs, this.maxMs - (Date.now() - first));
      if (left <= 0 || !(await this.until(left))) break;
    }
    this.pending = false;
    return true;
  }

  /** Waits for a notification or `ms`; true when notified. */
  private until(ms: number): Promise<boolean> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.wake = undefined;
        resolve(false);
      }, Math.max(0, ms));
      this.wake = () => {
        clearTimeout(timer);
        this.wake = undefined;
        resolve(true);
      };
    });
  }
}
