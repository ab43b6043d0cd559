// The release archive that `npm run dist` builds (one self-contained executable), installed the way krew
// installs it from the filled-in manifest, then run as `kubectl pod-why` with no Node anywhere on PATH: on the
// bundled example dump, for its version, and live against the real cluster.
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { crc32 } from 'node:zlib';
import { parse } from 'yaml';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error a plain ES module shared with scripts/dist.mjs
import { krewInstall, krewProblems } from '../../scripts/dist/krew.mjs';
import { ADMIN, freshNamespace, KUBECTL, kubectl, waitFor } from './env.js';

const ROOT = join(import.meta.dirname, '..', '..');
const RELEASE = join(ROOT, 'dist/release');
const NS = 'kdiag-live-binary';
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));

let link = '';
let path = '';
beforeAll(async () => {
  if (!existsSync(join(RELEASE, 'pod-why.yaml'))) throw new Error('no dist/release/pod-why.yaml: npm run dist builds the archive these tests install');
  const manifest = parse(readFileSync(join(RELEASE, 'pod-why.yaml'), 'utf8'));
  expect(krewProblems(manifest, 'pod-why')).toEqual([]);
  const archive = readdirSync(RELEASE).find((f) => f.endsWith('-linux-amd64.tar.gz'));
  if (!archive) throw new Error('no linux-amd64 archive in dist/release');
  link = krewInstall(manifest, 0, join(RELEASE, archive), mkdtempSync(join(tmpdir(), 'kdiag-krew-')));
  // krew's bin directory and kubectl's, and nothing else: no Node reachable.
  path = [dirname(link), dirname(KUBECTL)].join(':');
  for (const dir of path.split(':')) expect(existsSync(join(dir, 'node'))).toBe(false);
  freshNamespace(NS);
  const pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'sleeper', namespace: NS }, spec: { terminationGracePeriodSeconds: 1, containers: [{ name: 'app', image: '127.0.0.1:5000/busybox:1', command: ['sleep', '3600'] }] } };
  const r = kubectl(['apply', '-f', '-'], JSON.stringify(pod));
  if (r.code !== 0) throw new Error(r.stderr);
  await waitFor('pod sleeper Ready', () => kubectl(['get', 'pod', 'sleeper', '-n', NS, '-o', 'jsonpath={.status.conditions[?(@.type=="Ready")].status}']).stdout === 'True', 120_000);
}, 240_000);
afterAll(() => kubectl(['delete', 'namespace', NS, '--wait=false']));

const home = mkdtempSync(join(tmpdir(), 'kdiag-binary-home-'));
const plugin = (args: string[], env: Record<string, string> = {}) => {
  const r = spawnSync(KUBECTL, ['pod-why', ...args], { env: { PATH: path, HOME: home, KUBECONFIG: ADMIN, NO_COLOR: '1', ...env }, encoding: 'utf8', timeout: 120_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
};

describe('the release executable, installed as krew installs it', () => {
  it('kubectl pod-why NAME -f DUMP diagnoses a Pod of the bundled example (no word "pod" needed)', () => {
    const r = plugin(['web-6b7f9c8d4-q8zrt', '-f', join(ROOT, 'fixtures/examples/shop.yaml')]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Pod shop\/web-6b7f9c8d4-q8zrt/);
  });

  it('a failing Pod of the example: exit 1 and its cause', () => {
    const r = plugin(['pod', 'api-7d9f5c6b8-x2k4p', '-f', join(ROOT, 'fixtures/examples/shop.yaml')]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/FAILING at image/);
  });

  it('--version is the package version; help names the plugin as kubectl runs it', () => {
    expect(plugin(['--version']).stdout.trim()).toBe(pkg.version);
    expect(plugin(['--help']).stdout).toMatch(/^Usage: kubectl pod-why/);
  });

  it('live: a running Pod on the real cluster is healthy (exit 0)', () => {
    const r = plugin(['sleeper', '-n', NS]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Pod kdiag-live-binary\/sleeper/);
  });

  it('kdiag mcp from the executable: an MCP client gets the live Pod\'s diagnosis', async () => {
    const client = new Client({ name: 'kdiag-live-test', version: '1' });
    await client.connect(new StdioClientTransport({ command: link, args: ['mcp'], env: { PATH: path, HOME: home, KUBECONFIG: ADMIN } }));
    try {
      const r = await client.callTool({ name: 'diagnose', arguments: { target: 'sleeper', namespace: NS } });
      const text = (r.content as Array<{ text: string }>)[0]!.text;
      expect(r.isError, text).toBeFalsy();
      expect(JSON.parse(text)).toMatchObject({ kind: 'Diagnosis', status: 'healthy', pod: { namespace: NS, name: 'sleeper' } });
    } finally {
      await client.close();
    }
  });
});

// The executable compiles the CLI bundle through the launcher's V8 code cache (bin/code-cache.cjs): without it,
// every run compiled the whole bundle anew. The cache changes how fast a run starts, never what it prints.
describe("the release executable's code cache", () => {
  const DUMP = ['pod', 'api-7d9f5c6b8-x2k4p', '-f', join(ROOT, 'fixtures/examples/shop.yaml')];
  const cacheOf = (xdg: string): string[] => {
    const dir = join(xdg, 'kdiag', 'code-cache');
    return existsSync(dir) ? readdirSync(dir).map((f) => join(dir, f)) : [];
  };
  const valid = (file: string): boolean => {
    const b = readFileSync(file);
    return b.toString('latin1', 0, 4) === 'KDC1' && b.length > 8 && b.readUInt32LE(4) === crc32(b.subarray(8));
  };
  let reference: ReturnType<typeof plugin>;
  beforeAll(() => {
    const none = mkdtempSync(join(tmpdir(), 'kdiag-binary-cache-'));
    reference = plugin(DUMP, { XDG_CACHE_HOME: none, KDIAG_CODE_CACHE: '0' });
    expect(reference.code).toBe(1);
    expect(cacheOf(none)).toEqual([]);
  });

  it('the first run writes one file for its command and Node, the next reads it and leaves it as it is', () => {
    const xdg = mkdtempSync(join(tmpdir(), 'kdiag-binary-cache-'));
    expect(plugin(DUMP, { XDG_CACHE_HOME: xdg })).toEqual(reference);
    const [file, ...more] = cacheOf(xdg);
    expect(more).toEqual([]);
    expect(file).toMatch(/-v\d+\.\d+\.\d+-x64-pod-dump\.bin$/);
    expect(valid(file!)).toBe(true);
    const before = { bytes: readFileSync(file!), mtime: statSync(file!).mtimeMs };
    expect(plugin(DUMP, { XDG_CACHE_HOME: xdg })).toEqual(reference);
    expect(cacheOf(xdg)).toEqual([file]);
    expect({ bytes: readFileSync(file!), mtime: statSync(file!).mtimeMs }).toEqual(before);
  });

  it('a damaged file is not given to V8: the same output, and the file written again', () => {
    const xdg = mkdtempSync(join(tmpdir(), 'kdiag-binary-cache-'));
    plugin(DUMP, { XDG_CACHE_HOME: xdg });
    const [file] = cacheOf(xdg);
    const bytes = readFileSync(file!);
    const middle = bytes.length >> 1;
    bytes[middle] = bytes[middle]! ^ 0xff;
    writeFileSync(file!, bytes);
    expect(valid(file!)).toBe(false);
    expect(plugin(DUMP, { XDG_CACHE_HOME: xdg })).toEqual(reference);
    expect(cacheOf(xdg)).toEqual([file]);
    expect(valid(file!)).toBe(true);
  });

  it('KDIAG_CODE_CACHE=0 writes none', () => {
    const xdg = mkdtempSync(join(tmpdir(), 'kdiag-binary-cache-'));
    expect(plugin(DUMP, { XDG_CACHE_HOME: xdg, KDIAG_CODE_CACHE: '0' })).toEqual(reference);
    expect(cacheOf(xdg)).toEqual([]);
  });
});
