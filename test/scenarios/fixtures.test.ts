// The whole engine (every rule) over every fixture dump: the stage, status and primary rule named in the
// fixture's `# expect:` header must come out, so no other rule steals a root cause. Workload verdicts
// (a Service selecting nothing, a controller that cannot create Pods) come from `# expect-workload:
// workload=Kind/name status=S stage=S rule=ID` lines. Traffic paths come from `# expect-traffic:` lines, checked
// through the CLI as a person runs it (`kdiag pod svc/NAME -f FIXTURE -o json`; expectations.ts says what each
// field compares).
import { readFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Engine } from '../../src/engine/diagnose.js';
import { readDumps } from '../../src/sources/dump.js';
import { kdiagInProcess } from '../support/cli.js';
import { fixtureFiles, readExpectations, readTrafficExpectations, scenarioNamespace, subjectPod, trafficVerdict } from './expectations.js';

const ROOT = resolve(import.meta.dirname, '../../fixtures');

/** `# expect-workload: workload=Kind/name status=S stage=S rule=ID` header lines of a fixture. */
function readWorkloadExpectations(file: string): Array<Record<string, string>> {
  return readFileSync(file, 'utf8')
    .split('\n')
    .slice(0, 40)
    .filter((l) => l.startsWith('# expect-workload:'))
    .map((l) => Object.fromEntries(l.slice('# expect-workload:'.length).trim().split(/\s+/).map((kv) => kv.split('=') as [string, string])));
}

for (const kind of ['real', 'synthetic', 'examples']) {
  const files = fixtureFiles(resolve(ROOT, kind));
  describe(`fixtures/${kind}`, () => {
    for (const file of files) {
      const expectations = readExpectations(file);
      const workloadExpectations = readWorkloadExpectations(file);
      it(basename(file), () => {
        // A fixture with nothing to expect would check nothing: it fails rather than being left out.
        expect(expectations.length + workloadExpectations.length, `${basename(file)} has no # expect: or # expect-workload: header line`).toBeGreaterThan(0);
        const engine = new Engine(readDumps([file]).snapshot);
        for (const want of expectations) {
          const pod = subjectPod(engine.snapshot.pods, want.pod, (p) => engine.diagnosePod(p).status);
          expect(pod, `pod ${want.pod ?? '(the scenario Pod)'} in ${basename(file)}`).toBeDefined();
          const d = engine.diagnosePod(pod!);
          const got = { pod: pod!.metadata?.name, status: d.status, stage: d.stage ?? 'null', rule: d.findings[0] && d.status !== 'healthy' ? d.findings[0].rule : 'none' };
          const summary = d.findings.map((f) => `${f.severity} ${f.rule}: ${f.message}`).join('\n');
          expect(got, summary).toEqual({ pod: got.pod, status: want.status ?? 'failing', stage: want.stage === 'none' ? 'null' : want.stage, rule: want.rule });
        }
        for (const want of workloadExpectations) {
          const [wkind, name] = (want.workload ?? '').split('/');
          const w = engine.workloads().find((x) => x.kind === wkind && x.name === name);
          expect(w, `workload ${want.workload} in ${basename(file)}`).toBeDefined();
          const d = engine.diagnoseWorkload(w!);
          const summary = (d?.findings ?? []).map((f) => `${f.severity} ${f.rule}: ${f.message}`).join('\n');
          const got = { workload: want.workload, status: d?.status ?? 'healthy', stage: d?.stage ?? 'null', rule: d?.findings[0]?.rule ?? 'none' };
          expect(got, summary).toEqual({ workload: want.workload, status: want.status ?? 'failing', stage: want.stage === 'none' ? 'null' : want.stage, rule: want.rule });
        }
      });
      const traffic = readTrafficExpectations(file);
      if (traffic.length > 0) {
        it(`${basename(file)}: # expect-traffic lines, through kdiag pod TARGET -f`, async () => {
          const namespace = scenarioNamespace(file);
          const report = async (target: string, from?: string) => {
            const r = await kdiagInProcess(['pod', target, '-n', namespace, '-f', file, '-o', 'json', ...(from ? ['--from', from] : [])]);
            expect([0, 1], `kdiag pod ${target}: ${r.stderr}`).toContain(r.code);
            return JSON.parse(r.stdout);
          };
          for (const exp of traffic) {
            expect(exp.problems, exp.line).toEqual([]);
            const got = await trafficVerdict(exp, await report(exp.target, exp.from), (pod) => report(`pod/${pod}`));
            expect(got, exp.line).toEqual(exp.want);
          }
        });
      }
    }
  });
}
