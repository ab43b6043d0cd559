import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';

/** `# expect: pod=NAME status=S stage=S rule=ID` header lines of a fixture. */
export interface Expectation {
  /** Optional: a scenario with one Pod (or one Pod marked `kdiag.io/scenario-subject`) needs no name. */
  pod?: string;
  /** Defaults to failing. */
  status?: string;
  stage: string;
  rule: string;
}

export function readExpectations(file: string): Expectation[] {
  const head = readFileSync(file, 'utf8').split('\n').slice(0, 40);
  return head
    .filter((l) => l.startsWith('# expect:'))
    .map((l) => Object.fromEntries(l.slice('# expect:'.length).trim().split(/\s+/).map((kv) => kv.split('=') as [string, string])) as unknown as Expectation);
}

export function fixtureFiles(dir: string): string[] {
  try {
    return readdirSync(dir)
      .filter((f) => /\.(ya?ml|json)$/.test(f))
      .sort()
      .map((f) => join(dir, f));
  } catch {
    return [];
  }
}

/**
 * The Pod an expectation is about: the named one, else the one labelled `kdiag.io/scenario-subject`,
 * else the least healthy Pod of the dump (a Deployment scenario cannot name the replica that fails).
 */
export function subjectPod<T extends { metadata?: { name?: string; labels?: Record<string, string> } }>(
  pods: readonly T[],
  name: string | undefined,
  statusOf: (pod: T) => string,
): T | undefined {
  if (name) return pods.find((p) => p.metadata?.name === name);
  const marked = pods.find((p) => p.metadata?.labels?.['kdiag.io/scenario-subject'] === 'true');
  if (marked) return marked;
  const rank: Record<string, number> = { failing: 0, progressing: 1, healthy: 2 };
  return [...pods].sort((a, b) => (rank[statusOf(a)] ?? 3) - (rank[statusOf(b)] ?? 3))[0];
}

/**
 * `# expect-traffic: target=KIND/NAME [from=CLIENT] [broken=HOP|none] rule=ID|none [live-broken=…] [live-rule=…]`
 * header lines: what `kdiag pod TARGET [--from CLIENT] -o json` says of the traffic path.
 * - svc/NAME, ingress/NAME: the path's first failed hop (`traffic.broken`, none when null) and its first
 *   finding (`traffic.findings[0].rule`, none when it has none).
 * - pod/NAME: the Pod's first `traffic/` finding (DNS, its Services' paths, its StatefulSet's Service); no broken=.
 * - a workload (sts/NAME, deploy/NAME, …): that rule on each of its Pods (`kdiag pod POD` for every Pod the
 *   workload's report lists); no broken=.
 * live-broken= and live-rule= say what the live diagnosis gives instead, where it reads less than the capture
 * holds (another namespace's Pods, kube-system, Secrets); the scenario's comment says why.
 */
export interface TrafficExpectation {
  line: string;
  target: string;
  from?: string;
  /** What the capture must give. */
  want: { broken?: string; rule: string };
  /** What the live diagnosis must give. */
  live: { broken?: string; rule: string };
  /** What is wrong with the line itself (an unknown key, a missing rule=): the test fails on it. */
  problems: string[];
}

const TRAFFIC_KEYS = ['target', 'from', 'broken', 'rule', 'live-broken', 'live-rule'];
export const isPathTarget = (target: string): boolean => /^(svc|service|services|ing|ingress|ingresses)\//.test(target);
const isPodTarget = (target: string): boolean => /^(po|pod|pods)\//.test(target);

export function readTrafficExpectations(file: string): TrafficExpectation[] {
  const head = readFileSync(file, 'utf8').split('\n').slice(0, 40);
  return head
    .filter((l) => l.startsWith('# expect-traffic:'))
    .map((line) => {
      const kv = Object.fromEntries(line.slice('# expect-traffic:'.length).trim().split(/\s+/).map((p) => [p.slice(0, p.indexOf('=')), p.slice(p.indexOf('=') + 1)] as [string, string]));
      const problems = Object.keys(kv).filter((k) => !TRAFFIC_KEYS.includes(k)).map((k) => `unknown key ${k}=`);
      const target = kv.target ?? '';
      if (!/^[a-z]+\/\S+$/.test(target)) problems.push('target=KIND/NAME is missing');
      if (kv.rule === undefined) problems.push('rule= is missing');
      const path = isPathTarget(target);
      if (!path && (kv.broken !== undefined || kv['live-broken'] !== undefined)) problems.push('broken= is for svc/ and ingress/ targets only (the path\'s first failed hop)');
      if (path && kv.broken === undefined) problems.push('broken= is missing (none when no hop fails)');
      const want = { ...(path ? { broken: kv.broken ?? '' } : {}), rule: kv.rule ?? '' };
      const live = { ...(path ? { broken: kv['live-broken'] ?? want.broken ?? '' } : {}), rule: kv['live-rule'] ?? want.rule };
      return { line, target, ...(kv.from ? { from: kv.from } : {}), want, live, problems };
    });
}

/** The namespace a fixture's scenario ran in: named on its first line, else kdiag-<file name>. */
export function scenarioNamespace(file: string, text = readFileSync(file, 'utf8')): string {
  return /^# kdiag real fixture: .*, namespace (\S+)$/m.exec(text)?.[1] ?? /^# namespace: (\S+)/m.exec(text)?.[1] ?? `kdiag-${basename(file).replace(/\.(ya?ml|json)$/, '')}`;
}

interface DiagnosisJson {
  pod?: { name?: string } | null;
  findings?: Array<{ rule: string }>;
  traffic?: { broken: string | null; findings: Array<{ rule: string }> };
}
type ReportJson = DiagnosisJson & { items?: DiagnosisJson[] };

const firstTrafficRule = (d: DiagnosisJson): string => (d.findings ?? []).find((f) => f.rule.startsWith('traffic/'))?.rule ?? 'none';

/**
 * What a `# expect-traffic:` line is compared with, read from the JSON report of `kdiag pod TARGET` and, for a
 * workload, of `kdiag pod POD` for each of its Pods (`podReport`).
 */
export async function trafficVerdict(exp: TrafficExpectation, report: ReportJson, podReport: (pod: string) => Promise<ReportJson>): Promise<{ broken?: string; rule: string }> {
  if (isPathTarget(exp.target)) {
    const d = report.items?.[0] ?? report;
    if (!d.traffic) return { broken: '(no traffic path in the report)', rule: '(no traffic path in the report)' };
    return { broken: d.traffic.broken ?? 'none', rule: d.traffic.findings[0]?.rule ?? 'none' };
  }
  if (isPodTarget(exp.target)) return { rule: firstTrafficRule(report.items?.[0] ?? report) };
  const pods = (report.items ?? []).map((d) => d.pod?.name).filter((n): n is string => typeof n === 'string');
  if (pods.length === 0) return { rule: '(no Pods in the workload\'s report)' };
  const rules = await Promise.all(pods.map(async (p) => {
    const r = await podReport(p);
    return firstTrafficRule(r.items?.[0] ?? r);
  }));
  return { rule: [...new Set(rules)].join(', ') };
}

/** `# expect-workload: workload=Kind/name status=S stage=S rule=ID` header lines: what `kdiag pod KIND/NAME` says. */
export function readWorkloadExpectations(file: string): Array<Record<string, string>> {
  return readFileSync(file, 'utf8')
    .split('\n')
    .slice(0, 40)
    .filter((l) => l.startsWith('# expect-workload:'))
    .map((l) => Object.fromEntries(l.slice('# expect-workload:'.length).trim().split(/\s+/).map((kv) => kv.split('=') as [string, string])));
}

/** The workload verdict an `# expect-workload:` line is compared with: the report's first item (rule: its first finding). */
export function workloadVerdictOf(d: { status: string; stage: string | null; findings: Array<{ rule: string }> } | undefined): { status: string; stage: string; rule: string } {
  return { status: d?.status ?? 'healthy', stage: d?.stage ?? 'null', rule: d?.findings[0]?.rule ?? 'none' };
}

/**
 * `# expect-scan: failing=none` or `# expect-scan: failing=Kind/name:rule,…`: the failing rows of `kdiag scan -n NS`
 * (exactly these, in any order; kind as the JSON item names it, `Pod` for a Pod; a name ending in `%` stands for a
 * generated suffix) and its exit code (0 with none failing, else 1).
 */
export interface ScanExpectation {
  line: string;
  failing: string[];
  problems: string[];
}

export function readScanExpectations(file: string): ScanExpectation[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .slice(0, 40)
    .filter((l) => l.startsWith('# expect-scan:'))
    .map((line) => {
      const kv = Object.fromEntries(line.slice('# expect-scan:'.length).trim().split(/\s+/).map((p) => [p.slice(0, p.indexOf('=')), p.slice(p.indexOf('=') + 1)] as [string, string]));
      const problems = Object.keys(kv).filter((k) => k !== 'failing').map((k) => `unknown key ${k}=`);
      if (kv.failing === undefined) problems.push('failing= is missing (none when no row fails)');
      const failing = kv.failing === undefined || kv.failing === 'none' ? [] : kv.failing.split(',');
      for (const f of failing) if (!/^[A-Za-z]+\/[^:\s]+:[a-z-]+\/[a-z0-9-]+$/.test(f)) problems.push(`${f}: not Kind/name:rule`);
      return { line, failing, problems };
    });
}

interface ScanItem {
  status: string;
  pod?: { name?: string } | null;
  workload?: { kind?: string; name?: string } | null;
  findings?: Array<{ rule: string }>;
}

/** What an `# expect-scan:` line says of a scan's JSON report and exit code, or why they differ. */
export function scanMismatch(exp: ScanExpectation, report: { items?: ScanItem[] }, exit: number): string | undefined {
  const got = (report.items ?? [])
    .filter((d) => d.status === 'failing')
    .map((d) => `${d.pod ? 'Pod' : (d.workload?.kind ?? '?')}/${d.pod?.name ?? d.workload?.name ?? '?'}:${d.findings?.[0]?.rule ?? 'none'}`);
  const matches = (want: string, row: string): boolean => {
    const [wantName, wantRule] = [want.slice(0, want.lastIndexOf(':')), want.slice(want.lastIndexOf(':') + 1)];
    const [rowName, rowRule] = [row.slice(0, row.lastIndexOf(':')), row.slice(row.lastIndexOf(':') + 1)];
    return wantRule === rowRule && (wantName.endsWith('%') ? rowName.startsWith(wantName.slice(0, -1)) : wantName === rowName);
  };
  const left = [...got];
  for (const want of exp.failing) {
    const i = left.findIndex((row) => matches(want, row));
    if (i < 0) return `no failing row ${want}; failing rows: ${got.join(', ') || 'none'}`;
    left.splice(i, 1);
  }
  if (left.length > 0) return `unexpected failing rows: ${left.join(', ')}`;
  const wantExit = exp.failing.length > 0 ? 1 : 0;
  return exit === wantExit ? undefined : `exit ${exit}, expected ${wantExit}`;
}
