// `kdiag … | head -1`: when the reader closes the pipe, kdiag exits 0 without a word, as kubectl does.
// The read end is closed before kdiag writes, so every write meets EPIPE (no race with a fast reader).
import { describe, expect, it } from 'vitest';
import { fixture, ROOT, spawnKdiag } from '../support/cli.js';

function withClosedStdout(args: string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawnKdiag(args);
    child.stdout!.destroy();
    let stderr = '';
    child.stderr!.on('data', (c) => (stderr += c));
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

const SHOP = fixture('examples/shop.yaml');
const CASES: string[][] = [
  ['--help'],
  ['scan', '--help'],
  ['--version'],
  ['version', '-o', 'json'],
  ['rules'],
  ['rules', '-o', 'json'],
  ['explain', 'image/not-found'],
  ['rbac'],
  ['completion', 'bash'],
  ['analyze', fixture('real')],
  ['analyze', SHOP, '-o', 'yaml'],
  ['scan', '-f', SHOP],
  ['pod', 'api-7d9f5c6b8-x2k4p', '-f', SHOP],
  ['pod', 'deploy/web', '-f', fixture('real/cni-ip-exhausted.yaml'), '-o', 'markdown'],
];

describe('a closed pipe is not an error', () => {
  for (const args of CASES) {
    it(`kdiag ${args.join(' ').replace(ROOT, '.')} | head -1: exit 0, nothing on stderr`, async () => {
      const r = await withClosedStdout(args);
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
    });
  }
});
