// node bench/engine.mjs [runs] [pods]: the engine's in-process throughput, the way issue 6 measures it
// (one process per run, 2,000 Pods of warm-up, then every Pod once), reported as the median of the runs,
// with the garbage collector's share and, per kind of Pod, the steady-state cost of podFacts and of the rules.
// Build first: node scripts/build.mjs --no-types. This machine is shared: compare medians, not single runs.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const runs = Number(process.argv[2] ?? 5);
const count = Number(process.argv[3] ?? 50000);
const lib = fileURLToPath(new URL('../dist/lib/index.js', import.meta.url));
const generate = fileURLToPath(new URL('./generate.mjs', import.meta.url));

const once = `
import { PerformanceObserver } from 'node:perf_hooks';
const { generateObjects } = await import(${JSON.stringify(generate)});
const lib = await import(${JSON.stringify(lib)});
const { pods, events, nodes } = generateObjects(${count});
const s = lib.snapshotFromObjects([{ kind: 'List', items: [...pods, ...events, ...nodes] }]);
const e = new lib.Engine(s);
for (const p of s.pods.slice(0, 2000)) e.diagnosePod(p);
let gc = 0;
const obs = new PerformanceObserver((list) => { for (const x of list.getEntries()) gc += x.duration; });
obs.observe({ entryTypes: ['gc'] });
const t = performance.now();
for (const p of s.pods) e.diagnosePod(p);
const ms = performance.now() - t;
await new Promise((r) => setTimeout(r, 50));
console.log(JSON.stringify({ perSecond: s.pods.length / (ms / 1000), gcShare: gc / ms }));
`;

const results = [];
for (let i = 0; i < runs; i++) {
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', once], { encoding: 'utf8', maxBuffer: 1 << 24 });
  if (r.status !== 0) throw new Error(r.stderr);
  results.push(JSON.parse(r.stdout.trim().split('\n').pop()));
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(`engine: ${count} Pods, ${runs} runs: ${results.map((r) => Math.round(r.perSecond)).join(', ')} pods/s; median ${Math.round(median(results.map((r) => r.perSecond)))} pods/s, GC ${Math.round(100 * median(results.map((r) => r.gcShare)))}% of the time`);

// Steady state per kind of Pod (µs per Pod, best of 6 passes over 10,000 Pods): what podFacts and the rules cost.
const { generateObjects } = await import(generate);
const { Engine, snapshotFromObjects } = await import(lib);
const { pods, events, nodes } = generateObjects(10000);
const snapshot = snapshotFromObjects([{ kind: 'List', items: [...pods, ...events, ...nodes] }]);
const all = new Engine(snapshot);
const none = new Engine(snapshot, { rules: [] });
const kindOf = (p) => ['healthy', 'healthy', 'healthy', 'healthy', 'healthy', 'healthy', 'healthy', 'image pull', 'crash loop', 'unschedulable'][Number(p.metadata.name.split('-')[1]) % 10];
const groups = new Map();
for (const p of snapshot.pods) groups.set(kindOf(p), [...(groups.get(kindOf(p)) ?? []), p]);
const best = (fn, n) => {
  fn();
  let b = Infinity;
  for (let r = 0; r < 6; r++) {
    const t = performance.now();
    fn();
    b = Math.min(b, performance.now() - t);
  }
  return (b * 1000) / n;
};
for (const [kind, list] of groups) {
  const facts = best(() => list.forEach((p) => none.index.podFacts(p)), list.length);
  const bare = best(() => list.forEach((p) => none.diagnosePod(p)), list.length);
  const full = best(() => list.forEach((p) => all.diagnosePod(p)), list.length);
  console.log(`  ${kind.padEnd(14)} ${full.toFixed(1).padStart(5)} µs/Pod: podFacts ${facts.toFixed(1)}, verdict ${(bare - facts).toFixed(1)}, rules ${(full - bare).toFixed(1)}`);
}
