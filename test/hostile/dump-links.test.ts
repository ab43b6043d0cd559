// Symbolic links inside a dump directory: a stranger's archive may hold `pods.yaml -> /etc/shadow` or
// `-> /proc/self/environ`. A link is followed only when it resolves inside the directory; every link that
// leads out is named in one note and never opened. A file the user names is read wherever it is.
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { kdiagAsync } from '../support/cli.js';
import { tmp } from './server.js';

const VALID = readFileSync(resolve(import.meta.dirname, '../hardening/corpus/valid.yaml'), 'utf8');
// Outside the dump: a Pod whose name would show if the file were read.
const outside = join(tmp, 'outside-pods.yaml');
writeFileSync(outside, VALID.replaceAll('api-7d9f-x2k', 'planted-outside-pod').replace('0e0f6a5c', '2e0f6a5c'));

function dumpWithLinks(): string {
  const dir = join(tmp, 'links');
  mkdirSync(join(dir, 'sub'), { recursive: true });
  writeFileSync(join(dir, 'valid.yaml'), VALID);
  writeFileSync(join(dir, 'sub', 'second.yaml'), VALID.replaceAll('api-7d9f-x2k', 'second-inside-pod').replace('0e0f6a5c', '1e0f6a5c'));
  symlinkSync(outside, join(dir, 'pods.yaml')); // absolute, out
  symlinkSync('/proc/self/environ', join(dir, 'environ.json'));
  symlinkSync('../../outside-pods.yaml', join(dir, 'sub', 'up.yaml')); // relative, out
  symlinkSync('../valid.yaml', join(dir, 'sub', 'again.yaml')); // inside: followed (the same file, read once)
  symlinkSync('second.yaml', join(dir, 'sub', 'alias.yaml'));
  return dir;
}

describe('symbolic links in a dump directory', () => {
  const dir = dumpWithLinks();

  it('links leading out are not opened: one note names them; links inside are read, each file once', async () => {
    const r = await kdiagAsync(['analyze', dir, '-o', 'json'], { env: { KDIAG_PLANTED_ENV: 'planted-env-value-7731' } });
    expect(r.code, r.stderr).toBe(1); // the diagnosis' exit code: nothing unreadable
    const names = JSON.parse(r.stdout).items.map((i: { pod: { name: string } }) => i.pod.name).sort();
    expect(names).toEqual(['api-7d9f-x2k', 'second-inside-pod']);
    expect(r.stdout + r.stderr).not.toMatch(/planted-outside-pod|planted-env-value/);
    const lines = r.stderr.split('\n').filter(Boolean);
    expect(lines, r.stderr).toHaveLength(1);
    expect(lines[0]).toMatch(/^kdiag: .*links: 3 symbolic link\(s\) lead out of the directory; not read: environ\.json, pods\.yaml, sub\/up\.yaml \(pass a file/);
  });

  it('the same file named as an argument is read: the user chose it', async () => {
    const r = await kdiagAsync(['analyze', join(dir, 'pods.yaml'), '-o', 'json']);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stdout).toContain('planted-outside-pod');
  });
});
