// What a person sees in a real terminal: kdiag runs inside tmux panes 80 and 120 columns wide (a real TTY:
// the width comes from the terminal itself, not from COLUMNS), and the pane must show every line unwrapped.
// tmux is a Debian package (.ci/run installs it); without it this file is skipped and says so.
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, fixture, ROOT } from '../support/cli.js';

const HAS_TMUX = spawnSync('tmux', ['-V']).status === 0;
const SOCKET = `kdiag-test-${process.pid}`;
const tmux = (...args: string[]) => spawnSync('tmux', ['-L', SOCKET, '-f', '/dev/null', ...args], { encoding: 'utf8' });

/** Runs `args` in a fresh detached pane `width` columns wide; returns the rows as shown, and as logical lines. */
function inPane(width: number, args: string[]): { shown: string[]; joined: string[] } {
  const name = `w${width}-${Math.random().toString(36).slice(2, 8)}`;
  const command = [process.execPath, BIN, ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  // COLUMNS is unset on purpose: the width must come from the TTY.
  const script = `cd '${ROOT}'; unset COLUMNS; export NO_COLOR=1 TERM=xterm-256color; ${command}; tmux -L ${SOCKET} wait-for -S ${name}`;
  expect(tmux('new-session', '-d', '-s', name, '-x', String(width), '-y', '300', 'sh', '-c', `${script}; sleep 30`).status).toBe(0);
  const waited = spawnSync('tmux', ['-L', SOCKET, 'wait-for', name], { timeout: 30_000 });
  expect(waited.status, 'kdiag did not finish in the pane').toBe(0);
  const rows = (extra: string[]) => tmux('capture-pane', '-p', ...extra, '-S', '-', '-t', name).stdout.replace(/\n+$/, '').split('\n');
  const result = { shown: rows([]), joined: rows(['-J']) };
  tmux('kill-session', '-t', name);
  return result;
}

// One idle session keeps the private tmux server up between tests: killing a pane's session must not race
// the server's exit against the next test's new-session.
beforeAll(() => {
  if (HAS_TMUX) tmux('new-session', '-d', '-s', 'keep', 'sleep 600');
});
afterAll(() => {
  if (HAS_TMUX) tmux('kill-server');
});

if (HAS_TMUX) describe('in a real terminal (tmux)', () => {
  for (const width of [80, 120]) {
    it(`scan at ${width} columns: one row per Pod, nothing wraps, nothing cut, the table uses the width`, () => {
      const { shown, joined } = inPane(width, ['scan', '-f', fixture('real')]);
      expect(shown).toEqual(joined); // a wrapped line would be two rows shown but one joined line
      expect(shown[0]).toMatch(/^NAMESPACE +NAME\b/);
      expect(shown.join('\n')).not.toContain('…');
      const rows = shown.filter((l) => /^kdiag-/.test(l));
      expect(rows.length).toBeGreaterThan(30);
      expect(Math.max(...shown.map((l) => l.length))).toBeGreaterThan(width - 10);
    });

    it(`pod at ${width} columns: evidence wrapped with a hanging indent, nothing wider than the pane`, () => {
      const { shown, joined } = inPane(width, ['pod', 'missing-tag', '-f', fixture('real/image-not-found.yaml')]);
      expect(shown).toEqual(joined);
      expect(shown[0]).toMatch(/^Pod kdiag-image-not-found\/missing-tag/);
      const evidence = shown.slice(shown.indexOf('Evidence') + 1, shown.indexOf('Fix') - 1);
      expect(evidence.length).toBeGreaterThan(2);
      for (const line of evidence) expect(line).toMatch(/^ {2}• |^ {4}\S/);
    });
  }
});

else describe('in a real terminal (tmux)', () => {
  it.skip('SKIPPED: tmux is not installed (apt-get install tmux); the real-terminal rendering of pod and scan was not checked', () => {});
});
