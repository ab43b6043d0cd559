import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixture, kdiag, ROOT } from './exec.js';

const DENY = resolve(import.meta.dirname, 'hooks/deny-client-node.mjs');
const env = { NODE_OPTIONS: `--import=${DENY}` };

describe('offline paths never load @kubernetes/client-node', () => {
  it('the guard really blocks the import (control)', () => {
    const r = spawnSync(process.execPath, ['--import', DENY, '-e', "await import('@kubernetes/client-node')"], { cwd: ROOT, encoding: 'utf8', input: '' });
    expect(r.status).not.toBe(0);
    expect(r.stderr).toContain('KDIAG-TEST: @kubernetes/client-node was loaded');
  });

  const commands: string[][] = [
    ['--help'],
    ['--version'],
    ['rules'],
    ['explain', 'image/not-found'],
    ['analyze', fixture('examples/shop.yaml')],
    ['pod', 'api-7d9f5c6b8-x2k4p', '-f', fixture('examples/shop.yaml'), '-o', 'json'],
    ['scan', '-f', fixture('examples/shop.yaml')],
  ];
  for (const args of commands) {
    it(`kdiag ${args.join(' ').replace(ROOT, '.')}`, () => {
      const r = kdiag(args, { env });
      expect(r.stderr).not.toContain('KDIAG-TEST');
      expect([0, 1]).toContain(r.code);
    });
  }
});
