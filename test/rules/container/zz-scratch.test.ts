import { it } from 'vitest';
import { readdirSync } from 'node:fs';
import { Engine } from '../../../src/engine/diagnose.js';
import { readDumps } from '../../../src/sources/dump.js';
it('print', () => {
  const dir = process.env.DIR ?? 'fixtures/synthetic/';
  for (const f of readdirSync(dir).filter((f) => /^(image|container|readiness|healthy)-/.test(f))) {
    const engine = new Engine(readDumps([dir + f]).snapshot);
    for (const p of engine.snapshot.pods) {
      const d = engine.diagnosePod(p);
      console.log(`\n== ${f}: ${d.status} ${d.stage} :: ${d.summary}`);
      for (const x of d.findings) {
        console.log(`  [${x.severity}/${x.confidence}] ${x.rule}: ${x.message}`);
        for (const e of x.evidence) console.log(`      ev: ${e.text.slice(0, 220)}`);
        for (const r of x.remediation) console.log(`      fix: ${r.slice(0, 220)}`);
      }
    }
    for (const w of engine.workloads()) { const d = engine.diagnoseWorkload(w); if (d) console.log(`  WORKLOAD ${w.kind}/${w.name}: ${d.summary}`); }
  }
});
