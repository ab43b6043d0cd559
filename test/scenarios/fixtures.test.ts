// The whole engine (every rule) over every fixture dump: the stage, status and primary rule named in the
// fixture's `# expect:` header must come out, so no other rule steals a root cause. Workload verdicts
// (a Service selecting nothing, a controller that cannot create Pods), as `kdiag pod KIND/NAME` gives them,
// come from `# expect-workload: workload=Kind/name status=S stage=S rule=ID` lines (rule: the verdict's first finding). Traffic paths come from `# expect-traffic:` lines, checked
// through the CLI as a person runs it (`kdiag pod svc/NAME -f FIXTURE -o json`; expectations.ts says what each
// field compares). `# expect-scan:` lines say which rows of `kdiag scan -n NS -f FIXTURE` fail, and so its exit code.
import { readFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Engine } from '../../src/engine/diagnose.js';
import { diagnoseWorkloadTarget } from '../../src/engine/diagnose-all.js';
import type { TargetKind } from '../../src/engine/targets.js';
import { readDumps } from '../../src/sources/dump.js';
import { kdiagInProcess } from '../support/cli.js';
import { fixtureFiles, readExpectations, readScanExpectations, readTrafficExpectations, readWorkloadExpectations, scanMismatch, scenarioNamespace, subjectPod, trafficVerdict, workloadVerdictOf } from './expectations.js';

const ROOT = resolve(import.meta.dirname, '../../fixtures');

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
          // The workload's verdict as `kdiag pod KIND/NAME` (and scan, and the gate) gives it.
          const [d] = diagnoseWorkloadTarget(engine, wkind as Exclude<TargetKind, 'Pod'>, w!.object);
          const summary = (d?.findings ?? []).map((f) => `${f.severity} ${f.rule}: ${f.message}`).join('\n');
          const got = { workload: want.workload, ...workloadVerdictOf(d) };
          expect(got, summary).toEqual({ workload: want.workload, status: want.status ?? 'failing', stage: want.stage === 'none' ? 'null' : want.stage, rule: want.rule });
        }
      });
      const scans = readScanExpectations(file);
      if (scans.length > 0) {
        it(`${basename(file)}: # expect-scan, through kdiag scan -n NS -f`, async () => {
          const r = await kdiagInProcess(['scan', '-n', scenarioNamespace(file), '-f', file, '-o', 'json']);
          for (const exp of scans) {
            expect(exp.problems, exp.line).toEqual([]);
            expect(scanMismatch(exp, JSON.parse(r.stdout), r.code), `${exp.line}\n${r.stderr}`).toBeUndefined();
          }
        });
      }
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
