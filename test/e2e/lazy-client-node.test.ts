import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixture, kdiag, ROOT } from './exec.js';

const env = { KDIAG_DENY_CLIENT_NODE: '1' };

describe('offline paths never load @kubernetes/client-node', () => {
  // client-node is bundled into the chunk that only live commands load; that chunk refuses to load
  // when KDIAG_DENY_CLIENT_NODE=1, so an offline command that touched it would fail.
  it('the guard really trips when a live command loads client-node (control)', () => {
    const r = kdiag(['pod', 'x', '--kubeconfig', resolve(ROOT, 'package.json')], { env });
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
