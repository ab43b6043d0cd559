// What a person sees in a real terminal (tmux panes 80 and 120 columns wide, the width from the TTY itself), in
// English and zh-TW, for every command that prints text: no row wider than the pane (a command on a line of its
// own may be: kdiag never wraps it, so the terminal does and a copy joins it again), no name cut, no word broken in two, every command whole on one row.
// Properties, not byte-exact goldens. tmux is a Debian package (.ci/run installs it); without it: skipped.
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, fixture, kdiag, ROOT } from '../support/cli.js';
import { expectFits } from './view-checks.js';

const HAS_TMUX = spawnSync('tmux', ['-V']).status === 0;
const SOCKET = `kdiag-views-${process.pid}`;
const tmux = (...args: string[]) => spawnSync('tmux', ['-L', SOCKET, '-f', '/dev/null', ...args], { encoding: 'utf8' });

function inPane(width: number, args: string[]): string[] {
  const name = `v${width}-${Math.random().toString(36).slice(2, 8)}`;
  const command = [process.execPath, BIN, ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  const script = `cd '${ROOT}'; unset COLUMNS; export NO_COLOR=1 TERM=xterm-256color; ${command} 2>/dev/null; tmux -L ${SOCKET} wait-for -S ${name}`;
  expect(tmux('new-session', '-d', '-s', name, '-x', String(width), '-y', '500', 'sh', '-c', `${script}; sleep 30`).status).toBe(0);
  expect(spawnSync('tmux', ['-L', SOCKET, 'wait-for', name], { timeout: 30_000 }).status, 'kdiag did not finish in the pane').toBe(0);
  // -J joins rows the terminal wrapped: a logical line as kdiag wrote it (and as a mouse copies it).
  const rows = tmux('capture-pane', '-p', '-J', '-S', '-', '-t', name).stdout.replace(/\n+$/, '').split('\n');
  tmux('kill-session', '-t', name);
  return rows;
}

const VIEWS: string[][] = [
  ['scan', '-f', fixture('real')],
  ['analyze', fixture('real/container-crash-loop.yaml')],
  ['pod', 'missing-tag', '-f', fixture('real/image-not-found.yaml')],
  ['pod', 'deploy/web', '-f', fixture('real/cni-ip-exhausted.yaml')],
  ['rules'],
  ['explain', 'image/not-found'],
  ['explain', 'scheduling/insufficient-resources'],
  ['lifecycle'],
  ['--help'],
  ['pod', '--help'],
];

beforeAll(() => {
  if (HAS_TMUX) tmux('new-session', '-d', '-s', 'keep', 'sleep 600');
});
afterAll(() => {
  if (HAS_TMUX) tmux('kill-server');
});

if (HAS_TMUX) describe('what a person sees at 80 and 120 columns', () => {
  for (const lang of ['en', 'zh-TW']) {
    for (const view of VIEWS) {
      it(`kdiag ${view.join(' ').replaceAll(ROOT + '/', '')} --lang ${lang}`, () => {
        const args = [...view, '--lang', lang];
        // The same text unwrapped (no width), to compare words and commands against.
        const whole = kdiag(args, { env: { COLUMNS: '100000' } }).stdout;
        for (const width of [80, 120]) {
          const rows = inPane(width, args);
          expect(rows.length).toBeGreaterThan(3);
          expectFits(rows, whole, width, `at ${width}`);
        }
      });
    }
  }
});
else describe('what a person sees at 80 and 120 columns', () => {
  it.skip('SKIPPED: tmux is not installed (apt-get install tmux); the real-terminal views were not checked', () => {});
});
