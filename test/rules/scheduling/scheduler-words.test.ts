// Every scheduling finding keeps the scheduler's own words for the reasons it explains, so a person can search
// for them: the real captures and the synthetic dumps whose Pod has a FailedScheduling event.
import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Engine } from '../../../src/engine/diagnose.js';
import { schedulingFailure } from '../../../src/rules/helpers/scheduler-message.js';
import { readDumps } from '../../../src/sources/dump.js';

const FIXTURES = resolve(import.meta.dirname, '../../../fixtures');

/** Each scheduling finding of each Pod with a FailedScheduling event: its message and the scheduler's reasons as printed. */
function findings(): Array<{ where: string; rule: string; message: string; said: string[] }> {
  const out: Array<{ where: string; rule: string; message: string; said: string[] }> = [];
  for (const dir of ['real', 'synthetic']) {
    for (const file of readdirSync(resolve(FIXTURES, dir)).filter((f) => /\.ya?ml$/.test(f)).sort()) {
      const engine = new Engine(readDumps([resolve(FIXTURES, dir, file)]).snapshot);
      for (const pod of engine.snapshot.pods) {
        // The scheduling failure the rules read (the latest FailedScheduling event or PodScheduled=False condition).
        const failure = schedulingFailure(engine.index.podFacts(pod), engine.now);
        if (!failure?.event) continue;
        const parsed = failure.parsed;
        const said = [...(parsed.preFilter ? [parsed.preFilter.text] : []), ...parsed.reasons.map((r) => `${r.count} ${r.text}`)];
        for (const f of engine.diagnosePod(pod).findings) if (f.rule.startsWith('scheduling/')) out.push({ where: `${dir}/${file} ${pod.metadata?.name}`, rule: f.rule, message: f.message, said });
      }
    }
  }
  return out;
}

describe("scheduling findings quote the scheduler's words", () => {
  const all = findings();

  it('there are such findings on real captures of most scheduling rules', () => {
    expect(new Set(all.filter((f) => f.where.startsWith('real/')).map((f) => f.rule)).size).toBeGreaterThanOrEqual(10);
  });

  it('each message holds, verbatim, one of the reasons the scheduler printed', () => {
    const missing = all.filter((f) => f.said.length > 0 && !f.said.some((s) => f.message.includes(s) || f.message.includes(s.replace(/^\d+ /, ''))));
    expect(missing.map((f) => `${f.where} ${f.rule}: ${f.message}`)).toEqual([]);
  });

  it('near miss: a finding quotes only its own reasons (the taint finding beside "Insufficient cpu" does not quote it)', () => {
    const taint = all.find((f) => f.where === 'synthetic/scheduling-insufficient-cpu.yaml api-7d9f8b6c5d-x2k4p' && f.rule === 'scheduling/untolerated-taint') ?? all.find((f) => f.where.startsWith('synthetic/scheduling-insufficient-cpu.yaml') && f.rule === 'scheduling/untolerated-taint');
    expect(taint?.message).toContain('The scheduler: "1 node(s) had untolerated taint(s)".');
    expect(taint?.message).not.toContain('2 Insufficient cpu');
  });
});
