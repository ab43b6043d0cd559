// One error style: commander's usage errors read like kdiag's own (`kdiag: …`, `hint: …`), in both languages;
// kubectl's -v=N is understood, never read as a file or an argument.
import { describe, expect, it } from 'vitest';
import { fixture, kdiagInProcess } from '../support/cli.js';

describe('usage errors', () => {
  for (const args of [['scan', '--bogus'], ['pod'], ['pod', 'a', 'b'], ['frob']]) {
    it(`kdiag ${args.join(' ')}: kdiag: … then hint: lines, exit 2`, async () => {
      for (const lang of ['en', 'zh-TW']) {
        const r = await kdiagInProcess([...args, '--lang', lang]);
        expect(r.code).toBe(2);
        const lines = r.stderr.trim().split('\n');
        expect(lines[0]).toMatch(/^kdiag[:：]/);
        for (const l of lines.slice(1)) expect(l).toMatch(/^(hint: |提示：)/);
        expect(r.stderr).not.toMatch(/^error: |^錯誤：|^\(|^（/m);
      }
    });
  }
});

describe('-v=N (kubectl)', () => {
  it('-v=6 on a dump is --verbose, not a file named 6', async () => {
    const r = await kdiagInProcess(['analyze', '-v=6', fixture('real/image-not-found.yaml')]);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('');
    expect(r.stdout).toContain('missing-tag');
  });
  it('-v=6 live: each request on stderr; -v=2: none', async () => {
    const six = await kdiagInProcess(['pod', 'x', '-v=6', '-s', 'https://127.0.0.1:1']);
    expect(six.code).toBe(3);
    expect(six.stderr).toMatch(/^kdiag: GET .*\/pods\/x$/m);
    const two = await kdiagInProcess(['pod', 'x', '--v=2', '-s', 'https://127.0.0.1:1']);
    expect(two.code).toBe(3);
    expect(two.stderr).not.toMatch(/GET/);
  });
});
