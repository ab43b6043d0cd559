// kubectl's flag grammar and conventions, as a user types them.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { normalizeArgv } from '../../src/cli/argv.js';
import { BIN, fixture, kdiag, kdiagInProcess, ROOT } from '../support/cli.js';

const SHOP = fixture('examples/shop.yaml');
const names = (stdout: string): string[] => JSON.parse(stdout).items.map((d: { pod?: { name: string } }) => d.pod?.name).sort();

describe('flag forms', () => {
  it('-n=shop and -o=json mean -n shop and -o json (not namespace "=shop")', async () => {
    const r = await kdiagInProcess(['scan', '-f', SHOP, '-n=shop', '-o=json']);
    expect(r.stderr).toBe('');
    expect(names(r.stdout)).toHaveLength(4);
    expect(names((await kdiagInProcess(['scan', '-f', SHOP, '--namespace=shop', '--output=json'])).stdout)).toHaveLength(4);
  });

  it('persistent flags may stand before the subcommand', async () => {
    const r = await kdiagInProcess(['-n', 'shop', '-o', 'json', 'scan', '-f', SHOP]);
    expect(r.stderr).toBe('');
    expect(names(r.stdout)).toHaveLength(4);
    expect(JSON.parse((await kdiagInProcess(['--output=json', '-n=shop', 'pod', 'api-7d9f5c6b8-x2k4p', '-f', SHOP])).stdout).stage).toBe('image');
    expect((await kdiagInProcess(['-n', 'elsewhere', 'scan', '-f', SHOP])).stdout).toBe('No Pods found.\n');
  });

  it('the rewrite leaves values and everything after -- alone', () => {
    expect(normalizeArgv(['node', 'kdiag', 'scan', '-l', 'app=web', '--', '-n=x'])).toEqual(['node', 'kdiag', 'scan', '-l', 'app=web', '--', '-n=x']);
    expect(normalizeArgv(['node', 'kdiag', '--context', 'c', '-v', 'pod', 'p'])).toEqual(['node', 'kdiag', 'pod', '--context', 'c', '-v', 'p']);
  });

  it('analyze takes the same selection flags as scan (-n, -A, -l)', async () => {
    expect(names((await kdiagInProcess(['analyze', SHOP, '-l', 'app=web', '-o', 'json'])).stdout)).toEqual(['web-6b7f9c8d4-q8zrt']);
    expect(names((await kdiagInProcess(['analyze', SHOP, '-A', '-o', 'json'])).stdout)).toHaveLength(4);
    expect(names((await kdiagInProcess(['analyze', SHOP, '-n', 'other', '-o', 'json'])).stdout)).toEqual([]);
  });

  it('--field-selector on scan and analyze, with kubectl\'s field names and its error for others', async () => {
    expect(names((await kdiagInProcess(['scan', '-f', SHOP, '--field-selector', 'status.phase=Running', '-o', 'json'])).stdout)).toEqual(['web-6b7f9c8d4-q8zrt', 'worker-5d8c7b6a9-m2n3b']);
    expect(names((await kdiagInProcess(['analyze', SHOP, '--field-selector=status.phase!=Running,metadata.namespace=shop', '-o', 'json'])).stdout)).toEqual(['api-7d9f5c6b8-x2k4p', 'search-0']);
    const bad = await kdiagInProcess(['scan', '-f', SHOP, '--field-selector', 'spec.foo=x']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('field label not supported: spec.foo');
  });

  it('analyze with no path reads a piped stdin', () => {
    const r = kdiag(['analyze', '-o', 'json'], { input: readFileSync(SHOP) });
    expect(r.code).toBe(1);
    expect(names(r.stdout)).toHaveLength(4);
  });

  it('--watch with -f is refused, not ignored', async () => {
    const r = await kdiagInProcess(['pod', 'api-7d9f5c6b8-x2k4p', '-f', SHOP, '--watch']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--watch follows the live cluster; it cannot watch a dump (-f)');
  });

  it('flags that do nothing for a command are not offered', async () => {
    for (const cmd of ['rules', 'explain']) {
      expect((await kdiagInProcess([cmd, '--help'])).stdout).not.toMatch(/--now|--grace|--context/);
    }
    expect((await kdiagInProcess(['rules', '--now', 'wall'])).code).toBe(2);
    expect((await kdiagInProcess(['gate', '--help'])).stdout).not.toContain('--now');
  });

  it('-o wide prints every column and cuts nothing', async () => {
    const r = await kdiagInProcess(['scan', '-f', SHOP, '-o', 'wide'], { env: { COLUMNS: '60' } });
    expect(r.stdout.split('\n')[0]).toMatch(/^NAME .*NODE .*RULE .*CAUSE$/);
    expect(r.stdout).not.toContain('…');
  });

  it('capture: --output-file names the file; the old -o FILE still works with a deprecation note', async () => {
    const env = { HOME: mkdtempSync(join(tmpdir(), 'kdiag-home-')) };
    const old = await kdiagInProcess(['capture', 'pod', 'x', '-o', join(env.HOME, 'b.yaml')], { env });
    expect(old.stderr).toContain('capture -o FILE is deprecated');
    expect(old.code).toBe(3); // no kubeconfig here: the flag parsed, the connection failed
    const now = await kdiagInProcess(['capture', 'pod', 'x', '--output-file', join(env.HOME, 'b.yaml')], { env });
    expect(now.stderr).not.toContain('deprecated');
    expect(now.code).toBe(3);
  });
});

describe('version, completion, plugin name', () => {
  it('kdiag version and -o json', () => {
    expect(kdiag(['version']).stdout).toMatch(/^kdiag \d+\.\d+\.\d+ \(Node\.js \d+/);
    const v = JSON.parse(kdiag(['version', '-o', 'json']).stdout);
    expect(v).toMatchObject({ apiVersion: 'kdiag/v1', kind: 'Version', kdiag: JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version });
  });

  it('help names the tool as kubectl invoked it (kubectl-pod_why → "kubectl pod-why")', () => {
    const dir = mkdtempSync(join(tmpdir(), 'kdiag-plugin-'));
    symlinkSync(BIN, join(dir, 'kubectl-pod_why'));
    const r = kdiag(['scan', '--help'], { launcher: join(dir, 'kubectl-pod_why') });
    expect(r.stdout).toMatch(/^Usage: kubectl pod-why scan/);
    expect(kdiag(['--help']).stdout).toMatch(/^Usage: kdiag /);
  });

  it('as the kubectl plugin, a first word that is no command names a Pod: kubectl pod-why NAME', () => {
    const dir = mkdtempSync(join(tmpdir(), 'kdiag-plugin-'));
    symlinkSync(BIN, join(dir, 'kubectl-pod_why'));
    const shop = join(ROOT, 'fixtures/examples/shop.yaml');
    const run = (args: string[]) => kdiag(args, { launcher: join(dir, 'kubectl-pod_why') });
    const bare = run(['web-6b7f9c8d4-q8zrt', '-f', shop]);
    expect(bare.code).toBe(0);
    expect(bare.stdout).toMatch(/^Pod shop\/web-6b7f9c8d4-q8zrt/);
    expect(run(['-n', 'shop', 'api-7d9f5c6b8-x2k4p', '-f', shop]).code).toBe(1);
    // Commands keep their meaning; the plain kdiag binary does not guess.
    expect(run(['analyze', shop, '-o', 'json']).stdout).toMatch(/"kind": ?"DiagnosisList"/);
    const plain = kdiag(['web-6b7f9c8d4-q8zrt', '-f', shop]);
    expect(plain.code).toBe(2);
  });

  it('kubectl_complete-pod_why answers in cobra\'s format', () => {
    const r = kdiag(['scan', '-o', ''], { launcher: join(ROOT, 'bin/kubectl_complete-pod_why.js') });
    expect(r.stdout).toBe('text\nwide\njson\nyaml\nmarkdown\n:4\n');
    expect(kdiag(['__complete', 'p']).stdout).toBe('pod\n:4\n');
    expect(kdiag(['__complete', 'scan', '--fail']).stdout).toBe('--failing-only\n--fail-on\n:4\n');
    expect(kdiag(['__complete', 'analyze', '']).stdout).toBe(':0\n');
  });

  it('explain and lifecycle complete rule ids and stages; with no cluster, pod offers only the prefixes (no error)', async () => {
    expect((await kdiagInProcess(['__complete', 'explain', 'image/not'])).stdout).toBe('image/not-found\n:4\n');
    expect((await kdiagInProcess(['__complete', 'explain', 'stage/c'])).stdout).toBe('stage/cni\nstage/container\n:4\n');
    expect((await kdiagInProcess(['__complete', 'lifecycle', 'v'])).stdout).toBe('volume\n:4\n');
    const r = await kdiagInProcess(['__complete', 'pod', 'd'], { env: { KUBECONFIG: join(tmpdir(), 'kdiag-no-such-kubeconfig') } });
    expect(r.stdout).toBe('deploy/\nds/\n:4\n');
    expect(r.stderr).toBe('');
  });

  it('bash completion works in bash', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kdiag-bash-'));
    symlinkSync(BIN, join(dir, 'kdiag'));
    const script = join(dir, 'c.bash');
    writeFileSync(script, (await kdiagInProcess(['completion', 'bash'])).stdout);
    const r = spawnSync('bash', ['-c', `source ${script}; COMP_WORDS=(kdiag scan --fail); COMP_CWORD=2; _kdiag; echo "\${COMPREPLY[*]}"; COMP_WORDS=(kdiag ex); COMP_CWORD=1; _kdiag; echo "\${COMPREPLY[*]}"`], { encoding: 'utf8', env: { PATH: `${dir}:${process.env.PATH}` } });
    expect(r.stdout).toBe('--failing-only --fail-on\nexplain\n');
  });

  it('zsh and fish scripts; an unknown shell is a usage error', async () => {
    expect((await kdiagInProcess(['completion', 'zsh'])).stdout).toMatch(/^#compdef kdiag/);
    expect((await kdiagInProcess(['completion', 'fish'])).stdout).toContain('complete -c kdiag');
    expect((await kdiagInProcess(['completion', 'tcsh'])).code).toBe(2);
  });
});

describe('least privilege and a clean start', () => {
  it('kdiag rbac grants nothing on Secrets; the optional Role that does is labelled as exposing values', async () => {
    const plain = (await kdiagInProcess(['rbac'])).stdout;
    expect(plain).not.toMatch(/resources: \[[^\]]*\bsecrets\b/);
    expect(plain).toMatch(/nothing on Secrets/);
    const withSecrets = (await kdiagInProcess(['rbac', '--with-secret-names'])).stdout;
    expect(withSecrets).toMatch(/OPTIONAL, AND IT EXPOSES SECRET VALUES/);
    expect(withSecrets).toMatch(/name: kdiag-secret-existence-exposes-values\nrules:\n- apiGroups: \[""\]\n {2}resources: \[secrets\]\n {2}verbs: \[list\]/);
  });

  it(`a live command loads client-node with no deprecation warning (node ${process.versions.node})`, async () => {
    const r = await kdiagInProcess(['pod', 'x', '--server', 'http://127.0.0.1:9', '--request-timeout', '2s']);
    expect(r.code).toBe(3);
    expect(r.stderr).not.toMatch(/DeprecationWarning|DEP0\d+/);
  });
});
