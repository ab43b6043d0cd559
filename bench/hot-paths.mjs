// node bench/hot-paths.mjs (npm run bench runs it): inputs that once took seconds, timed against a budget.
// Wall-clock limits live here, not in the tests (a loaded machine makes a threshold in a test flaky): the
// tests check what is computed, this checks how long it takes. Medians of 5; exits 1 when one is over.
// Build first: node scripts/build.mjs --no-types.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const lib = await import(fileURLToPath(new URL('../dist/lib/index.js', import.meta.url)));
const BIN = fileURLToPath(new URL('../bin/kdiag.js', import.meta.url));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const iso = (ms) => new Date(ms).toISOString().replace(/\.\d+Z$/, 'Z');
const rows = [];

function timed(name, budgetMs, fn) {
  const ms = median(Array.from({ length: 5 }, () => {
    const t = performance.now();
    fn();
    return performance.now() - t;
  }));
  rows.push({ name, ms, budgetMs });
}

// A 60,000-space termination message (a hand-made dump; the kubelet caps them at 4 KB): it used to take
// ~1.3 s in container/recent-restarts; clipped first, it takes milliseconds.
const now = Date.parse('2026-01-01T00:00:00Z');
const pod = {
  apiVersion: 'v1', kind: 'Pod',
  metadata: { name: 'spaces', namespace: 'default', uid: 'pod-spaces', creationTimestamp: iso(now - 600_000) },
  spec: { nodeName: 'node-1', containers: [{ name: 'app', image: 'app:1' }] },
  status: {
    phase: 'Running',
    conditions: ['PodScheduled', 'Initialized', 'ContainersReady', 'Ready'].map((type) => ({ type, status: 'True', lastTransitionTime: iso(now - 30_000) })),
    containerStatuses: [{ name: 'app', image: 'app:1', ready: true, started: true, restartCount: 5, state: { running: { startedAt: iso(now - 30_000) } },
      lastState: { terminated: { exitCode: 1, reason: 'Error', message: `panic: boom${' '.repeat(60_000)}!`, startedAt: iso(now - 90_000), finishedAt: iso(now - 31_000) } } }],
  },
};
const node = { apiVersion: 'v1', kind: 'Node', metadata: { name: 'node-1' }, status: { conditions: [{ type: 'Ready', status: 'True' }] } };
timed('diagnosePod, 60,000-space termination message', 300, () => {
  const snapshot = lib.snapshotFromObjects([pod, node]);
  new lib.Engine(snapshot, { now }).diagnosePod(snapshot.pods[0]);
});

// Nested YAML aliases, 9 levels of 9 (387 M nodes if expanded): refused from the syntax tree, whole process.
const dir = mkdtempSync(join(tmpdir(), 'kdiag-hot-'));
const levels = ['a: &a ["xxxxxxxx","xxxxxxxx","xxxxxxxx","xxxxxxxx","xxxxxxxx","xxxxxxxx","xxxxxxxx","xxxxxxxx","xxxxxxxx"]'];
for (let i = 1; i < 9; i++) levels.push(`l${i}: &l${i} [${Array(9).fill(i === 1 ? '*a' : `*l${i - 1}`).join(',')}]`);
writeFileSync(join(dir, 'aliases.yaml'), `${levels.join('\n')}\n`);
timed('analyze of 9×9 nested aliases (refused, exit 2), whole process', 1000, () => {
  const r = spawnSync(process.execPath, [BIN, 'analyze', join(dir, 'aliases.yaml')], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  if (r.status !== 2) throw new Error(`expected exit 2, got ${r.status}: ${r.stderr}`);
});
rmSync(dir, { recursive: true, force: true });

let over = 0;
for (const r of rows) {
  const ok = r.ms <= r.budgetMs;
  if (!ok) over++;
  console.log(`${ok ? 'ok  ' : 'OVER'} ${r.name}: ${r.ms.toFixed(1)} ms (budget ${r.budgetMs} ms)`);
}
process.exitCode = over > 0 ? 1 : 0;
