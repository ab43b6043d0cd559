// Every scenario captured from the real cluster: kdiag's live diagnosis (`kdiag pod NAME`, taken during the
// capture) equals the diagnosis of the captured dump (status, stage, primary rule), and both equal what the
// scenario expects. Each `# expect-traffic:` line likewise: the live report of its target (`kdiag pod svc/NAME`,
// taken during the capture as traffic-N.json) gives what the line says live (live-rule=/live-broken= where the live
// read holds less than the capture), and the captured dump gives what it says (through the CLI, as a person runs it).
// Each `# expect-workload:` line: `kdiag pod KIND/NAME` live (workload-N.json) gives it; each `# expect-scan:` line:
// `kdiag scan -n NS` live (scan.json, scan.exit) fails on exactly those rows (the fixture tests check the dumps).
import { existsSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Engine } from '../../src/engine/diagnose.js';
import { readDumps } from '../../src/sources/dump.js';
import { fixtureFiles, readExpectations, readScanExpectations, readTrafficExpectations, readWorkloadExpectations, scanMismatch, scenarioNamespace, subjectPod, trafficVerdict, workloadVerdictOf } from '../scenarios/expectations.js';
import { kdiagInProcess } from '../support/cli.js';
import { CAPTURED, LIVE_DIR } from './env.js';

const files = fixtureFiles(CAPTURED);

describe('live diagnosis = captured-dump diagnosis, for every real scenario', () => {
  it('scenarios were captured', () => expect(files.length).toBeGreaterThan(10));
  for (const file of files) {
    const traffic = readTrafficExpectations(file);
    if (traffic.length > 0) {
      it(`${basename(file)}: # expect-traffic lines, live and from the captured dump`, async () => {
        const dir = join(LIVE_DIR, basename(file).replace(/\.ya?ml$/, ''));
        const liveJson = (name: string) => {
          const f = join(dir, `${name}.json`);
          expect(existsSync(f), `${f} (run during capture)`).toBe(true);
          const text = readFileSync(f, 'utf8');
          expect(text, `${f} is empty: ${existsSync(f.replace(/\.json$/, '.stderr')) ? readFileSync(f.replace(/\.json$/, '.stderr'), 'utf8') : ''}`).not.toBe('');
          return JSON.parse(text);
        };
        const namespace = scenarioNamespace(file);
        const fromDump = async (target: string, from?: string) => {
          const r = await kdiagInProcess(['pod', target, '-n', namespace, '-f', file, '-o', 'json', ...(from ? ['--from', from] : [])]);
          expect([0, 1], `kdiag pod ${target} -f ${file}: ${r.stderr}`).toContain(r.code);
          return JSON.parse(r.stdout);
        };
        for (const [i, exp] of traffic.entries()) {
          expect(exp.problems, exp.line).toEqual([]);
          // The Pods' own live reports (taken for every Pod of the scenario) stand for `kdiag pod POD` live.
          const live = await trafficVerdict(exp, liveJson(`traffic-${i + 1}`), async (pod) => liveJson(pod));
          expect(live, `live: ${exp.line}`).toEqual(exp.live);
          const dump = await trafficVerdict(exp, await fromDump(exp.target, exp.from), (pod) => fromDump(`pod/${pod}`));
          expect(dump, `captured dump: ${exp.line}`).toEqual(exp.want);
        }
      });
    }
    const workloads = readWorkloadExpectations(file);
    const scans = readScanExpectations(file);
    if (workloads.length + scans.length > 0) {
      it(`${basename(file)}: # expect-workload and # expect-scan lines, live`, () => {
        const dir = join(LIVE_DIR, basename(file).replace(/\.ya?ml$/, ''));
        const read = (name: string) => {
          const f = join(dir, name);
          expect(existsSync(f), `${f} (run during capture)`).toBe(true);
          return readFileSync(f, 'utf8');
        };
        for (const [i, want] of workloads.entries()) {
          const report = JSON.parse(read(`workload-${i + 1}.json`) || 'null');
          expect(report, read(`workload-${i + 1}.stderr`)).not.toBeNull();
          const d = report.items?.[0] ?? report;
          expect({ workload: want.workload, ...workloadVerdictOf(d) }, `live kdiag pod ${want.workload} (${d.summary})`).toEqual({ workload: want.workload, status: want.status ?? 'failing', stage: want.stage === 'none' ? 'null' : want.stage, rule: want.rule });
        }
        for (const exp of scans) {
          expect(exp.problems, exp.line).toEqual([]);
          expect(scanMismatch(exp, JSON.parse(read('scan.json')), Number(read('scan.exit').trim())), `live: ${exp.line}\n${read('scan.stderr')}`).toBeUndefined();
        }
      });
    }
    const [want] = readExpectations(file);
    if (!want) {
      // No Pod verdict to compare: it must expect a workload verdict (test/scenarios/fixtures.test.ts checks
      // those on the capture), never expect nothing.
      it(`${basename(file)}: expects a workload verdict (no Pod verdict to compare live)`, () => {
        expect(readFileSync(file, 'utf8')).toMatch(/^# expect-workload: /m);
      });
      continue;
    }
    const namespace = /^# namespace: (\S+)/m.exec(readFileSync(file, 'utf8'))?.[1] ?? `kdiag-${basename(file).replace(/\.ya?ml$/, '')}`;
    it(basename(file), () => {
      const snapshot = readDumps([file]).snapshot;
      const engine = new Engine(snapshot);
      const pod = subjectPod(snapshot.pods, want.pod, (p) => engine.diagnosePod(p).status);
      expect(pod, 'the scenario Pod is in the dump').toBeDefined();
      const name = pod!.metadata!.name!;
      const fromDump = engine.diagnosePod(pod!);
      // Taken by capture.sh right after it saved the dump, before it restored the node (CNI, taints).
      const liveFile = join(LIVE_DIR, basename(file).replace(/\.ya?ml$/, ''), `${name}.json`);
      expect(existsSync(liveFile), `${liveFile} (kdiag pod ${name} -n ${namespace}, run during capture)`).toBe(true);
      const fromLive = JSON.parse(readFileSync(liveFile, 'utf8'));
      const verdict = (d: { status: string; stage: string | null; findings: Array<{ rule: string }> }) => ({ status: d.status, stage: d.stage ?? 'null', rule: d.status === 'healthy' ? 'none' : (d.findings[0]?.rule ?? 'none') });
      const expected = { status: want.status ?? 'failing', stage: want.stage === 'none' ? 'null' : want.stage, rule: want.rule };
      expect(verdict(fromDump), 'captured dump').toEqual(expected);
      expect(verdict(fromLive), `live (${fromLive.summary})`).toEqual(expected);
      // Every report says which clock it measured ages from: a live one, this machine's when it read the cluster.
      expect(fromLive.notes.join('\n')).toMatch(/^ages measured from \S+Z, this machine's clock when kdiag read the cluster/m);
    });
  }
});
