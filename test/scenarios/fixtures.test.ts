// The whole engine (every rule) over every fixture dump: the stage, status and primary rule named in the
// fixture's `# expect:` header must come out, so no other rule steals a root cause.
import { basename, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Engine } from '../../src/engine/diagnose.js';
import { readDumps } from '../../src/sources/dump.js';
import { fixtureFiles, readExpectations, subjectPod } from './expectations.js';

const ROOT = resolve(import.meta.dirname, '../../fixtures');

for (const kind of ['real', 'synthetic', 'examples']) {
  const files = fixtureFiles(resolve(ROOT, kind));
  describe(`fixtures/${kind}`, () => {
    for (const file of files) {
      const expectations = readExpectations(file);
      if (expectations.length === 0) continue;
      it(basename(file), () => {
        const engine = new Engine(readDumps([file]).snapshot);
        for (const want of expectations) {
          const pod = subjectPod(engine.snapshot.pods, want.pod);
          expect(pod, `pod ${want.pod ?? '(the scenario Pod)'} in ${basename(file)}`).toBeDefined();
          const d = engine.diagnosePod(pod!);
          const got = { pod: pod!.metadata?.name, status: d.status, stage: d.stage ?? 'null', rule: d.findings[0] && d.status !== 'healthy' ? d.findings[0].rule : 'none' };
          const summary = d.findings.map((f) => `${f.severity} ${f.rule}: ${f.message}`).join('\n');
          expect(got, summary).toEqual({ pod: got.pod, status: want.status ?? 'failing', stage: want.stage === 'none' ? 'null' : want.stage, rule: want.rule });
        }
      });
    }
  });
}
