// The whole engine over the admission fixtures, at workload level: admission failures have no Pod, so
// these dumps carry `# expect-workload: workload=Kind/name status=S stage=S rule=ID` header lines
// (the scenario test checks their `# expect: pod=…` lines: the Pods that do exist are healthy).
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Engine } from '../../../src/engine/diagnose.js';
import { readDumps } from '../../../src/sources/dump.js';

const DIR = resolve(import.meta.dirname, '../../../fixtures/synthetic');
const files = readdirSync(DIR)
  .filter((f) => /^admission-.*\.ya?ml$/.test(f))
  .sort();

describe('admission fixtures (workload verdicts)', () => {
  it('exist', () => expect(files.length).toBeGreaterThan(0));
  for (const f of files) {
    const file = join(DIR, f);
    const wants = readFileSync(file, 'utf8')
      .split('\n')
      .slice(0, 40)
      .filter((l) => l.startsWith('# expect-workload:'))
      .map((l) => Object.fromEntries(l.slice('# expect-workload:'.length).trim().split(/\s+/).map((kv) => kv.split('=') as [string, string])));
    it(f, () => {
      expect(wants.length, 'an # expect-workload: line').toBeGreaterThan(0);
      const engine = new Engine(readDumps([file]).snapshot);
      for (const want of wants) {
        const [kind, name] = (want.workload ?? '').split('/');
        const w = engine.workloads().find((x) => x.kind === kind && x.name === name);
        expect(w, `workload ${want.workload}`).toBeDefined();
        const d = engine.diagnoseWorkload(w!);
        const summary = (d?.findings ?? []).map((x) => `${x.severity} ${x.rule}: ${x.message}`).join('\n');
        expect({ workload: want.workload, status: d?.status ?? 'healthy', stage: d?.stage ?? 'null', rule: d?.findings[0]?.rule ?? 'none' }, summary).toEqual(want);
      }
    });
  }
});
