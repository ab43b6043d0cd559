// Every command kdiag suggests for the real scenarios (where to look, fix steps, the way back) is one kubectl
// takes. capture.sh ran them while each scenario's objects existed (test/cluster/lib/run-suggested-commands.ts):
// reads as written, changes with --dry-run=server, `kubectl edit` as a `kubectl get` of the object it would open
// (edit cannot be dry-run), watches once. Commands with a placeholder the user fills in (<image:tag>, NAME),
// a file of the user's, a tool that runs on the node or a workstation (crictl, journalctl, curl, docker), or `kubectl top` on a cluster without
// the Metrics API (the test cluster runs no metrics-server) are not run: counted below.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixtureFiles } from '../scenarios/expectations.js';
import type { CommandsFile } from '../cluster/lib/run-suggested-commands.js';
import { CAPTURED, LIVE_DIR } from './env.js';

const scenarios = fixtureFiles(CAPTURED).map((f) => basename(f).replace(/\.ya?ml$/, ''));
/** The scenarios kdiag ran live on (capture.sh writes their reports only when the state was reached). */
const withReports = scenarios.filter((s) => existsSync(join(LIVE_DIR, s)) && readdirSync(join(LIVE_DIR, s)).some((f) => f.endsWith('.json') && f !== 'commands.json'));
const results = new Map<string, CommandsFile>();
for (const s of withReports) {
  const f = join(LIVE_DIR, s, 'commands.json');
  if (existsSync(f)) results.set(s, JSON.parse(readFileSync(f, 'utf8')) as CommandsFile);
}
const all = [...results.entries()];
const ran = all.flatMap(([s, r]) => r.ran.map((c) => ({ scenario: s, ...c })));
const excluded = all.flatMap(([s, r]) => r.excluded.map((c) => ({ scenario: s, ...c })));
const count = (why: RegExp): number => excluded.filter((e) => why.test(e.why)).length;

describe('every command kdiag suggests for the live scenarios is one kubectl takes', () => {
  it('each scenario kdiag reported on had its suggested commands run', () => {
    expect(withReports.length).toBeGreaterThan(10);
    expect(withReports.filter((s) => !results.has(s)), 'scenarios without commands.json (see its commands.stderr)').toEqual([]);
    expect(ran.length).toBeGreaterThan(100);
    expect(new Set(ran.map((r) => r.how))).toContain('with --dry-run=server');
  });

  it('no command was refused', () => {
    const refusals = ran.filter((r) => !r.accepted).map((r) => `${r.scenario}: ${r.command.split('\n')[0]} (${r.how}) → exit ${r.code}: ${r.stderr}`);
    expect(refusals, `${refusals.length} of ${ran.length} refused:\n${refusals.join('\n')}`).toEqual([]);
  });

  it(`not run: ${count(/placeholder/)} with a placeholder the user fills in, ${count(/file the user holds/)} reading a file of the user's, ${count(/on the node/)} that run on the node or a workstation, ${count(/Metrics API/)} kubectl top without a metrics-server`, () => {
    const other = excluded.filter((e) => !/placeholder|file the user holds|on the node|Metrics API/.test(e.why));
    expect(other.map((e) => `${e.scenario}: ${e.command} (${e.why})`)).toEqual([]);
  });
});
