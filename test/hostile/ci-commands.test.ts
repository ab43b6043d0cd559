// CI log injection and hidden text: cluster strings with newlines followed by workflow commands
// (`::error …::`, `::add-mask::`, `::stop-commands::`, the legacy `##[error]`), indented or not (GitHub's
// runner trims leading whitespace before it looks for `::`), and invisible characters (bidi marks,
// zero-width characters, BOM, soft hyphen, Unicode tag characters). No output format may carry them.
import { readFileSync } from 'node:fs';
import type http from 'node:http';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { answer, closeAll, isList, json, kindOf, list, POD, serve, tmp } from './server.js';
import { kdiagAsync } from '../support/cli.js';

afterEach(closeAll);

const INJECTED = 'boom\n::error file=app.js,line=1::pwned\n    ::add-mask::hidden\n\t::stop-commands::tok123\n ##[error]legacy\n##vso[task.setvariable variable=x]1\n::warning::w';
// LRM, RLM, ALM, ZWSP, ZWNJ, ZWJ, word joiner, BOM, soft hyphen, and "hide" in Unicode tag characters.
const INVISIBLE = 'in\u200evis\u200fi\u061cb\u200bl\u200ce\u200d-\u2060\ufefft\u00adx\u{e0068}\u{e0069}\u{e0064}\u{e0065}t';
const INVISIBLE_RE = /[\u00ad\u061c\u180e\u200b-\u200f\u2060-\u2064\u206a-\u206f\ufeff]|[\u{e0000}-\u{e007f}]/u;

/** kdiag's own GitHub annotations: one line each, their data escaped (%0A), made by kdiag. */
const OWN_ANNOTATION = /^::(error|warning|notice) title=[^\n]*$/;

/** Lines a CI runner would read as a command, other than kdiag's own annotations. */
function commandLines(text: string): string[] {
  return text.split('\n').filter((l) => (/^\s*::/.test(l) && !OWN_ANNOTATION.test(l)) || /##(\[|vso\[)/.test(l));
}

const crashing = {
  ...POD,
  metadata: { ...POD.metadata, creationTimestamp: '2026-01-01T00:00:00Z', labels: { app: 'web' } },
  status: {
    phase: 'Running',
    containerStatuses: [{ name: 'app', ready: false, restartCount: 5, state: { waiting: { reason: 'CrashLoopBackOff', message: `back-off ${INVISIBLE}` } }, lastState: { terminated: { exitCode: 1, reason: 'Error', message: INJECTED, finishedAt: '2026-11-30T10:05:00Z' } } }],
  },
};
const event = { apiVersion: 'v1', kind: 'Event', metadata: { name: 'e1', namespace: 'shop' }, involvedObject: { kind: 'Pod', name: 'web', namespace: 'shop' }, reason: 'BackOff', type: 'Warning', message: `Back-off restarting failed container app ${INJECTED} ${INVISIBLE}`, lastTimestamp: '2026-11-30T10:05:00Z', count: 7 };

function cluster(req: http.IncomingMessage, res: http.ServerResponse): void {
  const url = req.url ?? '';
  if (url.includes('watch=1')) return; // watches stay open
  if (url.includes('/pods/web/log')) return json(res, 200, `${INJECTED}\n${INVISIBLE}\n`);
  if (url.includes('/pods/web')) return json(res, 200, crashing);
  if (isList(url) && kindOf(url) === 'Pod') return json(res, 200, list('Pod', [crashing]));
  if (isList(url) && kindOf(url) === 'Event') return json(res, 200, list('Event', [event]));
  answer(req, res);
}

describe('no cluster line is a CI workflow command, nothing is invisible', () => {
  for (const args of [['pod', 'web'], ['pod', 'web', '-o', 'markdown'], ['pod', 'web', '-o', 'yaml'], ['pod', 'web', '-o', 'json'], ['scan'], ['capture', 'pod', 'web']]) {
    it(`${args.join(' ')}`, async () => {
      const s = await serve(cluster);
      const r = await kdiagAsync(args, { env: { KUBECONFIG: s.kubeconfig, GITHUB_ACTIONS: 'true' } });
      expect([0, 1], r.stderr).toContain(r.code);
      // The injected text did reach the report (a test that cannot fail is worse than none); scan's table has no message column.
      if (args[0] !== 'scan') expect(r.stdout).toMatch(/pwned|stop-commands/);
      expect(commandLines(r.stdout)).toEqual([]);
      expect(commandLines(r.stderr)).toEqual([]);
      expect(r.stdout).not.toMatch(INVISIBLE_RE);
      expect(r.stderr).not.toMatch(INVISIBLE_RE);
    });
  }

  it('gate under GITHUB_ACTIONS: only kdiag\'s own annotations are commands; the JUnit file carries none either', async () => {
    const s = await serve(cluster);
    const junit = join(tmp, `ci-${Date.now()}.xml`);
    const r = await kdiagAsync(['gate', 'pod/web', '--timeout', '3s', '--junit', junit], { env: { KUBECONFIG: s.kubeconfig, GITHUB_ACTIONS: 'true' }, timeoutMs: 20_000 });
    expect(r.code, r.stderr).toBe(1);
    expect(r.stdout).toMatch(/^::error title=/m);
    expect(r.stdout).toMatch(/pwned/);
    expect(commandLines(r.stdout)).toEqual([]);
    expect(commandLines(r.stderr)).toEqual([]);
    expect(r.stdout).not.toMatch(INVISIBLE_RE);
    const xml = readFileSync(junit, 'utf8');
    expect(xml).toMatch(/pwned/);
    expect(commandLines(xml)).toEqual([]);
    expect(xml).not.toMatch(INVISIBLE_RE);
  });

  // Every format of the list command and of the gate, with GitHub annotations and a JUnit file where they exist.
  for (const [command, format] of [['scan', 'json'], ['scan', 'yaml'], ['scan', 'markdown'], ['scan', 'text'], ['gate', 'json'], ['gate', 'yaml'], ['gate', 'markdown']] as const) {
    it(`${command} -o ${format}${command === 'scan' ? ' --github --junit' : ''} under GITHUB_ACTIONS`, async () => {
      const s = await serve(cluster);
      const junit = join(tmp, `ci-${command}-${format}-${Date.now()}.xml`);
      const args = command === 'scan' ? ['scan', '-o', format, '--github', '--junit', junit] : ['gate', 'pod/web', '--timeout', '3s', '-o', format, '--junit', junit];
      const r = await kdiagAsync(args, { env: { KUBECONFIG: s.kubeconfig, GITHUB_ACTIONS: 'true' }, timeoutMs: 20_000 });
      expect([0, 1], r.stderr).toContain(r.code);
      const xml = readFileSync(junit, 'utf8');
      // The planted text reached the output (scan's text table has no message column; its JUnit file has).
      expect(format === 'text' ? xml : r.stdout).toMatch(/pwned|stop-commands/);
      for (const out of [r.stdout, r.stderr, xml]) {
        expect(commandLines(out)).toEqual([]);
        expect(out).not.toMatch(INVISIBLE_RE);
      }
    });
  }
});
