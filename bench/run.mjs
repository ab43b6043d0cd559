// npm run bench: kdiag's speed and memory figures, each next to a reference measured in the same run.
// Prints a table and writes bench/results/latest.json. Live figures need the local test cluster
// (KUBECONFIG, or test/cluster's admin kubeconfig when it is up); without it they are reported as skipped.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { clockNow, generateObjects, servicesList, trafficObjects, writeClusterInfoDump, writeSmallDumps } from './generate.mjs';
import { benchLive } from './live.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const BIN = join(ROOT, 'bin/kdiag.js');
const TIME = existsSync('/usr/bin/time') ? '/usr/bin/time' : undefined;
// Paired rows read CPU time from `perf stat -e task-clock` (microseconds, every thread) when perf is here; /usr/bin/time
// counts in 10 ms steps, too coarse for a start-up of 30-100 ms.
const PERF = spawnSync('perf', ['stat', '-x,', '-e', 'task-clock', '--', 'true'], { encoding: 'utf8' }).stderr?.includes('task-clock') ? 'perf' : undefined;
const rows = [];
const tmp = mkdtempSync(join(tmpdir(), 'kdiag-bench-'));
// KDIAG_BENCH_ONLY=startup,offline,render,yaml,engine,hot,live,scale,fleet,peer,traffic,services runs only those
// parts (default: all but `services`, which takes 35-60 s on 2 cores).
const ONLY = process.env.KDIAG_BENCH_ONLY?.split(',');
const want = (part, byDefault = true) => (ONLY ? ONLY.includes(part) : byDefault);

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

/**
 * Wall time and CPU time (ms, medians of `runs`) and peak RSS (MiB, of the last run) of a command.
 * `exitCode`: the one exit status expected (an input error's 2, which prints no report); else 0 or 1 with a report.
 */
export function measure(cmd, args, { runs = 7, env = {}, stdin, exitCode } = {}) {
  const times = [];
  const cpu = [];
  let rss;
  for (let i = 0; i < runs; i++) {
    const wrapped = TIME ? [TIME, ['-f', '%M %U %S', cmd, ...args]] : [cmd, args];
    const t0 = performance.now();
    // The output is kept as bytes: decoding a report of tens of MB here would be counted in the command's time.
    const r = spawnSync(wrapped[0], wrapped[1], { env: { ...process.env, NO_COLOR: '1', ...env }, maxBuffer: 1 << 30, input: stdin });
    times.push(performance.now() - t0);
    if (r.error) throw r.error;
    r.stderr = r.stderr.toString('utf8');
    if (TIME) {
      const [kb, user, sys] = r.stderr.trim().split('\n').pop().split(' ').map(Number);
      rss = kb / 1024;
      cpu.push((user + sys) * 1000);
    }
    if (exitCode !== undefined) {
      if (r.status !== exitCode) throw new Error(`${cmd} ${args.join(' ')} exited ${r.status}, not ${exitCode}: ${r.stderr.slice(0, 400)}`);
      continue;
    }
    if (![0, 1].includes(r.status)) throw new Error(`${cmd} ${args.join(' ')} exited ${r.status}: ${r.stderr.slice(0, 400)}`);
    // Exit 1 is kdiag's "something is failing", but also Node's for a crash before any report.
    if (r.stdout.toString('latin1').trim() === '') throw new Error(`${cmd} ${args.join(' ')} printed no report: ${r.stderr.slice(0, 400)}`);
  }
  return { ms: median(times), cpuMs: cpu.length ? median(cpu) : undefined, rssMiB: rss };
}

/**
 * Two commands run in turn (A B A B …) so drift in a shared machine's speed hits both alike: medians of
 * each and the median of the per-pair ratios A/B, by wall time and (with perf or /usr/bin/time) by CPU time.
 */
export function paired(a, b, { runs = 9, envA = {}, envB = {} } = {}) {
  const ta = [];
  const tb = [];
  const ca = [];
  const cb = [];
  const once = ([cmd, args], env, cpu) => {
    const wrapped = PERF ? [PERF, ['stat', '-x,', '-e', 'task-clock', '--', cmd, ...args]] : TIME ? [TIME, ['-f', '%U %S', cmd, ...args]] : [cmd, args];
    const t0 = performance.now();
    const r = spawnSync(wrapped[0], wrapped[1], { env: { ...process.env, NO_COLOR: '1', ...env }, maxBuffer: 1 << 30 });
    const ms = performance.now() - t0;
    if (r.error) throw r.error;
    r.stderr = r.stderr.toString('utf8');
    if (![0, 1].includes(r.status) || r.stdout.toString('latin1').trim() === '') throw new Error(`${cmd} ${args.join(' ')} exited ${r.status}: ${r.stderr.slice(0, 400)}`);
    if (PERF && cpu) cpu.push(Number(/^([\d.]+),msec,task-clock/m.exec(r.stderr)?.[1]));
    else if (TIME && cpu) {
      const [user, sys] = r.stderr.trim().split('\n').pop().split(' ').map(Number);
      cpu.push((user + sys) * 1000);
    }
    return ms;
  };
  once(a, envA); // warm-up: page cache, compile cache
  once(b, envB);
  for (let i = 0; i < runs; i++) {
    ta.push(once(a, envA, ca));
    tb.push(once(b, envB, cb));
  }
  const cpu = ca.length && ca.every(Number.isFinite) ? { a: median(ca), b: median(cb), ratio: median(ca.map((t, i) => t / Math.max(cb[i], 1))) } : undefined;
  return { a: median(ta), b: median(tb), ratio: median(ta.map((t, i) => t / tb[i])), cpu };
}

/** One run without blocking this process (the fake API server may be a child that must keep running). */
function measureAsync(cmd, args, { env = {} } = {}) {
  return new Promise((resolve) => {
    const wrapped = TIME ? [TIME, ['-f', '%M %U %S', cmd, ...args]] : [cmd, args];
    const t0 = performance.now();
    const child = spawn(wrapped[0], wrapped[1], { env: { ...process.env, NO_COLOR: '1', ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => {
      const ms = performance.now() - t0;
      const [kb, user, sys] = TIME ? stderr.trim().split('\n').pop().split(' ').map(Number) : [];
      resolve({ ms, cpuMs: TIME ? (user + sys) * 1000 : undefined, rssMiB: TIME ? kb / 1024 : undefined, ok: code === 0 || code === 1, error: stderr.trim().split('\n')[0] });
    });
  });
}

export function row(figure, ours, reference, unit, target, note = '', pairedRatio = undefined) {
  const ratio = pairedRatio ?? (reference ? ours / reference : undefined);
  rows.push({ figure, ours: +ours.toFixed(2), reference: reference === undefined ? null : +reference.toFixed(2), unit, ratio: ratio === undefined ? null : +ratio.toFixed(2), target, note });
}

function kubectlPath() {
  const cached = join(process.env.HOME ?? '/root', '.cache/kdiag-cluster');
  const candidates = existsSync(cached) ? spawnSync('sh', ['-c', `ls -d ${cached}/*/bin/kubectl 2>/dev/null | sort | tail -n1`], { encoding: 'utf8' }).stdout.trim() : '';
  return candidates || spawnSync('sh', ['-c', 'command -v kubectl'], { encoding: 'utf8' }).stdout.trim() || undefined;
}

// 1. Start-up on each Node major present (KDIAG_BENCH_NODES: more node binaries, colon-separated), against
// a Go binary's start-up in the same run, paired; with and without NODE_EXTRA_CA_CERTS when it is set here.
const kubectl = kubectlPath();
const small = join(ROOT, 'fixtures/examples/shop.yaml');
const nodes = [process.execPath, ...(process.env.KDIAG_BENCH_NODES ?? '').split(':').filter(Boolean)];
const caCerts = process.env.NODE_EXTRA_CA_CERTS;
const realDumps = (() => {
  const files = readdirSync(join(ROOT, 'fixtures/real'), { recursive: true }).map((f) => join(ROOT, 'fixtures/real', String(f))).filter((f) => /\.ya?ml$/.test(f));
  return { files: files.length, kb: Math.round(files.reduce((n, f) => n + statSync(f).size, 0) / 1024) };
})();
for (const nodeBin of want('startup') ? nodes : []) {
  const version = spawnSync(nodeBin, ['--version'], { encoding: 'utf8' }).stdout.trim();
  for (const ca of caCerts ? ['', caCerts] : ['']) {
    const env = { NODE_EXTRA_CA_CERTS: ca };
    const label = `Node ${version}, ${ca ? 'with' : 'without'} NODE_EXTRA_CA_CERTS`;
    if (!kubectl) continue;
    // `node -e 0`: the runtime's own start, the floor under any Node CLI (and under the ratio below it).
    const real = `kdiag analyze fixtures/real (${realDumps.files} real kubectl dumps, ${realDumps.kb} KB)`;
    for (const [what, args] of [['node -e 0 (the floor)', ['-e', 'process.stdout.write("0")']], ['kdiag --version', [BIN, '--version']], ['kdiag pod NAME -f small-dump.yaml', [BIN, 'pod', 'api-7d9f5c6b8-x2k4p', '-f', small]], ['the same in zh-TW (--lang zh-TW: its catalogues, CJK text)', [BIN, 'pod', 'api-7d9f5c6b8-x2k4p', '-f', small, '--lang', 'zh-TW']], [real, [BIN, 'analyze', join(ROOT, 'fixtures/real'), '-o', 'json']]]) {
      const p = paired([nodeBin, args], [kubectl, ['version', '--client']], { runs: 11, envA: env });
      const cpu = p.cpu ? `CPU ${p.cpu.a.toFixed(0)} vs ${p.cpu.b.toFixed(0)} ms, ${p.cpu.ratio.toFixed(2)}× (paired)` : '';
      // The issue's own case: 73 such dumps (700 KB) took kdiag 1.3–1.6 s and k8sgpt's analyzers 0.23–0.30 s.
      const target = what.startsWith('node') ? 'reference only' : what === real ? 'the issue: k8sgpt 230–300 ms on 73 such dumps' : '≤ 1.5× kubectl version --client';
      row(`start-up: ${what} (${label})`, p.a, p.b, 'ms', target, cpu, p.ratio);
    }
  }
}

// The single executable (`npm run dist`: the release archive and the krew plugin, its own Node inside), the
// same small-dump run against the same Go binary.
const sea = join(ROOT, 'dist/release/kdiag');
if (want('startup') && kubectl) {
  const figure = 'start-up: single executable, kdiag pod NAME -f small-dump.yaml';
  if (existsSync(sea)) {
    const p = paired([sea, ['pod', 'api-7d9f5c6b8-x2k4p', '-f', small]], [kubectl, ['version', '--client']], { runs: 11, envA: { NODE_EXTRA_CA_CERTS: '' } });
    const cpu = p.cpu ? `CPU ${p.cpu.a.toFixed(0)} vs ${p.cpu.b.toFixed(0)} ms, ${p.cpu.ratio.toFixed(2)}× (paired)` : '';
    row(figure, p.a, p.b, 'ms', '≤ 1.5× kubectl version --client', cpu, p.ratio);
  } else {
    rows.push({ figure, ours: null, reference: null, unit: 'ms', ratio: null, target: '≤ 1.5× kubectl version --client', note: 'skipped: no dist/release/kdiag (npm run dist builds it)' });
  }
}

// 2. Offline: analyze of a generated cluster-info dump (JSON) at 1×, 2×, 4× the size, and of a kubectl-style
// YAML List, each against the raw parse floor of the same bytes in this process (JSON.parse; js-yaml with
// the core schema, the fastest JavaScript YAML parser we know).
const BASE_PODS = Number(process.env.KDIAG_BENCH_PODS ?? 20000);
const cpuNow = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
/** MB/s of `parse` over the files' text in this process: by wall time, and by CPU time as `floorMBps.cpu`. */
const floorMBps = (files, parse) => {
  const texts = files.map((f) => readFileSync(f, 'utf8'));
  const bytes = texts.reduce((n, t) => n + Buffer.byteLength(t), 0);
  const times = [];
  const cpu = [];
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    const c0 = cpuNow();
    for (const t of texts) parse(t);
    times.push(performance.now() - t0);
    cpu.push(cpuNow() - c0);
  }
  floorMBps.cpu = bytes / 1e6 / (median(cpu) / 1000);
  return bytes / 1e6 / (median(times) / 1000);
};
const filesUnder = (dir) => readdirSync(dir, { recursive: true }).map((f) => join(dir, String(f))).filter((f) => /\.(json|ya?ml)$/.test(f));
const offline = [];
for (const factor of want('offline') ? [1, 2, 4] : []) {
  const dir = join(tmp, `dump-${factor}x`);
  const bytes = writeClusterInfoDump(dir, BASE_PODS * factor);
  const m = measure(process.execPath, [BIN, 'analyze', dir, '-o', 'json'], { runs: factor === 1 ? 3 : 1 });
  const floor = factor === 1 ? floorMBps(filesUnder(dir), JSON.parse) : undefined;
  rmSync(dir, { recursive: true, force: true });
  const mb = bytes / 1e6;
  offline.push({ factor, mb, ms: m.ms });
  row(`offline: analyze cluster-info dump (JSON) ${BASE_PODS * factor} pods (${mb.toFixed(0)} MB)`, mb / (m.ms / 1000), floor, 'MB/s', '≥ 30 MB/s', `${(m.ms / 1000).toFixed(2)} s, peak ${m.rssMiB?.toFixed(0) ?? '?'} MiB${floor ? '; reference: JSON.parse of the same files' : ''}`);
}
if (offline.length === 3) row('offline: time growth 4× size vs 1× (1.0 = linear)', offline[2].ms / offline[0].ms / (offline[2].mb / offline[0].mb), undefined, 'ratio', '≈ 1 (linear)');
if (want('yaml')) {
  const jsyaml = (await import('js-yaml')).default;
  const YAML_PODS = Number(process.env.KDIAG_BENCH_YAML_PODS ?? 5000);
  const { pods, events, nodes } = generateObjects(YAML_PODS);
  const file = join(tmp, 'list.yaml');
  // kubectl's layout: sequences not indented under their key, no line folding.
  writeFileSync(file, jsyaml.dump({ apiVersion: 'v1', kind: 'List', items: [...pods, ...events, ...nodes], metadata: { resourceVersion: '' } }, { noArrayIndent: true, lineWidth: -1, noRefs: true }));
  const mb = statSync(file).size / 1e6;
  // Without NODE_EXTRA_CA_CERTS, as the target was set: Node 20 reads that file at every start (30-80 ms here),
  // a cost of the machine, not of reading YAML. The start-up rows show it with and without.
  const yamlEnv = { NODE_EXTRA_CA_CERTS: '' };
  const m = measure(process.execPath, [BIN, 'analyze', file, '-o', 'json'], { runs: 5, env: yamlEnv });
  const floor = floorMBps([file], (t) => jsyaml.load(t, { schema: jsyaml.CORE_SCHEMA }));
  row(`offline: analyze kubectl-style YAML List ${YAML_PODS} pods (${mb.toFixed(0)} MB)`, mb / (m.ms / 1000), floor, 'MB/s', '≥ 30 MB/s', `${(m.ms / 1000).toFixed(2)} s, peak ${m.rssMiB?.toFixed(0) ?? '?'} MiB, NODE_EXTRA_CA_CERTS unset; reference: js-yaml parse of the same file`);
  const floorCpu = floorMBps.cpu;
  if (m.cpuMs) row(`offline: same, by CPU time (user+sys, whole process)`, mb / (m.cpuMs / 1000), floorCpu, 'MB/s', '≥ 30 MB/s', `${(m.cpuMs / 1000).toFixed(2)} s CPU; reference: js-yaml parse of the same file by CPU time; wall time on a loaded machine counts other work`);
  // The same file broken in its last object (a cut-off or hand-edited dump): the time to its one-line error
  // naming the line, against the valid file's analyze. The fast readers step aside from a broken file; the
  // List is then read a slice at a time, and only the broken slice (and what follows it) by the careful reader.
  const text = readFileSync(file, 'utf8');
  const lastName = text.lastIndexOf('\n    name: ');
  const broken = join(tmp, 'list-broken.yaml');
  writeFileSync(broken, `${text.slice(0, lastName)}\n    name: broken: here${text.slice(text.indexOf('\n', lastName + 1))}`);
  const b = measure(process.execPath, [BIN, 'analyze', broken, '-o', 'json'], { runs: 3, exitCode: 2, env: yamlEnv });
  row(`offline: the same List broken in its last object, to the one-line error (exit 2)`, b.ms, m.ms, 'ms', '≤ the valid file\'s analyze', `peak ${b.rssMiB?.toFixed(0) ?? '?'} MiB; reference: analyze of the valid file`);
  rmSync(broken);
  // The same objects as one JSON file: what analyze costs besides reading YAML (normalise, engine, report).
  const json = join(tmp, 'list.json');
  writeFileSync(json, JSON.stringify(jsyaml.load(readFileSync(file, 'utf8'), { schema: jsyaml.CORE_SCHEMA })));
  const j = measure(process.execPath, [BIN, 'analyze', json, '-o', 'json'], { runs: 3, env: yamlEnv });
  if (m.cpuMs && j.cpuMs) row('offline: same objects as JSON, CPU time (YAML bytes per second)', mb / (j.cpuMs / 1000), mb / (m.cpuMs / 1000), 'MB/s', 'the ceiling for YAML while the rest costs this', `${(j.cpuMs / 1000).toFixed(2)} s CPU; reference: the YAML analyze by CPU above, so the ratio is what reading YAML costs on top`);
  rmSync(json);
  rmSync(file);
}

// 2b. Rendering: `analyze` of the same generated dump at three sizes in every format; time per Pod of the
// largest vs the smallest shows whether a format renders in linear time (1.0 = linear).
if (want('render')) {
  const SIZES = (process.env.KDIAG_BENCH_RENDER ?? '5000,20000,40000').split(',').map(Number);
  const times = {};
  for (const pods of SIZES) {
    const dir = join(tmp, `render-${pods}`);
    writeClusterInfoDump(dir, pods);
    for (const format of ['text', 'markdown', 'yaml', 'json']) {
      const m = measure(process.execPath, [BIN, 'analyze', dir, '-o', format], { runs: 1, env: { COLUMNS: '120' } });
      (times[format] ??= []).push({ pods, ms: m.ms });
      row(`render: analyze -o ${format}, ${pods} pods`, m.ms / 1000, undefined, 's', 'linear in pods', `${((m.cpuMs ?? 0) / 1000).toFixed(1)} s CPU, peak ${m.rssMiB?.toFixed(0) ?? '?'} MiB`);
    }
    rmSync(dir, { recursive: true, force: true });
  }
  for (const [format, t] of Object.entries(times)) {
    if (t.length < 2) continue;
    const [a, b] = [t[0], t[t.length - 1]];
    row(`render: ${format}, time per pod ${b.pods} vs ${a.pods} (1.0 = linear)`, b.ms / b.pods / (a.ms / a.pods), undefined, 'ratio', '≈ 1 (linear; < 1: fixed costs dominate the small run)');
  }
}

// 3. Engine throughput in-process (rules and verdict only, no I/O).
if (want('engine')) {
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

// Hot paths with a time budget (the wall-clock limits that tests must not hold): bench/hot-paths.mjs.
if (want('hot')) {
  const hot = spawnSync(process.execPath, [join(ROOT, 'bench/hot-paths.mjs')], { stdio: 'inherit' });
  if (hot.status !== 0) process.exitCode = 1;
}

// 4. Live figures against the local test cluster.
if (want('live')) {
  await benchLive({ BIN, kubectl, measure, paired, row, tmp, nodes });
  await (await import('./gate-rate.mjs')).benchGateRate({ BIN, kubectl, row });
}

// 5. Scale: scan -A against a paginating fake API server on loopback (bench/fake-apiserver.mjs; the real
// test cluster cannot hold 150,000 Pods), ~4 Events per Pod, the Pods' Deployments and ReplicaSets (the
// workload pass), at two sizes to show the growth.
if (want('scale')) {
  const SCALE = (process.env.KDIAG_BENCH_SCALE ?? '20000,150000').split(',').map(Number);
  const NODES = 5000;
  const at = [];
  for (const pods of SCALE) {
    const server = spawn(process.execPath, [join(ROOT, 'bench/fake-apiserver.mjs'), String(pods), String(NODES)], { stdio: ['ignore', 'pipe', 'inherit'] });
    const kubeconfig = await new Promise((r) => server.stdout.once('data', (d) => r(String(d).trim())));
    try {
      const m = await measureAsync(process.execPath, [BIN, 'scan', '-A', '--kubeconfig', kubeconfig, '-o', 'json']);
      at.push({ pods, ms: m.ms });
      row(`scale: scan -A, fake API server, ${pods} pods + ~${pods * 4} events + ${NODES} nodes + ${Math.ceil(pods / 1000) * 50} deployments and replicasets`, m.ms / 1000, undefined, 's', '< 60 s and < 1024 MiB at 150,000 pods', m.ok ? `peak ${m.rssMiB?.toFixed(0) ?? '?'} MiB, ${((m.cpuMs ?? 0) / 1000).toFixed(1)} s CPU` : `failed: ${m.error}`);
    } finally {
      server.kill();
    }
  }
  if (at.length === 2) row('scale: time per pod, largest vs smallest (1.0 = linear)', at[1].ms / at[1].pods / (at[0].ms / at[0].pods), undefined, 'ratio', '≈ 1 (linear)');
}

// 6. Fleet: one scan over 50 kubeconfig contexts, each a fake API server on loopback (bench/fake-fleet.mjs)
// with its own Pods, against one of those clusters alone: the clusters are read 4 at a time and each one's
// JSON is written before the next slot opens, so peak memory follows the largest clusters, not their number.
if (want('fleet')) {
  const CLUSTERS = Number(process.env.KDIAG_BENCH_FLEET_CLUSTERS ?? 50);
  const PODS = Number(process.env.KDIAG_BENCH_FLEET_PODS ?? 2000);
  const server = spawn(process.execPath, [join(ROOT, 'bench/fake-fleet.mjs'), String(CLUSTERS), String(PODS), '20'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const kubeconfig = await new Promise((r) => server.stdout.once('data', (d) => r(String(d).trim())));
  try {
    const one = await measureAsync(process.execPath, [BIN, 'scan', '-A', '--kubeconfig', kubeconfig, '--context', 'fleet-00', '-o', 'json']);
    const all = await measureAsync(process.execPath, [BIN, 'scan', '-A', '--kubeconfig', kubeconfig, '--all-contexts', '-o', 'json']);
    row(`fleet: scan -A --all-contexts -o json, ${CLUSTERS} fake clusters of ${PODS} pods (4 in flight)`, all.ms / 1000, one.ms / 1000, 's', `peak memory ≪ ${CLUSTERS}× one cluster's`, all.ok && one.ok ? `peak ${all.rssMiB?.toFixed(0) ?? '?'} MiB, ${((all.cpuMs ?? 0) / 1000).toFixed(1)} s CPU; reference: one of those clusters alone, ${(one.ms / 1000).toFixed(2)} s, peak ${one.rssMiB?.toFixed(0) ?? '?'} MiB` : `failed: ${all.error || one.error}`);
  } finally {
    server.kill();
  }
}

// 8. Against a peer on the same work: KDIAG_BENCH_PEER is a command whose `{}` is a dump directory or file
// (e.g. a Go build of another tool's analyzers: KDIAG_BENCH_PEER='/opt/peer/analyze {}'), run paired with
// kdiag on a generated folder of 150 small kubectl dumps (1-20 objects each), once for the whole folder and
// once as one process per file, and once per file over the captured dumps in fixtures/real. The peer's first
// line of output on each input is quoted, so a peer that finds nothing shows. Without it the rows say they
// were skipped.
if (want('peer')) {
  const dir = join(tmp, 'small-dumps');
  const files = writeSmallDumps(dir, 150);
  const realDir = join(ROOT, 'fixtures/real');
  const realFiles = readdirSync(realDir).filter((f) => /\.(ya?ml|json)$/.test(f)).sort().map((f) => join(realDir, f));
  const peer = process.env.KDIAG_BENCH_PEER;
  const env = { NODE_EXTRA_CA_CERTS: '' };
  const loop = (cmd, over) => ['sh', ['-c', `for f in "$@"; do ${cmd} >/dev/null; s=$?; [ $s -le 1 ] || exit $s; done; echo done`, 'loop', ...over]];
  const cpuNote = (p) => (p.cpu ? `CPU ${p.cpu.a.toFixed(0)} vs ${p.cpu.b.toFixed(0)} ms, ratio ${p.cpu.ratio.toFixed(2)}` : '');
  if (!peer) {
    rows.push({ figure: 'peer: analyze of 150 small dumps (one process)', ours: null, reference: null, unit: 'ms', ratio: null, target: '≤ 1.0× the peer', note: 'skipped: set KDIAG_BENCH_PEER to a peer command (with {} for the dumps) to time it' });
    rows.push({ figure: 'peer: one process per file, 150 small dumps', ours: null, reference: null, unit: 'ms', ratio: null, target: '≤ 1.0× the peer', note: 'skipped: KDIAG_BENCH_PEER not set' });
    rows.push({ figure: `peer: one process per file, fixtures/real (${realFiles.length} dumps)`, ours: null, reference: null, unit: 'ms', ratio: null, target: '≤ 1.0× the peer', note: 'skipped: KDIAG_BENCH_PEER not set' });
  } else {
    const [peerCmd, ...peerArgs] = peer.trim().split(/\s+/);
    const peerOn = (path) => [peerCmd, peerArgs.map((a) => a.replace('{}', path))];
    const firstLine = (path) => {
      const r = spawnSync(...peerOn(path), { encoding: 'utf8', maxBuffer: 1 << 30 });
      return (r.stdout ?? '').split('\n')[0].slice(0, 100) || `(no output, exit ${r.status})`;
    };
    const whole = paired([process.execPath, [BIN, 'analyze', dir]], peerOn(dir), { runs: 9, envA: env });
    row('peer: analyze of 150 small dumps (one process), wall', whole.a, whole.b, 'ms', '≤ 1.0× the peer', `${cpuNote(whole)}; peer printed: ${firstLine(dir)}`, whole.ratio);
    const perFile = (cmd, over) => loop(cmd.replace('{}', '"$f"'), over);
    const each = paired(perFile(`"${process.execPath}" "${BIN}" analyze {}`, files), perFile(peer, files), { runs: 3, envA: env });
    row('peer: one process per file, 150 small dumps, wall', each.a, each.b, 'ms', '≤ 1.0× the peer', cpuNote(each), each.ratio);
    const real = paired(perFile(`"${process.execPath}" "${BIN}" analyze {}`, realFiles), perFile(peer, realFiles), { runs: 3, envA: env });
    row(`peer: one process per file, fixtures/real (${realFiles.length} dumps), wall`, real.a, real.b, 'ms', '≤ 1.0× the peer', `${cpuNote(real)}; peer printed on the directory: ${firstLine(realDir)}`, real.ratio);
  }
}

// 7. The traffic path in lists: analyze of 5,000 Pods with a Service per app and 1,000 NetworkPolicies, against
// the same input with the policies left out (both say NetworkPolicies were listed, so each Service's policy hop
// is judged, not skipped as unknown). Paired runs; the target is at most 1.2× the run without policies.
if (want('traffic')) {
  const PODS = 5000;
  const POLICIES = 1000;
  const { pods, events, nodes: nodeList, deployments, replicaSets } = generateObjects(PODS);
  const write = (name, policies) => {
    const { namespaces, services, networkPolicies } = trafficObjects(PODS, policies);
    const file = join(tmp, name);
    const items = [...nodeList, ...namespaces, ...pods, ...events, ...deployments, ...replicaSets, ...services, ...networkPolicies];
    writeFileSync(file, JSON.stringify({ apiVersion: 'v1', kind: 'List', metadata: { annotations: { 'kdiag.io/seen-kinds': 'NetworkPolicy,Namespace,Ingress,IngressClass' } }, items }));
    return file;
  };
  const withPolicies = write('traffic-policies.json', POLICIES);
  const without = write('traffic-no-policies.json', 0);
  const p = paired([process.execPath, [BIN, 'analyze', withPolicies, '-o', 'json']], [process.execPath, [BIN, 'analyze', without, '-o', 'json']], { runs: 5 });
  row(`traffic: analyze ${PODS} pods, 250 Services, ${POLICIES} NetworkPolicies vs none`, p.a, p.b, 'ms', '≤ 1.2× without policies', p.cpu ? `CPU ${p.cpu.a.toFixed(0)} vs ${p.cpu.b.toFixed(0)} ms, ratio ${p.cpu.ratio.toFixed(2)}` : '', p.ratio);
}

// 9. Services at scale: analyze of a List of Running, Ready Pods with one Service per app (bench/generate.mjs
// servicesList), without and with NetworkPolicies (a default-deny and an allow in every third namespace), at
// two sizes; time per Pod of the larger against the smaller shows whether the Services' paths grow linearly.
// KDIAG_BENCH_SERVICES: the sizes as PODS/SERVICES/NAMESPACES, comma-separated. Not in the default run.
if (want('services', false)) {
  const SIZES = (process.env.KDIAG_BENCH_SERVICES ?? '4000/400/40,16000/1600/100').split(',').map((s) => s.split('/').map(Number));
  for (const policies of [false, true]) {
    const at = [];
    for (const [pods, services, namespaces] of SIZES) {
      const file = join(tmp, `services-${pods}.json`);
      writeFileSync(file, JSON.stringify(servicesList(pods, services, namespaces, { policies })));
      const m = measure(process.execPath, [BIN, 'analyze', file, '-o', 'json', '--now', clockNow()], { runs: pods <= 5000 ? 3 : 1 });
      rmSync(file);
      at.push({ pods, ms: m.ms, cpuMs: m.cpuMs });
      const input = `${pods} pods / ${services} Services / ${namespaces} namespaces${policies ? ', NetworkPolicies in every third' : ', no NetworkPolicy'}`;
      row(`services: analyze -o json, ${input}`, m.ms / 1000, undefined, 's', 'linear in pods', `${((m.ms * 1000) / pods).toFixed(0)} µs per pod (CPU ${(((m.cpuMs ?? 0) * 1000) / pods).toFixed(0)} µs), ${((m.cpuMs ?? 0) / 1000).toFixed(1)} s CPU, peak ${m.rssMiB?.toFixed(0) ?? '?'} MiB`);
    }
    if (at.length < 2) continue;
    const [a, b] = [at[0], at[at.length - 1]];
    const cpu = a.cpuMs && b.cpuMs ? `; by CPU time ${(b.cpuMs / b.pods / (a.cpuMs / a.pods)).toFixed(2)}` : '';
    row(`services: time per pod ${b.pods} vs ${a.pods}, ${policies ? 'with' : 'without'} NetworkPolicies (1.0 = linear)`, b.ms / b.pods / (a.ms / a.pods), undefined, 'ratio', `≈ 1 (linear; < 1: fixed costs dominate the small run)${cpu}`);
  }
}

rmSync(tmp, { recursive: true, force: true });
const widths = [58, 12, 12, 8, 9];
const line = (cells) => cells.map((c, i) => String(c).padEnd(widths[i] ?? 0)).join(' ');
console.log(line(['figure', 'ours', 'reference', 'unit', 'ratio']) + ' target / note');
for (const r of rows) console.log(line([r.figure, r.ours ?? '-', r.reference ?? '-', r.unit, r.ratio ?? '-']) + ` ${r.target}${r.note ? `; ${r.note}` : ''}`);
mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
const out = { date: new Date().toISOString(), node: process.version, machine: `${(await import('node:os')).cpus().length} cores`, rows };
writeFileSync(join(ROOT, 'bench/results/latest.json'), JSON.stringify(out, null, 2));
console.log(`\nwrote bench/results/latest.json`);
