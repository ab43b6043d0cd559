// npm run bench: kdiag's speed and memory figures, each next to a reference measured in the same run.
// Prints a table and writes bench/results/latest.json. Live figures need the local test cluster
// (KUBECONFIG, or test/cluster's admin kubeconfig when it is up); without it they are reported as skipped.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateObjects, writeClusterInfoDump } from './generate.mjs';
import { benchLive } from './live.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const BIN = join(ROOT, 'bin/kdiag.js');
const TIME = existsSync('/usr/bin/time') ? '/usr/bin/time' : undefined;
const rows = [];
const tmp = mkdtempSync(join(tmpdir(), 'kdiag-bench-'));

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

/** Wall time (ms, median of `runs`) and peak RSS (MiB, of the last run) of a command. */
export function measure(cmd, args, { runs = 7, env = {}, stdin } = {}) {
  const times = [];
  let rss;
  for (let i = 0; i < runs; i++) {
    const wrapped = TIME ? [TIME, ['-f', '%M', cmd, ...args]] : [cmd, args];
    const t0 = performance.now();
    const r = spawnSync(wrapped[0], wrapped[1], { env: { ...process.env, NO_COLOR: '1', ...env }, encoding: 'utf8', maxBuffer: 1 << 30, input: stdin });
    times.push(performance.now() - t0);
    if (r.error) throw r.error;
    if (TIME) rss = Number(r.stderr.trim().split('\n').pop()) / 1024;
    if (![0, 1].includes(r.status)) throw new Error(`${cmd} ${args.join(' ')} exited ${r.status}: ${r.stderr.slice(0, 400)}`);
  }
  return { ms: median(times), rssMiB: rss };
}

export function row(figure, ours, reference, unit, target, note = '') {
  const ratio = reference ? ours / reference : undefined;
  rows.push({ figure, ours: +ours.toFixed(2), reference: reference === undefined ? null : +reference.toFixed(2), unit, ratio: ratio === undefined ? null : +ratio.toFixed(2), target, note });
}

function kubectlPath() {
  const cached = join(process.env.HOME ?? '/root', '.cache/kdiag-cluster');
  const candidates = existsSync(cached) ? spawnSync('sh', ['-c', `ls -d ${cached}/*/bin/kubectl 2>/dev/null | sort | tail -n1`], { encoding: 'utf8' }).stdout.trim() : '';
  return candidates || spawnSync('sh', ['-c', 'command -v kubectl'], { encoding: 'utf8' }).stdout.trim() || undefined;
}

// 1. Start-up, against a Go binary's start-up in the same run.
const kubectl = kubectlPath();
const small = join(ROOT, 'fixtures/examples/shop.yaml');
const ref = kubectl ? measure(kubectl, ['version', '--client'], { runs: 11 }).ms : undefined;
row('start-up: kdiag --version', measure(process.execPath, [BIN, '--version'], { runs: 11 }).ms, ref, 'ms', '≤ 1.5× kubectl version --client');
row('start-up: kdiag pod NAME -f small-dump.yaml', measure(process.execPath, [BIN, 'pod', 'api-7d9f5c6b8-x2k4p', '-f', small], { runs: 11 }).ms, ref, 'ms', '≤ 1.5× kubectl version --client');

// 2. Offline: analyze of a generated cluster-info dump, at 1×, 2×, 4× the size.
const BASE_PODS = Number(process.env.KDIAG_BENCH_PODS ?? 20000);
const offline = [];
for (const factor of [1, 2, 4]) {
  const dir = join(tmp, `dump-${factor}x`);
  const bytes = writeClusterInfoDump(dir, BASE_PODS * factor);
  const m = measure(process.execPath, [BIN, 'analyze', dir, '-o', 'json'], { runs: factor === 1 ? 3 : 1 });
  rmSync(dir, { recursive: true, force: true });
  const mb = bytes / 1e6;
  offline.push({ factor, mb, ms: m.ms });
  row(`offline: analyze cluster-info dump ${BASE_PODS * factor} pods (${mb.toFixed(0)} MB)`, mb / (m.ms / 1000), undefined, 'MB/s', '≥ 30 MB/s', `${(m.ms / 1000).toFixed(2)} s, peak ${m.rssMiB?.toFixed(0) ?? '?'} MiB`);
}
const linear = offline[2].ms / offline[0].ms / (offline[2].mb / offline[0].mb);
row('offline: time growth 4× size vs 1× (1.0 = linear)', linear, undefined, 'ratio', '≈ 1 (linear)');

// 3. Engine throughput in-process (rules and verdict only, no I/O).
{
  const lib = await import(join(ROOT, 'dist/lib/index.js'));
  const { pods, events, nodes } = generateObjects(50000);
  const snapshot = lib.snapshotFromObjects([{ kind: 'List', items: [...pods, ...events, ...nodes] }]);
  const engine = new lib.Engine(snapshot);
  for (const p of snapshot.pods.slice(0, 2000)) engine.diagnosePod(p); // warm-up
  const t0 = performance.now();
  for (const p of snapshot.pods) engine.diagnosePod(p);
  const perSecond = snapshot.pods.length / ((performance.now() - t0) / 1000);
  row('engine: pods diagnosed per second (in-process)', perSecond, undefined, 'pods/s', '≥ 50,000 pods/s', `${lib.ALL_RULES.length} rules`);
}

// 4. Live figures against the local test cluster.
await benchLive({ BIN, kubectl, measure, row, tmp });
await (await import('./gate-rate.mjs')).benchGateRate({ BIN, kubectl, row });

rmSync(tmp, { recursive: true, force: true });
const widths = [58, 12, 12, 8, 9];
const line = (cells) => cells.map((c, i) => String(c).padEnd(widths[i] ?? 0)).join(' ');
console.log(line(['figure', 'ours', 'reference', 'unit', 'ratio']) + ' target / note');
for (const r of rows) console.log(line([r.figure, r.ours, r.reference ?? '-', r.unit, r.ratio ?? '-']) + ` ${r.target}${r.note ? `; ${r.note}` : ''}`);
mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
const out = { date: new Date().toISOString(), node: process.version, machine: `${(await import('node:os')).cpus().length} cores`, rows };
writeFileSync(join(ROOT, 'bench/results/latest.json'), JSON.stringify(out, null, 2));
console.log(`\nwrote bench/results/latest.json`);
