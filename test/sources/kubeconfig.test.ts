// node-versions: certificates, keys and files read through node:crypto, node:tls and node:fs
// kdiag's own kubeconfig reader (src/sources/cluster/kubeconfig-load.ts, kubeconfig-auth.ts, connect.ts) on real
// kubeconfig shapes written to a temp dir: client-go's merge of $KUBECONFIG (first file to set an entry or
// current-context wins, missing files skipped), relative paths against the file that names them, data vs file,
// token vs tokenFile (re-read), exec, basic auth, impersonation, in-cluster, the flag overrides, and near misses.
// test/hostile/kubeconfig-tls.test.ts checks the same settings end to end against a real mutual-TLS server;
// test/live/kubeconfig-parity.test.ts against the real cluster, beside kubectl.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ClusterError } from '../../src/errors.js';
import { connect, type ConnectOptions } from '../../src/sources/cluster/connect.js';
import { ExecCredentials } from '../../src/sources/cluster/exec-credential.js';
import { transportOptions } from '../../src/sources/cluster/kubeconfig-auth.js';

const root = mkdtempSync(join(tmpdir(), 'kdiag-kubeconfig-'));
let n = 0;
function file(rel: string, text: string): string {
  const path = join(root, rel);
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, text);
  return path;
}
const NONE = join(root, 'no-home');
/** connect() with no ambient kubeconfig: no $KUBECONFIG, a home without .kube/config, no service account. */
const open = (o: ConnectOptions) => connect({ home: NONE, serviceAccountDir: join(root, 'no-sa'), env: {}, ...o });
const headers = async (o: ConnectOptions): Promise<Record<string, unknown>> => {
  const c = await open(o);
  return (await transportOptions(c.cluster, c.user, new ExecCredentials(() => 5000))).headers as Record<string, unknown>;
};

// What kind / kubeadm write (clientcmd.Write): the shape kdiag's kubectl reader takes.
const KIND = (server: string, extra = '') => `apiVersion: v1
clusters:
- cluster:
    certificate-authority-data: ${Buffer.from('CA-PEM').toString('base64')}
    server: ${server}
  name: kind-a
contexts:
- context:
    cluster: kind-a
    user: kind-a
    namespace: shop
  name: kind-a
current-context: kind-a
kind: Config
preferences: {}
users:
- name: kind-a
  user:
    client-certificate-data: ${Buffer.from('CERT-PEM').toString('base64')}
    client-key-data: ${Buffer.from('KEY-PEM').toString('base64')}
${extra}`;

describe('kubeconfig files', () => {
  it('reads a kind kubeconfig: server, namespace, CA/cert/key data', async () => {
    const c = await open({ kubeconfig: file(`kind-${n++}.yaml`, KIND('https://127.0.0.1:6443/')) });
    expect(c).toMatchObject({ server: 'https://127.0.0.1:6443', context: 'kind-a', namespace: 'shop', contexts: ['kind-a'] });
    const t = await transportOptions(c.cluster, c.user, new ExecCredentials(() => 1000));
    expect(String(t.ca)).toBe('CA-PEM');
    expect(String(t.cert)).toBe('CERT-PEM');
    expect(String(t.key)).toBe('KEY-PEM');
    expect(t.rejectUnauthorized).toBeUndefined();
  });

  it('$KUBECONFIG: first file to set an entry or current-context wins, missing files skipped (client-go)', async () => {
    const a = file(`merge-${n}/a.yaml`, 'current-context: one\ncontexts:\n- name: one\n  context: {cluster: c1, user: u1}\nclusters:\n- name: c1\n  cluster: {server: "https://first:1"}\n');
    const b = file(`merge-${n}/b.yaml`, 'current-context: two\ncontexts:\n- name: two\n  context: {cluster: c1, user: u2, namespace: b}\n- name: one\n  context: {cluster: c2}\nclusters:\n- name: c1\n  cluster: {server: "https://second:2"}\nusers:\n- name: u1\n  user: {token: from-b}\n');
    const missing = join(root, `merge-${n++}/missing.yaml`);
    const env = { KUBECONFIG: [missing, a, b].join(':') };
    const c = await open({ env });
    expect(c.context).toBe('one');
    expect(c.server).toBe('https://first:1'); // c1 from a.yaml, not b.yaml
    expect(c.user.token).toBe('from-b'); // u1 only b.yaml sets
    expect(c.contexts.sort()).toEqual(['one', 'two']);
    const two = await open({ env, context: 'two' });
    expect(two).toMatchObject({ server: 'https://first:1', namespace: 'b' });
  });

  it('relative paths resolve against the file that names them, not the working directory', async () => {
    const dir = `rel-${n++}`;
    file(`${dir}/certs/ca.crt`, 'CA-FROM-FILE');
    file(`${dir}/certs/u.crt`, 'CERT-FROM-FILE');
    file(`${dir}/certs/u.key`, 'KEY-FROM-FILE');
    file(`${dir}/token`, 'tok-from-file\n');
    const kc = file(`${dir}/conf/kc.yaml`, 'clusters:\n- name: c\n  cluster:\n    server: https://h:1\n    certificate-authority: ../certs/ca.crt\nusers:\n- name: u\n  user:\n    client-certificate: ../certs/u.crt\n    client-key: ../certs/u.key\n    tokenFile: ../token\ncontexts:\n- name: x\n  context: {cluster: c, user: u}\ncurrent-context: x\n');
    const c = await open({ kubeconfig: kc });
    expect(c.cluster.caFile).toBe(join(root, dir, 'certs/ca.crt'));
    const t = await transportOptions(c.cluster, c.user, new ExecCredentials(() => 1000));
    expect([String(t.ca), String(t.cert), String(t.key)]).toEqual(['CA-FROM-FILE', 'CERT-FROM-FILE', 'KEY-FROM-FILE']);
    expect((t.headers as Record<string, string>).Authorization).toBe('Bearer tok-from-file');
  });

  it('a file path wins over data for the CA (client-go), and a missing file is one line naming the field, no content', async () => {
    const kc = file(`both-${n++}.yaml`, `clusters:\n- name: c\n  cluster:\n    server: https://h:1\n    certificate-authority: /nonexistent/ca.crt\n    certificate-authority-data: ${Buffer.from('DATA').toString('base64')}\ncontexts:\n- name: x\n  context: {cluster: c}\ncurrent-context: x\n`);
    const c = await open({ kubeconfig: kc });
    const err = await transportOptions(c.cluster, c.user, new ExecCredentials(() => 1000)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ClusterError);
    expect((err as ClusterError).message).toBe('cannot read the certificate-authority file "/nonexistent/ca.crt" of cluster "c" in the kubeconfig (ENOENT)');
  });

  it('tokenFile is read at each transport build (it rotates), a token wins over it', async () => {
    const tok = file(`rot-${n}/token`, 'one');
    const kc = file(`rot-${n++}/kc.yaml`, `clusters:\n- name: c\n  cluster: {server: "https://h:1"}\nusers:\n- name: u\n  user: {tokenFile: token}\ncontexts:\n- name: x\n  context: {cluster: c, user: u}\ncurrent-context: x\n`);
    const c = await open({ kubeconfig: kc });
    const exec = new ExecCredentials(() => 1000);
    expect((await transportOptions(c.cluster, c.user, exec)).headers).toMatchObject({ Authorization: 'Bearer one' });
    writeFileSync(tok, 'two\n');
    expect((await transportOptions(c.cluster, c.user, exec)).headers).toMatchObject({ Authorization: 'Bearer two' });
    expect(await headers({ kubeconfig: kc, token: 'flag' })).toMatchObject({ Authorization: 'Bearer flag' });
  });

  it('basic auth, and impersonation (as, as-uid, as-groups, as-user-extra) as client-go sends it; --as/--as-group win', async () => {
    const kc = file(`imp-${n++}.yaml`, 'clusters:\n- name: c\n  cluster: {server: "https://h:1"}\nusers:\n- name: u\n  user:\n    username: admin\n    password: pw\n    as: jane\n    as-uid: "42"\n    as-groups: [dev, ops]\n    as-user-extra:\n      scopes.example.com/x y: [a, b]\ncontexts:\n- name: x\n  context: {cluster: c, user: u}\ncurrent-context: x\n');
    expect(await headers({ kubeconfig: kc })).toEqual({
      Authorization: `Basic ${Buffer.from('admin:pw').toString('base64')}`,
      'Impersonate-User': 'jane',
      'Impersonate-Uid': '42',
      'Impersonate-Group': ['dev', 'ops'],
      'Impersonate-Extra-scopes.example.com%2Fx%20y': ['a', 'b'],
    });
    expect(await headers({ kubeconfig: kc, as: 'bob', asGroup: ['g'] })).toMatchObject({ 'Impersonate-User': 'bob', 'Impersonate-Group': ['g'] });
  });

  it('an exec plugin named by a relative path runs from the kubeconfig\'s directory; a bare name is a $PATH lookup', async () => {
    const dir = `exec-${n++}`;
    const plugin = file(`${dir}/bin/cred.sh`, '#!/bin/sh\necho \'{"apiVersion":"client.authentication.k8s.io/v1","kind":"ExecCredential","status":{"token":"from-plugin"}}\'\n');
    (await import('node:fs')).chmodSync(plugin, 0o755);
    const kc = file(`${dir}/kc.yaml`, 'clusters:\n- name: c\n  cluster: {server: "https://h:1"}\nusers:\n- name: u\n  user:\n    exec:\n      apiVersion: client.authentication.k8s.io/v1\n      command: ./bin/cred.sh\n      interactiveMode: Never\n- name: p\n  user:\n    exec: {command: sh, args: [-c, "echo hi"]}\ncontexts:\n- name: x\n  context: {cluster: c, user: u}\n- name: p\n  context: {cluster: c, user: p}\ncurrent-context: x\n');
    const c = await open({ kubeconfig: kc });
    expect(c.user.exec?.command).toBe(join(root, dir, 'bin/cred.sh'));
    expect(await headers({ kubeconfig: kc })).toMatchObject({ Authorization: 'Bearer from-plugin' });
    expect((await open({ kubeconfig: kc, context: 'p' })).user.exec).toEqual({ command: 'sh', args: ['-c', 'echo hi'] });
  });

  it('in-cluster: the service account token (read at each build), ca.crt, KUBERNETES_SERVICE_HOST/PORT (IPv6 bracketed), its namespace', async () => {
    const sa = join(root, `sa-${n++}`);
    mkdirSync(sa);
    writeFileSync(join(sa, 'token'), 'sa-token');
    writeFileSync(join(sa, 'ca.crt'), 'SA-CA');
    writeFileSync(join(sa, 'namespace'), 'team-a');
    const c = await connect({ home: NONE, serviceAccountDir: sa, env: { KUBERNETES_SERVICE_HOST: 'fd00::1', KUBERNETES_SERVICE_PORT: '443' } });
    expect(c).toMatchObject({ server: 'https://[fd00::1]:443', namespace: 'team-a', context: 'in-cluster' });
    const t = await transportOptions(c.cluster, c.user, new ExecCredentials(() => 1000));
    expect(String(t.ca)).toBe('SA-CA');
    expect(t.headers).toMatchObject({ Authorization: 'Bearer sa-token' });
    const ns = await connect({ home: NONE, serviceAccountDir: sa, env: { KUBERNETES_SERVICE_HOST: '10.0.0.1', KUBERNETES_SERVICE_PORT: '443', POD_NAMESPACE: 'from-env' } });
    expect(ns.namespace).toBe('from-env');
    // Near miss: the port unset means not in a cluster (client-go's check), so no kubeconfig at all.
    await expect(connect({ home: NONE, serviceAccountDir: sa, env: { KUBERNETES_SERVICE_HOST: '10.0.0.1' } })).rejects.toThrow('no kubeconfig found');
  });

  it('~/.kube/config before in-cluster', async () => {
    const home = join(root, `home-${n++}`);
    file(`${home.slice(root.length + 1)}/.kube/config`, KIND('https://from-home:6443'));
    const c = await connect({ home, serviceAccountDir: join(root, 'no-sa'), env: {} });
    expect(c.server).toBe('https://from-home:6443');
  });

  it('the flags: --server works with no kubeconfig; --certificate-authority replaces the CA data; --insecure-skip-tls-verify drops the CA', async () => {
    const bare = await open({ server: 'https://flag:6443' });
    expect(bare).toMatchObject({ server: 'https://flag:6443', context: 'https://flag:6443', namespace: 'default' });
    const kc = file(`flags-${n++}.yaml`, KIND('https://h:6443'));
    const ca = file(`flags-${n++}.crt`, 'FLAG-CA');
    const c = await open({ kubeconfig: kc, certificateAuthority: ca, server: 'https://other:1' });
    const t = await transportOptions(c.cluster, c.user, new ExecCredentials(() => 1000));
    expect([c.server, String(t.ca)]).toEqual(['https://other:1', 'FLAG-CA']);
    const i = await open({ kubeconfig: kc, insecureSkipTlsVerify: true });
    const ti = await transportOptions(i.cluster, i.user, new ExecCredentials(() => 1000));
    expect([ti.rejectUnauthorized, ti.ca]).toEqual([false, undefined]);
  });

  it('JSON kubeconfigs, flow style and anchors are read too (the js-yaml path)', async () => {
    const json = file(`j-${n++}.json`, JSON.stringify({ clusters: [{ name: 'c', cluster: { server: 'https://json:1' } }], contexts: [{ name: 'x', context: { cluster: 'c' } }], 'current-context': 'x' }));
    expect((await open({ kubeconfig: json })).server).toBe('https://json:1');
    const anchors = file(`anc-${n++}.yaml`, 'clusters:\n- name: c\n  cluster: &c {server: "https://anchor:1"}\n- name: d\n  cluster: *c\ncontexts:\n- name: x\n  context: {cluster: d}\ncurrent-context: x\n');
    expect((await open({ kubeconfig: anchors })).server).toBe('https://anchor:1');
  });

  it('near misses: each one clear E_CONFIG line, no secret in it', async () => {
    const cases: Array<[string, string | RegExp]> = [
      ['clusters:\n- name: c\n  cluster:\n    server: [unclosed\n    token: s3cret-value\n', /^cannot read the kubeconfig: .*bad-0\.yaml:\d+: invalid YAML/],
      ['clusters: {a: b}\n', /clusters is not a list$/],
      ['- just\n- a list\n', /it is not a YAML mapping$/],
      ['clusters:\n- cluster: {server: "https://h"}\n', /clusters\[0\]\.name is missing$/],
      ['contexts:\n- name: x\n  context: {cluster: c}\ncurrent-context: x\n', 'context "x" names no cluster server'],
      ['current-context: gone\ncontexts:\n- name: x\n  context: {cluster: c}\n', 'the kubeconfig\'s current-context "gone" is not in the kubeconfig'],
      ['users:\n- name: u\n  user: {token: s3cret-value}\n', 'the kubeconfig has no current context'],
      ['a: 1\n---\nb: 2\n', /it holds more than one YAML document$/],
    ];
    for (const [i, [text, want]] of cases.entries()) {
      const err = await open({ kubeconfig: file(`bad-${i}.yaml`, text) }).catch((e: unknown) => e);
      expect(err, text).toBeInstanceOf(ClusterError);
      expect((err as ClusterError).code).toBe('E_CONFIG');
      expect((err as ClusterError).message, text).toMatch(want);
      expect((err as ClusterError).message).not.toContain('s3cret');
      expect((err as ClusterError).message).not.toContain('\n');
    }
    await expect(open({ kubeconfig: file('ctx.yaml', KIND('https://h:1')), context: 'nope' })).rejects.toThrow('context "nope" is not in the kubeconfig');
    await expect(open({ env: { KUBECONFIG: join(root, 'none-a') } })).rejects.toThrow('none of the files in $KUBECONFIG exists');
    await expect(open({ kubeconfig: join(root, 'missing.yaml') })).rejects.toThrow('does not exist');
    await expect(open({})).rejects.toThrow('no kubeconfig found');
  });

  it('an empty kubeconfig (or only comments) is an empty config, as in kubectl', async () => {
    await expect(open({ kubeconfig: file('empty.yaml', '# nothing\n') })).rejects.toThrow('the kubeconfig has no current context');
    expect((await open({ kubeconfig: file('empty2.yaml', ''), server: 'https://s:1' })).server).toBe('https://s:1');
  });
});
