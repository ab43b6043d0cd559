import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixture, kdiag, ROOT } from '../support/cli.js';

const env = { KDIAG_DENY_CLIENT_NODE: '1' };

describe('offline paths never load @kubernetes/client-node', () => {
  // client-node is bundled into the chunk that only a legacy kubeconfig auth-provider loads (kdiag reads
  // kubeconfigs itself); that chunk refuses to load when KDIAG_DENY_CLIENT_NODE=1, so a command that touched it would fail.
  const dir = mkdtempSync(join(tmpdir(), 'kdiag-lazy-'));
  const kc = (name: string, user: string): string => {
    const file = join(dir, `${name}.yaml`);
    writeFileSync(file, `clusters:\n- name: c\n  cluster: {server: "https://127.0.0.1:9"}\nusers:\n- name: u\n  user:\n${user}\ncontexts:\n- name: x\n  context: {cluster: c, user: u}\ncurrent-context: x\n`);
    return file;
  };
  it('the guard really trips when a live command loads client-node (control: an oidc auth-provider)', () => {
    const r = kdiag(['pod', 'x', '--kubeconfig', kc('oidc', '    auth-provider: {name: oidc, config: {id-token: a.b.c, idp-issuer-url: "https://i.test", client-id: k}}')], { env });
    expect(r.stderr).toContain('KDIAG-TEST: @kubernetes/client-node was loaded');
  });

  it('a live command with a plain kubeconfig (token, basic auth, exec) does not load it', () => {
    for (const user of ['    token: t', '    username: a\n    password: b', '    exec: {command: sh, args: [-c, "echo \'{\\"status\\":{\\"token\\":\\"t\\"}}\'"]}']) {
      const r = kdiag(['pod', 'x', '--kubeconfig', kc('plain', user), '--request-timeout', '2s'], { env });
      expect(r.stderr, user).not.toContain('KDIAG-TEST');
      expect(r.stderr, user).toContain('cannot reach the API server at https://127.0.0.1:9');
      expect(r.code).toBe(3);
    }
    // Certificate data that is not PEM: one clear line (OpenSSL's reason, no content), still no client-node.
    const bad = kdiag(['pod', 'x', '--kubeconfig', kc('bad-cert', `    client-certificate-data: ${Buffer.from('not pem').toString('base64')}\n    client-key-data: ${Buffer.from('not pem').toString('base64')}`)], { env });
    expect(bad.stderr).toMatch(/^kdiag: the kubeconfig's certificates for context "x" cannot be used: PEM routines::no start line\nhint: /);
    expect(bad.code).toBe(3);
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
