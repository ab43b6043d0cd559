// A large YAML List read on two threads: a worker reads the second part of its items (and normalises them)
// while this thread reads the first; the worker's objects come back by structured clone, which keeps every
// value as the reader made it. The read stays synchronous (readDumps is): this thread waits on a shared flag
// and takes the worker's message with receiveMessageOnPort. Whenever anything does not fit (the reader steps
// aside from a part, the parts do not join, the worker cannot start or fails), the caller reads the text as
// before, on this thread, so the objects, errors and messages are the same.
import { MessageChannel, receiveMessageOnPort, Worker } from 'node:worker_threads';
import { join } from 'node:path';
import type { RestRead } from './read-worker.js';
import { addedAsList, joinListParts, splitList } from './split-list.js';
import { kubectlYamlDocuments } from './yaml-kubectl.js';

/** Texts shorter than this (characters) are read on one thread: a worker takes 30-40 ms to start. */
export const PARALLEL_READ_CHARS = 4 * 2 ** 20;
/** The worker's share of the items: it also normalises them and hands them over, which this thread's part does not wait for. */
const REST_SHARE = 0.47;
/** How long the worker may take to start running, then to finish, before this thread reads the text itself. */
const START_WAIT_MS = 2_000;
const FINISH_WAIT_MS = 120_000;

/** A List's documents, with the items the worker normalised (SnapshotBuilder skips them). */
export interface ParallelRead {
  values: unknown[];
  prepared: WeakSet<object>;
}

/** Starts a worker thread that reads `rest`; the worker's file and what it runs are given (tests give others). */
export type RestReader = (rest: string) => PendingRest | undefined;
export interface PendingRest {
  /** The worker's answer once it has one (undefined: it failed, stepped aside or took too long); ends the worker. */
  result(): RestRead | undefined;
  /** Ends the worker without waiting for it. */
  cancel(): void;
}

/**
 * The documents of `text` read on two threads, or undefined when the caller must read it as before (the
 * text is not a kubectl-style List, a part is not the kubectl reader's, or the worker is not there).
 */
export function readListInParallel(text: string, startRest: RestReader | undefined, minChars = PARALLEL_READ_CHARS): ParallelRead | undefined {
  if (!startRest || text.length < minChars) return undefined;
  const parts = splitList(text, 1 - REST_SHARE);
  if (!parts) return undefined;
  let pending: PendingRest | undefined;
  try {
    pending = startRest(parts.rest);
  } catch {
    return undefined;
  }
  if (!pending) return undefined;
  let head: unknown[] | undefined;
  try {
    head = kubectlYamlDocuments(parts.head);
  } catch {
    head = undefined; // the serial read meets it again, and says what it says today
  }
  if (!head) {
    pending.cancel();
    return undefined;
  }
  const rest = pending.result();
  if (!rest) return undefined;
  const values = joinListParts(head, rest.docs);
  // A document read as another kind than a List: its items are not added one by one, and the worker's were normalised.
  if (!values || !addedAsList(values[0])) return undefined;
  const items = (rest.docs[0] as { items: unknown[] }).items;
  const prepared = new WeakSet<object>();
  for (let i = 0; i < rest.prepared.length; i++) if (rest.prepared[i] === 1) prepared.add(items[i] as object);
  return { values, prepared };
}

// The worker's first code: it always answers (a result, or undefined when its chunk cannot be loaded or throws),
// then raises the flag; 1 says it is running.
const BOOTSTRAP = `'use strict';
const { workerData } = require('node:worker_threads');
const flag = new Int32Array(workerData.flag);
Atomics.store(flag, 0, 1);
let out;
try { out = require(workerData.file).readRest(workerData.rest); } catch { out = undefined; }
try { workerData.port.postMessage(out); } catch { workerData.port.postMessage(undefined); }
Atomics.store(flag, 0, 2);
Atomics.notify(flag, 0);
`;

/** The CLI bundle's worker (dist/cli/chunks/read-worker.cjs), or undefined outside it (the library, tests of the sources). */
export function bundledRestReader(): RestReader | undefined {
  // In the CommonJS bundle __dirname is dist/cli; in ES modules (the library build, vitest) it is not defined.
  const dir = typeof __dirname === 'string' ? __dirname : undefined;
  return dir === undefined ? undefined : workerRestReader(join(dir, 'chunks', 'read-worker.cjs'));
}

/** A RestReader running `file`'s readRest in a worker thread. */
export function workerRestReader(file: string): RestReader {
  return (rest) => {
    const flag = new Int32Array(new SharedArrayBuffer(4));
    const { port1, port2 } = new MessageChannel();
    let worker: Worker;
    try {
      worker = new Worker(BOOTSTRAP, { eval: true, workerData: { file, rest, flag: flag.buffer, port: port2 }, transferList: [port2], stdout: true, stderr: true });
    } catch {
      port1.close();
      return undefined;
    }
    worker.unref();
    worker.on('error', () => {}); // a worker that failed is answered for by the flag's wait: read serially
    const end = (): void => {
      port1.close();
      void worker.terminate();
    };
    return {
      cancel: end,
      result() {
        try {
          return waitFor(flag) ? (receiveMessageOnPort(port1)?.message as RestRead | undefined) : undefined;
        } finally {
          end();
        }
      },
    };
  };
}

/** Waits for the worker's flag to reach 2 (answered): true when it did in time. */
function waitFor(flag: Int32Array): boolean {
  const started = Date.now();
  for (;;) {
    const state = Atomics.load(flag, 0);
    if (state === 2) return true;
    const left = (state === 0 ? START_WAIT_MS : FINISH_WAIT_MS) - (Date.now() - started);
    if (left <= 0) return false;
    Atomics.wait(flag, 0, state, left);
  }
}
