// Sizes: 100,000 Events for one Pod and 1 MB messages. The output stays bounded (text and Markdown clip
// cluster text with a marker), memory stays bounded, and the run finishes. Wall time and peak RSS are
// printed for the README; only generous sanity bounds are asserted.
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Engine } from '../../src/engine/diagnose.js';
import { snapshotFromObjects } from '../../src/sources/dump.js';
import { at, conditions, containerStatus, event, node, pod } from '../harness/builders.js';
import { unsafeAt } from './hostile.js';
import { kdiagAsync, type Measured, peakKiB } from '../support/cli.js';
import { BIG_INPUT_TIMEOUT } from '../support/budgets.js';

const EVENTS = 100_000;
// A YAML List of 100,000 Events is ~50 MB and takes ~30 s to parse; set KDIAG_HARDENING_FULL=1 to run
// it at full size, otherwise the YAML variant uses 20,000 (still above the size where items are sliced).
const YAML_EVENTS = process.env.KDIAG_HARDENING_FULL === '1' ? 100_000 : 20_000;
const MB = 'M'.repeat(2 ** 20);

const dir = mkdtempSync(join(tmpdir(), 'kdiag-sizes-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const figures: string[] = [];
const note = (what: string, file: string, r: Measured): void => {
  figures.push(
    `${what} (${(statSync(file).size / 2 ** 20).toFixed(1)} MiB input): exit ${r.code}, ${(r.ms / 1000).toFixed(2)} s` +
      `${r.maxRssKiB !== undefined ? `, peak RSS ${Math.round(r.maxRssKiB / 1024)} MiB` : ''}, stdout ${r.stdout.length.toLocaleString('en')} chars`,
  );
};
afterAll(() => console.log(`size figures:\n  ${figures.join('\n  ')}`));

const pulling = pod({
  metadata: { name: 'api-1', uid: 'pod-api-1' },
  status: { phase: 'Pending', conditions: conditions({ sandbox: true }), containerStatuses: [containerStatus({ waiting: { reason: 'ImagePullBackOff', message: 'Back-off pulling image "127.0.0.1:5000/shop/api:1.4.2"' } })] },
});
const pullMessage = (i: number): string =>
  `Failed to pull image "127.0.0.1:5000/shop/api:1.4.2": rpc error: code = NotFound desc = failed to pull and unpack image "127.0.0.1:5000/shop/api:1.4.2": not found (attempt ${i})`;

/** Pods whose own text is 1 MB: a waiting message, an event message, a scheduler message, a termination message. */
function bigMessagePods(): unknown[] {
  const bigWaiting = pod({
    metadata: { name: 'big-waiting', uid: 'pod-big-waiting' },
    status: { phase: 'Pending', conditions: conditions({ sandbox: true }), containerStatuses: [containerStatus({ waiting: { reason: 'ErrImagePull', message: `rpc error: code = NotFound desc = ${MB} not found` } })] },
  });
  const bigEvent = pod({
    metadata: { name: 'big-event', uid: 'pod-big-event' },
    status: { phase: 'Pending', conditions: conditions({ sandbox: false }), containerStatuses: [containerStatus({ waiting: { reason: 'ContainerCreating' } })] },
  });
  const bigScheduling = pod({
    metadata: { name: 'big-sched', uid: 'pod-big-sched' },
    spec: { nodeName: undefined },
    status: { phase: 'Pending', conditions: [{ type: 'PodScheduled', status: 'False', reason: 'Unschedulable', message: `0/1 nodes are available: 1 Insufficient cpu. ${MB}`, lastTransitionTime: at(-600) }] },
  });
  const bigCrash = pod({
    metadata: { name: 'big-crash', uid: 'pod-big-crash' },
    status: {
      phase: 'Running',
      conditions: conditions({ sandbox: true }),
      containerStatuses: [containerStatus({ restartCount: 12, waiting: { reason: 'CrashLoopBackOff', message: `back-off 5m0s restarting failed container=app ${MB}` }, lastTerminated: { exitCode: 1, reason: 'Error', message: MB, startedAt: at(-70), finishedAt: at(-60) } })],
    },
  });
  return [
    bigWaiting,
    bigEvent,
    bigScheduling,
    bigCrash,
    event(bigWaiting, { reason: 'Failed', message: `Failed to pull image "x": rpc error: code = NotFound desc = ${MB}: not found`, count: 3 }),
    event(bigEvent, { reason: 'FailedMount', message: `MountVolume.SetUp failed for volume "cfg" : configmap "cfg" not found ${MB}`, count: 30 }),
    event(bigScheduling, { reason: 'FailedScheduling', message: `0/1 nodes are available: 1 Insufficient cpu. ${MB}`, source: 'default-scheduler' }),
    event(bigCrash, { reason: 'BackOff', message: `Back-off restarting failed container app ${MB}`, count: 50 }),
  ];
}

function manyEvents(n: number): unknown[] {
  const out: unknown[] = [];
  for (let i = 0; i < n; i++) out.push(event(pulling, { reason: i % 10 === 0 ? 'BackOff' : 'Failed', message: pullMessage(i), first: at(-n + i), last: at(-n + i + 1), count: 1 + (i % 3) }));
  return out;
}

/** The same Events written the way `kubectl get events -o yaml` prints them, built as text (fast). */
function eventsYaml(n: number): string {
  const lines = ['apiVersion: v1', 'items:'];
  // The Pod and the Node as JSON flow mappings inside the YAML sequence: valid YAML, and exact.
  lines.push(`- ${JSON.stringify(pulling)}`, `- ${JSON.stringify(node())}`);
  for (let i = 0; i < n; i++) {
    lines.push(
      '- apiVersion: v1',
      `  count: ${1 + (i % 3)}`,
      `  firstTimestamp: "${at(-n + i)}"`,
      '  involvedObject:',
      '    apiVersion: v1',
      '    kind: Pod',
      `    name: ${pulling.metadata.name}`,
      '    namespace: shop',
      `    uid: ${pulling.metadata.uid}`,
      '  kind: Event',
      `  lastTimestamp: "${at(-n + i + 1)}"`,
      `  message: '${pullMessage(i)}'`,
      '  metadata:',
      `    name: ${pulling.metadata.name}.${i.toString(16).padStart(16, '0')}`,
      '    namespace: shop',
      `  reason: ${i % 10 === 0 ? 'BackOff' : 'Failed'}`,
      '  source:',
      '    component: kubelet',
      '    host: node-1',
      '  type: Warning',
    );
  }
  lines.push('kind: List', 'metadata:', '  resourceVersion: ""', '');
  return lines.join('\n');
}

/** Text output bounded: no line over the clip size plus its marker, and the marker is there. */
function expectBoundedText(out: string): void {
  const longest = Math.max(...out.split('\n').map((l) => l.length));
  expect(longest).toBeLessThan(1200);
  expect(unsafeAt(out)).toBeUndefined();
}

describe(`${EVENTS.toLocaleString('en')} Events for one Pod`, { timeout: BIG_INPUT_TIMEOUT }, () => {
  const file = join(dir, 'events.json');
  writeFileSync(file, JSON.stringify({ apiVersion: 'v1', kind: 'List', items: [pulling, node(), ...manyEvents(EVENTS)] }));

  it('analyze: diagnosed, bounded output, bounded memory', async () => {
    const r = await kdiagAsync(['analyze', file], { timeoutMs: 120_000 });
    note(`analyze, ${EVENTS} Events (JSON)`, file, r);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stdout).toContain('FAILING at image');
    expect(r.stdout).toContain('Warning Failed'); // evidence quotes the newest of the 100k events
    expect(r.stdout.length).toBeLessThan(10_000);
    expectBoundedText(r.stdout);
    expect(peakKiB(r)).toBeLessThan(2 * 1024 * 1024); // sanity bound only
  });

  it('pod -f -o json: the same diagnosis, bounded', async () => {
    const r = await kdiagAsync(['pod', 'api-1', '-f', file, '-o', 'json'], { timeoutMs: 120_000 });
    note(`pod -f -o json, ${EVENTS} Events (JSON)`, file, r);
    expect(r.code).toBe(1);
    const d = JSON.parse(r.stdout);
    expect(d.findings[0].rule).toBe('image/not-found');
    expect(r.stdout.length).toBeLessThan(100_000); // evidence quotes a few merged events, not 100k
  });

  it(`the same Events as a kubectl-style YAML List (${YAML_EVENTS.toLocaleString('en')} Events; sliced parsing) give the same JSON`, async () => {
    const yamlFile = join(dir, 'events.yaml');
    writeFileSync(yamlFile, eventsYaml(YAML_EVENTS));
    const jsonFile = join(dir, 'events-same.json');
    writeFileSync(jsonFile, JSON.stringify({ apiVersion: 'v1', kind: 'List', items: [pulling, node(), ...manyEvents(YAML_EVENTS)] }));
    // One clock for both: by default each file is judged at its own modification time, named in a note.
    const now = ['--now', new Date().toISOString()];
    const r = await kdiagAsync(['analyze', yamlFile, '-o', 'json', ...now], { timeoutMs: 300_000 });
    note(`analyze -o json, ${YAML_EVENTS} Events (YAML)`, yamlFile, r);
    expect(r.code, r.stderr).toBe(1);
    expect(JSON.parse(r.stdout)).toEqual(JSON.parse((await kdiagAsync(['analyze', jsonFile, '-o', 'json', ...now])).stdout));
    expect(peakKiB(r)).toBeLessThan(3 * 1024 * 1024);
  }, 600_000);
});

describe('200,000 distinct Events for one Pod', { timeout: BIG_INPUT_TIMEOUT }, () => {
  // Rule helpers once took `Math.min(...times)` over all of a Pod's events: past ~120,000 arguments V8
  // throws RangeError and the rules were skipped. They use rules/helpers/numbers.ts minOf/maxOf now.
  it('the image rules still diagnose the Pod', async () => {
    const n = 200_000;
    const file = join(dir, 'events-200k.json');
    const events = [];
    for (let i = 0; i < n; i++) {
      const t = at(-n + i);
      events.push({ kind: 'Event', metadata: { namespace: 'shop' }, involvedObject: { kind: 'Pod', name: 'api-1', namespace: 'shop', uid: 'pod-api-1' }, reason: 'Failed', type: 'Warning', message: pullMessage(i), firstTimestamp: t, lastTimestamp: t, source: { component: 'kubelet' } });
    }
    writeFileSync(file, JSON.stringify({ apiVersion: 'v1', kind: 'List', items: [pulling, node(), ...events] }));
    const r = await kdiagAsync(['pod', 'api-1', '-f', file, '-o', 'json'], { timeoutMs: 120_000 });
    note('pod -f -o json, 200000 distinct Events (JSON)', file, r);
    const d = JSON.parse(r.stdout);
    expect(d.notes.filter((n: string) => n.includes('was skipped'))).toEqual([]);
    expect(d.findings[0]?.rule).toBe('image/not-found');
  });
});

describe('a long run of whitespace in a termination message', () => {
  // terminationMessage() once ran a backtracking regex over the whole message (quadratic on a long run of
  // whitespace: 60 K spaces took ~1.3 s, 1 MB minutes); it clips first now. A real kubelet caps termination
  // messages at 4 KB, a hand-made dump does not.
  it('container/recent-restarts diagnoses it (its time: bench/hot-paths.mjs)', () => {
    const restarted = pod({
      metadata: { name: 'spaces', uid: 'pod-spaces' },
      status: {
        phase: 'Running',
        conditions: conditions({ sandbox: true, ready: true }),
        containerStatuses: [containerStatus({ ready: true, started: true, restartCount: 5, running: { startedAt: at(-30) }, lastTerminated: { exitCode: 1, reason: 'Error', message: `panic: boom${' '.repeat(60_000)}!`, startedAt: at(-90), finishedAt: at(-31) } })],
      },
    });
    const snapshot = snapshotFromObjects([restarted, node()]);
    const engine = new Engine(snapshot);
    const started = performance.now();
    const d = engine.diagnosePod(snapshot.pods[0]!);
    const ms = performance.now() - started;
    figures.push(`diagnosePod with a 60,000-space termination message: ${Math.round(ms)} ms`);
    expect(d.findings.some((f) => f.rule === 'container/recent-restarts')).toBe(true);
  });
});

describe('1 MB messages', { timeout: BIG_INPUT_TIMEOUT }, () => {
  const file = join(dir, 'big-messages.json');
  writeFileSync(file, JSON.stringify({ apiVersion: 'v1', kind: 'List', items: [node(), ...bigMessagePods()] }));

  for (const format of ['text', 'markdown']) {
    it(`analyze -o ${format}: every 1 MB message is clipped with a marker`, async () => {
      const r = await kdiagAsync(['analyze', file, '-v', '-o', format], { timeoutMs: 120_000 });
      note(`analyze -v -o ${format}, four 1 MB messages`, file, r);
      expect(r.code, r.stderr).toBe(1);
      expect(r.stdout.length).toBeLessThan(60_000); // 4 MB of cluster text in, a few KB out
      expect(r.stdout).toMatch(/…\s+\\?\[\d+\s+more\s+characters\\?\]/); // the wrap may break the marker at its spaces
      expectBoundedText(r.stdout);
    });
  }

  it('pod -f for each: bounded text', async () => {
    for (const name of ['big-waiting', 'big-event', 'big-sched', 'big-crash']) {
      const r = await kdiagAsync(['pod', name, '-f', file, '-v']);
      expect([0, 1]).toContain(r.code);
      expect(r.stdout.length, name).toBeLessThan(20_000);
      expectBoundedText(r.stdout);
    }
  });

  it('-o json keeps evidence whole (a machine format: it grows with the input, it is not clipped)', async () => {
    const r = await kdiagAsync(['analyze', file, '-o', 'json'], { timeoutMs: 120_000 });
    note('analyze -o json, four 1 MB messages', file, r);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).items.length).toBeGreaterThanOrEqual(4);
    expect(r.stdout.length).toBeLessThan(40 * 2 ** 20); // linear in the input, not worse
  });
});
