// Each input has its own "now": a recorded capture time, else the file's modification time, else (stdin)
// the wall clock; --now overrides all; the newest timestamp only bounds a modification time that is older
// than the objects. The Pods are cut from fixtures/examples/shop.yaml, as the issue reproduces it.
import { mkdirSync, mkdtempSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments, stringify } from 'yaml';
import { fixture, kdiag, kdiagInProcess } from '../support/cli.js';

const tmp = mkdtempSync(join(tmpdir(), 'kdiag-clock-'));
const shop = (parseAllDocuments(readFileSync(fixture('examples/shop.yaml'), 'utf8'))[0]!.toJS() as { items: Array<{ kind: string; metadata: { name: string } }> }).items;
/** search-0: created 09:55, Unschedulable (Insufficient cpu/memory, "Preemption is not helpful") since 09:55, no events. */
const SEARCH = shop.find((o) => o.kind === 'Pod' && o.metadata.name === 'search-0')!;
const CREATED = Date.parse('2026-11-30T09:55:00Z');

/** Writes `kubectl get pod -o yaml` of one Pod and sets the file's modification time. */
function podFile(name: string, pod: unknown, mtime: number, dir = tmp): string {
  const p = join(dir, name);
  writeFileSync(p, stringify(pod));
  utimesSync(p, mtime / 1000, mtime / 1000);
  return p;
}

function renamed(pod: typeof SEARCH, name: string): typeof SEARCH {
  const copy = structuredClone(pod) as typeof SEARCH & { metadata: { uid?: string } };
  copy.metadata.name = name;
  copy.metadata.uid = `uid-${name}`;
  return copy;
}

/** In-process, but spawned for standard input (a test worker's stdin is not the test's to give). */
async function json(args: string[], input?: string): Promise<{ code: number; d: any }> {
  const r = input === undefined ? await kdiagInProcess([...args, '-o', 'json']) : kdiag([...args, '-o', 'json'], { input });
  return { code: r.code, d: JSON.parse(r.stdout) };
}

describe('the clock of a dump', () => {
  it('a Pod Pending for 21 h saved with kubectl get -o yaml (no events) is failing: the file was written 21 h after it was created', async () => {
    const file = podFile('search-21h.yaml', SEARCH, CREATED + 21 * 3_600_000);
    const r = await kdiagInProcess(['pod', 'search-0', '-f', file]);
    expect(r.code, r.stdout).toBe(1);
    expect(r.stdout).toMatch(/FAILING at scheduling/);
    const { d } = await json(['pod', 'search-0', '-f', file]);
    expect(d.status).toBe('failing');
    expect(d.observedAt).toBe('2026-12-01T06:55:00Z');
    expect(d.notes).toContain(`ages measured from 2026-12-01T06:55:00Z, the modification time of ${file} (pass --now to judge it at another time)`);
  });

  it('near miss: the same Pod in a file written 5 s after it was created is still progressing (exit 0)', async () => {
    const file = podFile('search-5s.yaml', SEARCH, CREATED + 5_000);
    const { code, d } = await json(['pod', 'search-0', '-f', file]);
    expect(code).toBe(0);
    expect(d.status).toBe('progressing');
  });

  it('--now overrides the file time, and the note says so', async () => {
    const file = podFile('search-now.yaml', SEARCH, CREATED + 5_000);
    const { code, d } = await json(['pod', 'search-0', '-f', file, '--now', '2026-11-30T12:00:00Z']);
    expect(code).toBe(1);
    expect(d.notes).toContain('ages measured from 2026-11-30T12:00:00Z, given with --now');
  });

  it('a modification time older than the objects in the file is only a sanity bound: the newest timestamp is used, and said', async () => {
    const file = podFile('search-old-mtime.yaml', SEARCH, CREATED - 3_600_000);
    const { d } = await json(['pod', 'search-0', '-f', file]);
    expect(d.observedAt).toBe('2026-11-30T09:55:00Z');
    expect(d.notes.join('\n')).toContain(`the newest timestamp in ${file}: its modification time (2026-11-30T08:55:00Z) is older than objects in it`);
  });

  it('a capture time recorded in the file (a kdiag bundle) wins over its modification time', async () => {
    const file = join(tmp, 'search-bundle.yaml');
    writeFileSync(file, stringify({ apiVersion: 'v1', kind: 'List', metadata: { annotations: { 'kdiag.io/captured-at': '2026-11-30T09:55:10Z' } }, items: [SEARCH] }));
    utimesSync(file, (CREATED + 86_400_000) / 1000, (CREATED + 86_400_000) / 1000);
    const { code, d } = await json(['pod', 'search-0', '-f', file]);
    expect(code).toBe(0);
    expect(d.status).toBe('progressing');
    expect(d.notes).toContain(`ages measured from 2026-11-30T09:55:10Z, the capture time recorded in ${file}`);
  });

  it('standard input is judged by the wall clock (it has no file time), and the note says so', async () => {
    const { code, d } = await json(['pod', 'search-0', '-f', '-'], stringify(SEARCH));
    expect(code).toBe(1); // created 2026-11-30; the wall clock is later than the 60 s grace
    expect(d.notes.join('\n')).toMatch(/this machine's clock when kdiag read standard input/);
    expect(Date.parse(d.observedAt)).toBeGreaterThan(Date.now() - 60_000);
  });
});

describe('analyze DIR: each Pod judged by its own file', () => {
  const dir = join(tmp, 'dir');
  mkdirSync(dir);
  // Captured an hour apart: old.yaml 21 h after search-0 was created, young.yaml 5 s after its Pod.
  const old = podFile('old.yaml', SEARCH, CREATED + 21 * 3_600_000, dir);
  const young = podFile('young.yaml', renamed(SEARCH, 'search-1'), CREATED + 5_000, dir);

  it('gives each Pod the verdict `pod NAME -f ITS_FILE` gives', async () => {
    const { code, d } = await json(['analyze', dir]);
    expect(code).toBe(1);
    const byName = Object.fromEntries(d.items.map((i: any) => [i.pod.name, i]));
    for (const [name, file] of [['search-0', old], ['search-1', young]] as const) {
      const alone = (await json(['pod', name, '-f', file])).d;
      expect({ name, status: byName[name].status, stage: byName[name].stage, summary: byName[name].summary, observedAt: byName[name].observedAt }).toEqual({
        name,
        status: alone.status,
        stage: alone.stage,
        summary: alone.summary,
        observedAt: alone.observedAt,
      });
    }
    expect(byName['search-0'].status).toBe('failing');
    expect(byName['search-1'].status).toBe('progressing');
  });

  it('scan -f DIR shows each Pod the age its own file gives it', async () => {
    const r = await kdiagInProcess(['scan', '-f', dir]);
    expect(r.stdout).toMatch(/search-0\s.*\s21h\s/m);
    expect(r.stdout).toMatch(/search-1\s.*\s5s\s/m);
  });
});

describe('a real Pod Pending past the grace period, saved as `kubectl get pod -o yaml` only (no events)', () => {
  // fixtures/real/sched-pending-past-grace.yaml: pending-cpu asks for 1 of the node's 2 cpu while another Pod holds 1.5.
  const docs = parseAllDocuments(readFileSync(fixture('real/sched-pending-past-grace.yaml'), 'utf8')).map((d) => d.toJS() as any);
  const items = docs.flatMap((d) => (Array.isArray(d?.items) ? d.items : []));
  const pending = items.find((o: any) => o.kind === 'Pod' && o.metadata.name === 'pending-cpu');
  const captured = Date.parse(docs.find((d) => d?.metadata?.annotations?.['kdiag.io/captured-at'])!.metadata.annotations['kdiag.io/captured-at']);
  const created = Date.parse(pending.metadata.creationTimestamp);

  it('is failing, judged at the time the file was written; the old "newest timestamp" clock would have said 0 s and progressing', async () => {
    expect(captured - created).toBeGreaterThan(60_000);
    const file = podFile('pending-cpu.yaml', pending, captured);
    const r = await kdiagInProcess(['pod', 'pending-cpu', '-f', file]);
    expect(r.code, r.stdout).toBe(1);
    expect(r.stdout).toMatch(/FAILING at scheduling/);
    // Judged at the newest timestamp inside it (what kdiag did before), the same file passes as progressing.
    const atNewest = await kdiagInProcess(['pod', 'pending-cpu', '-f', file, '--now', new Date(created).toISOString(), '-o', 'json']);
    expect(atNewest.code).toBe(0);
    expect(JSON.parse(atNewest.stdout).status).toBe('progressing');
  });
});
