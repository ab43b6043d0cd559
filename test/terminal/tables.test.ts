// Tables for people and for pipes: piped, every cell is whole (kubectl's rule: no width unless COLUMNS says
// one); at a narrow COLUMNS nothing is cut either, columns move and go; rules grouped by stage; --no-headers
// and -o name as kubectl has them.
import { describe, expect, it } from 'vitest';
import { fixture, kdiagInProcess } from '../support/cli.js';

const REAL = fixture('real');
const names = await kdiagInProcess(['scan', '-f', REAL, '-o', 'name']);
const pods = names.stdout.trim().split('\n');
/** The NAME cell of a `-o name` line: a Pod's name, or a workload's kind/name. */
const podName = (line: string): string => (line.startsWith('pod/') ? line.slice('pod/'.length) : line);

describe('scan and analyze tables', () => {
  it('-o name: one pod/NAME line per Pod, nothing else', async () => {
    expect(pods.length).toBeGreaterThan(30);
    for (const line of pods) expect(line).toMatch(/^[a-z]+\/[a-z0-9.-]+$/);
    expect(pods.filter((p) => p.startsWith('pod/')).length).toBeGreaterThan(30);
    expect((await kdiagInProcess(['analyze', REAL, '-o', 'name'])).stdout.trim().split('\n').sort()).toEqual([...pods].sort());
  });

  it('piped: every name and cause whole, so grep finds them', async () => {
    const r = await kdiagInProcess(['scan', '-f', REAL]);
    expect(r.stdout).not.toContain('…');
    for (const p of pods) expect(r.stdout).toMatch(new RegExp(`\\s${podName(p)}\\s`));
    expect(r.stdout).toMatch(/kdiag-container-crash-loop +crasher +failing .*CrashLoopBackOff/);
  });

  for (const columns of ['80', '50']) {
    it(`COLUMNS=${columns}: no line wider, no cut, every Pod and its namespace whole`, async () => {
      const r = await kdiagInProcess(['scan', '-f', REAL], { env: { COLUMNS: columns } });
      const lines = r.stdout.split('\n');
      expect(r.stdout).not.toContain('…');
      const table = lines.slice(0, lines.indexOf(''));
      // Only a row whose namespace and name alone are wider than the terminal may be wider: names are never cut.
      for (const l of table) if (l.length > Number(columns)) expect(l).toMatch(/^\S+ +\S+$/);
      for (const p of pods) expect(table.some((l) => new RegExp(`^[a-z0-9-]+ +${podName(p)}\\b`).test(l))).toBe(true);
      // The cause (and the status, once every other column is gone) under the row, wrapped at spaces.
      const under = table.filter((l) => l.startsWith('    ')).map((l) => l.trim()).join(' ');
      expect(under).toContain('failing: Container keeps crashing (CrashLoopBackOff)');
    });
  }

  it('--no-headers: the rows only', async () => {
    const r = await kdiagInProcess(['scan', '-f', REAL, '--no-headers']);
    const lines = r.stdout.trim().split('\n');
    expect(lines).toHaveLength(pods.length);
    expect(lines[0]).not.toMatch(/NAMESPACE|NAME/);
    const a = (await kdiagInProcess(['analyze', REAL, '--no-headers'])).stdout.trim().split('\n');
    expect(a).toHaveLength(pods.length);
  });

  it('-o name is refused by commands that do not list', async () => {
    const r = await kdiagInProcess(['pod', 'crasher', '-f', fixture('real/container-crash-loop.yaml'), '-o', 'name']);
    expect(r.code).toBe(2);
  });
});

describe('kdiag rules', () => {
  it('piped: grouped by stage, every title whole, no STAGE column', async () => {
    const r = await kdiagInProcess(['rules']);
    const lines = r.stdout.split('\n');
    expect(lines[0]).toMatch(/^ {2}RULE +SEVERITY +TITLE$/);
    expect(r.stdout).not.toContain('…');
    const headings = lines.filter((l) => /^[a-z]+$/.test(l));
    expect(headings).toEqual(['admission', 'scheduling', 'kubelet', 'volume', 'cni', 'image', 'container', 'readiness', 'traffic']);
    // Each rule under its own stage's heading.
    let stage = '';
    for (const l of lines) {
      if (/^[a-z]+$/.test(l)) stage = l;
      const id = /^ {2}([a-z]+)\/\S+/.exec(l);
      if (id) expect(id[1]).toBe(stage);
    }
    expect(r.stdout).toMatch(/ {2}scheduling\/insufficient-resources +error +Not enough free cpu, memory or other resources on any node\n/);
  });

  it('COLUMNS=80: the title under its rule, whole, no line wider', async () => {
    const r = await kdiagInProcess(['rules'], { env: { COLUMNS: '80' } });
    for (const l of r.stdout.split('\n')) expect(l.length).toBeLessThanOrEqual(80);
    expect(r.stdout).toContain('  scheduling/insufficient-resources');
    expect(r.stdout).toContain('      Not enough free cpu, memory or other resources on any node\n');
  });
});

describe('scan -f DIR: one clock note for many files', () => {
  it('one line for the 39 files; each with --verbose; in zh-TW too', async () => {
    const r = await kdiagInProcess(['scan', '-f', REAL]);
    expect(r.stdout.match(/ages measured from/g)).toHaveLength(1);
    expect(r.stdout).toMatch(/ages measured from each file's own time \(\d+ files, \S+ to \S+\); --verbose lists them/);
    expect(((await kdiagInProcess(['scan', '-f', REAL, '--verbose'])).stdout.match(/ages measured from/g) ?? []).length).toBeGreaterThan(30);
    expect((await kdiagInProcess(['scan', '-f', REAL, '--lang', 'zh-TW'])).stdout.match(/經過時間/g)).toHaveLength(1);
  });
});
