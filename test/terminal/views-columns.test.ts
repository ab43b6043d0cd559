// Every fixture of fixtures/real and every command's text, laid out to $COLUMNS 80 and 120 (the path a pipe
// with COLUMNS and a terminal share), in English and zh-TW, against the same text with no width: rows fit,
// nothing cut, no word broken in two, commands whole. In process: milliseconds a run. tmux-views.test.ts runs
// a representative set in a real terminal.
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { describe, it } from 'vitest';
import { fixture, kdiagInProcess } from '../support/cli.js';
import { fixtureFiles } from '../scenarios/expectations.js';
import { expectFits } from './view-checks.js';

const LANGS = ['en', 'zh-TW'] as const;
const WIDTHS = [80, 120] as const;

async function expectViews(args: string[], label: string): Promise<void> {
  for (const lang of LANGS) {
    const all = [...args, '--lang', lang];
    const whole = (await kdiagInProcess(all, { env: { COLUMNS: '100000' } })).stdout;
    for (const width of WIDTHS) {
      const rows = (await kdiagInProcess(all, { env: { COLUMNS: String(width) } })).stdout.replace(/\n+$/, '').split('\n');
      expectFits(rows, whole, width, `${label} --lang ${lang} at ${width}`);
    }
  }
}

/** `kdiag pod svc/NAME` and `ingress/NAME` of a fixture's `# expect-traffic:` lines. */
const trafficTargets = (file: string): string[][] =>
  readFileSync(file, 'utf8')
    .split('\n')
    .slice(0, 40)
    .filter((l) => l.startsWith('# expect-traffic:'))
    .map((l) => {
      const target = /target=(\S+)/.exec(l)?.[1] ?? '';
      const from = /from=(\S+)/.exec(l)?.[1];
      return ['pod', target, '-f', file, ...(from ? ['--from', from] : [])];
    });

describe('every real fixture at 80 and 120 columns, English and zh-TW', () => {
  for (const file of fixtureFiles(fixture('real'))) {
    it(basename(file), async () => {
      await expectViews(['analyze', file, '--verbose'], `analyze ${basename(file)}`);
      for (const args of trafficTargets(file)) await expectViews(args, args.slice(0, 2).join(' '));
    });
  }
});

const COMMANDS = ['', 'pod', 'analyze', 'scan', 'gate', 'capture', 'rbac', 'rules', 'lifecycle', 'explain', 'mcp', 'version', 'completion'];

describe("every command's text at 80 and 120 columns, English and zh-TW", () => {
  for (const command of COMMANDS) it(`kdiag ${command} --help`.replace('  ', ' '), () => expectViews([...(command ? [command] : []), '--help'], `${command} --help`));
  it('kdiag scan -f fixtures/real', () => expectViews(['scan', '-f', fixture('real')], 'scan'));
  it('kdiag analyze fixtures/real', () => expectViews(['analyze', fixture('real')], 'analyze'));
  it('kdiag rules', () => expectViews(['rules'], 'rules'));
  it('kdiag lifecycle', () => expectViews(['lifecycle'], 'lifecycle'));
  it('kdiag rbac', () => expectViews(['rbac'], 'rbac'));
  it('kdiag explain, a rule of each stage', async () => {
    for (const rule of ['admission/quota-exceeded', 'scheduling/insufficient-resources', 'kubelet/node-not-ready', 'volume/missing-configmap-or-secret', 'cni/ip-exhausted', 'image/not-found', 'container/crash-loop', 'readiness/probe-failing', 'traffic/policy-denies']) await expectViews(['explain', rule], `explain ${rule}`);
  });
});
