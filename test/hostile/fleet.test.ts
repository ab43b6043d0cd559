// `scan` over many kubeconfig contexts in one process: 50 loopback API servers, one per context, each with
// its own Pods. The servers count how many clusters kdiag read at once; each cluster's items must be exactly
// what a run against that context alone prints; a cluster that cannot be read is named and the others go on.
import { Ajv } from 'ajv';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { kdiagAsync, ROOT } from '../support/cli.js';
import { fleetKubeconfig, fleetPods, maxInFlight, startFleet, type FleetServer } from './fleet-servers.js';
import { closeAll, silent } from './server.js';

const validate = new Ajv({ allErrors: true }).compile(JSON.parse(readFileSync(resolve(ROOT, 'schema/kdiag-v1.schema.json'), 'utf8')));

interface Item { cluster?: string; observedAt?: string; notes: string[]; pod: { name: string } | null; status: string }

/** An item as a run of one context prints it: no cluster field, and not the time it was read (its clock note names that time). */
function alone(item: Item): Item {
  const { cluster: _c, observedAt: _o, ...rest } = item;
  return { ...rest, notes: rest.notes.map((n) => n.replace(/^ages measured from \S+,/, 'ages measured from (when read),')) } as Item;
}


let fleet: FleetServer[];
let kubeconfig: string;

/** A fresh fleet for a run whose in-flight count is measured (a server's span covers every run it saw). */
async function fresh(n: number, prefix: string): Promise<{ servers: FleetServer[]; kubeconfig: string }> {
  const servers = await startFleet(Array.from({ length: n }, (_, i) => ({ pods: fleetPods(i) })), 5, prefix);
  return { servers, kubeconfig: fleetKubeconfig(servers) };
}

beforeAll(async () => {
  ({ servers: fleet, kubeconfig } = await fresh(50, 'fleet'));
});
afterAll(closeAll);

describe('scan over 50 contexts in one process', () => {
  let doc: { items: Item[]; clusters: Array<{ name: string; read: boolean }>; notes?: string[] };
  let code: number;

  beforeAll(async () => {
    const r = await kdiagAsync(['scan', '--context', 'fleet-*', '-o', 'json'], { env: { KUBECONFIG: kubeconfig }, timeoutMs: 120_000 });
    code = r.code;
    expect(r.stderr).toBe('');
    doc = JSON.parse(r.stdout);
  }, 150_000);

  it('reads every cluster, at most 4 at once (the default bound), and more than one at once', () => {
    expect(doc.clusters.map((c) => c.name)).toEqual(fleet.map((s) => s.context));
    expect(doc.clusters.every((c) => c.read)).toBe(true);
    const seen = maxInFlight(fleet);
    console.log(`fleet of ${fleet.length}: at most ${seen} clusters in flight as the servers saw them`);
    expect(seen).toBeLessThanOrEqual(4);
    expect(seen).toBeGreaterThan(1);
  });

  it('validates against the schema; every item names its cluster, in the contexts\' order', () => {
    expect(validate(doc), JSON.stringify(validate.errors?.slice(0, 3))).toBe(true);
    const order = doc.items.map((i) => i.cluster);
    expect(order.every((c) => c !== undefined)).toBe(true);
    expect([...new Set(order)]).toEqual(fleet.map((s) => s.context));
    expect(doc.items).toHaveLength(50 + 17); // one healthy Pod each, and a crash loop in every third cluster
  });

  it('the exit code is the worst verdict among clusters: 1 (some clusters have a crash loop)', () => expect(code).toBe(1));

  it('each item\'s fix commands name its own cluster\'s context', () => {
    const failing = doc.items.filter((i) => i.status === 'failing') as Array<Item & { stageOwner?: { commands: string[] }; findings: Array<{ remediation: string[] }> }>;
    expect(failing).toHaveLength(17);
    for (const item of failing) {
      const commands = [...(item.stageOwner?.commands ?? []), ...item.findings.flatMap((f) => f.remediation)].filter((c) => /\bkubectl [a-z-]/.test(c));
      expect(commands.length, item.cluster).toBeGreaterThan(0);
      for (const c of commands) expect(c).toMatch(new RegExp(`kubectl --context ${item.cluster} [a-z]`));
    }
  });

  it('each cluster\'s items are exactly what a run of that context alone prints', async () => {
    const codes: number[] = [];
    for (let at = 0; at < fleet.length; at += 4) {
      const runs = await Promise.all(fleet.slice(at, at + 4).map((s) => kdiagAsync(['scan', '--context', s.context, '-o', 'json'], { env: { KUBECONFIG: kubeconfig }, timeoutMs: 60_000 })));
      runs.forEach((r, k) => {
        const context = fleet[at + k]!.context;
        codes.push(r.code);
        const own = (JSON.parse(r.stdout) as { items: Item[] }).items;
        expect(own.every((i) => i.cluster === undefined)).toBe(true);
        expect(doc.items.filter((i) => i.cluster === context).map(alone), context).toEqual(own.map(alone));
      });
    }
    expect(Math.max(...codes)).toBe(code);
    expect(codes.filter((c) => c === 1)).toHaveLength(17);
  }, 300_000);
});

describe('clusters that cannot be read', () => {
  it('a dead server and a forbidden one are named with why; the others are read; the exit code is theirs', async () => {
    const [ok, forbidden] = await startFleet([{ pods: fleetPods(1) }, { status: 403 }], 0, 'mixed');
    const dead = await silent(); // accepts and never answers: the cluster's own deadline ends its read
    const kc = fleetKubeconfig([ok!, forbidden!], { gone: 'http://127.0.0.1:1', stuck: `http://127.0.0.1:${dead.port}` });
    const env = { KUBECONFIG: kc };
    const [text, json] = await Promise.all([kdiagAsync(['scan', '--all-contexts', '--request-timeout', '1s'], { env, timeoutMs: 60_000 }), kdiagAsync(['scan', '--all-contexts', '--request-timeout', '1s', '-o', 'json'], { env, timeoutMs: 60_000 })]);
    expect(text.code, text.stderr).toBe(0); // mixed-00 is healthy; the three others are not read, which is not a verdict
    expect(text.stdout).toMatch(/^CLUSTER +NAME +STATUS/);
    expect(text.stdout).toMatch(/^mixed-00 +web-1 +healthy/m);
    expect(text.stdout).toContain('3 of 4 clusters could not be read: mixed-01, gone, stuck');
    expect(json.code, json.stderr).toBe(0);
    const doc = JSON.parse(json.stdout) as { clusters: Array<{ name: string; read: boolean; reason?: string }>; notes: string[] };
    expect(doc.clusters.map((c) => [c.name, c.read])).toEqual([['mixed-00', true], ['mixed-01', false], ['gone', false], ['stuck', false]]);
    expect(doc.clusters[1]!.reason).toMatch(/^not allowed to list pods in namespace "shop"/);
    expect(doc.clusters[2]!.reason).toBe('cannot reach the API server at http://127.0.0.1:1 (ECONNREFUSED)');
    expect(doc.clusters[3]!.reason).toMatch(/did not answer within 1s \(--request-timeout/);
    expect(doc.notes).toContain(`cluster gone could not be read: ${doc.clusters[2]!.reason}`);
  }, 90_000);

  it('none read: exit 3, the report still names each cluster and why, and one line on stderr', async () => {
    const r = await kdiagAsync(['scan', '--context', 'a', '--context', 'b', '-o', 'json'], { env: { KUBECONFIG: fleetKubeconfig([], { a: 'http://127.0.0.1:1', b: 'http://127.0.0.1:1' }) } });
    expect(r.code).toBe(3);
    expect(r.stderr).toBe('kdiag: none of the 2 clusters could be read\n');
    const doc = JSON.parse(r.stdout);
    expect(validate(doc), JSON.stringify(validate.errors?.slice(0, 3))).toBe(true);
    expect(doc.items).toEqual([]);
    expect(doc.clusters).toEqual([
      { name: 'a', read: false, reason: 'cannot reach the API server at http://127.0.0.1:1 (ECONNREFUSED)' },
      { name: 'b', read: false, reason: 'cannot reach the API server at http://127.0.0.1:1 (ECONNREFUSED)' },
    ]);
  });

  it('in zh-TW the frame is translated and the cluster\'s own reason too', async () => {
    const r = await kdiagAsync(['scan', '--context', 'a', '--context', 'b', '--lang', 'zh-TW'], { env: { KUBECONFIG: fleetKubeconfig([], { a: 'http://127.0.0.1:1', b: 'http://127.0.0.1:1' }) } });
    expect(r.code).toBe(3);
    expect(r.stdout).toContain('2 個叢集中有 2 個無法讀取：a、b');
    expect(r.stdout).toContain('無法讀取叢集 a：連不上 http://127.0.0.1:1 的 API Server');
    expect(r.stderr).toBe('kdiag：2 個叢集都無法讀取\n');
  });
});

describe('the bound and the selection', () => {
  it('--max-clusters-in-flight 1 reads one cluster at a time', async () => {
    const { servers, kubeconfig: kc } = await fresh(6, 'one');
    const r = await kdiagAsync(['scan', '--all-contexts', '--max-clusters-in-flight', '1', '-o', 'yaml'], { env: { KUBECONFIG: kc } });
    expect(r.code, r.stderr).toBe(1);
    expect(maxInFlight(servers)).toBe(1);
    expect(servers.every((s) => s.span() !== undefined)).toBe(true);
    const doc = parse(r.stdout) as { items: Item[]; clusters: Array<{ name: string }> };
    expect(doc.items.map((i) => `${i.cluster} ${i.pod?.name}`)).toEqual(['one-00 web-0', 'one-00 api-0', 'one-01 web-1', 'one-02 web-2', 'one-03 web-3', 'one-03 api-3', 'one-04 web-4', 'one-05 web-5']);
    expect(doc.clusters.map((c) => c.name)).toEqual(servers.map((s) => s.context));
  }, 60_000);

  it('GitHub annotations (--github): one per failing item, named with its cluster; the fix command names its context', async () => {
    const r = await kdiagAsync(['scan', '--context', 'fleet-0[0-3]', '--github'], { env: { KUBECONFIG: kubeconfig } });
    expect(r.code, r.stderr).toBe(1);
    const annotations = r.stdout.split('\n').filter((l) => l.startsWith('::'));
    expect(annotations).toHaveLength(2); // fleet-00 and fleet-03 have a crash loop
    expect(annotations[0]).toMatch(/^::error title=\[fleet-00\] Pod shop\/api-0%3A failing \(container\)::.*\[container\/crash-loop\].*kubectl --context fleet-00 /);
    expect(annotations[1]).toMatch(/^::error title=\[fleet-03\] Pod shop\/api-3%3A failing/);
  });

  it('Markdown names each item\'s cluster', async () => {
    const r = await kdiagAsync(['scan', '--context', 'fleet-0[0-2]', '-o', 'markdown'], { env: { KUBECONFIG: kubeconfig } });
    expect(r.code, r.stderr).toBe(1);
    expect(r.stdout).toContain('| \\[fleet-00\\] Pod shop/api-0 | failing |');
    expect(r.stdout).toContain('| \\[fleet-02\\] Pod shop/web-2 | healthy |');
  });

  it('one context (a glob that matches one) is the single-cluster report: no CLUSTER column, no cluster field', async () => {
    const r = await kdiagAsync(['scan', '--context', 'fleet-0[1]', '-o', 'json'], { env: { KUBECONFIG: kubeconfig } });
    expect(r.code, r.stderr).toBe(0);
    const doc = JSON.parse(r.stdout);
    expect(doc.clusters).toBeUndefined();
    expect(doc.items.map((i: Item) => [i.cluster, i.pod?.name])).toEqual([[undefined, 'web-1']]);
  });

  it('usage errors are exit 2 before any cluster is read', async () => {
    const env = { KUBECONFIG: kubeconfig };
    const glob = await kdiagAsync(['scan', '--context', 'nothing-*'], { env });
    expect(glob.code).toBe(2);
    expect(glob.stderr).toMatch(/^kdiag: --context "nothing-\*" matches no context in the kubeconfig\nhint: known contexts: fleet-00, /);
    const bound = await kdiagAsync(['scan', '--all-contexts', '--max-clusters-in-flight', '0'], { env });
    expect(bound.code).toBe(2);
    expect(bound.stderr).toMatch(/--max-clusters-in-flight: "0" is not a whole number from 1 to 64/);
    const both = await kdiagAsync(['scan', '--all-contexts', '--context', 'fleet-00'], { env });
    expect(both.code).toBe(2);
  });
});


describe('the fleet flags before the command, as kubectl takes persistent flags', () => {
  it('--all-contexts, --max-clusters-in-flight and --context before scan mean what they mean after it', async () => {
    const { servers, kubeconfig: kc } = await fresh(3, 'lead');
    const env = { KUBECONFIG: kc };
    const after = await kdiagAsync(['scan', '--all-contexts', '--max-clusters-in-flight', '1', '-o', 'json'], { env });
    const before = await kdiagAsync(['--all-contexts', '--max-clusters-in-flight=1', '-o', 'json', 'scan'], { env });
    expect(before.code, before.stderr).toBe(after.code);
    const names = (stdout: string) => (JSON.parse(stdout) as { items: Item[]; clusters: Array<{ name: string }> });
    expect(names(before.stdout).clusters.map((c) => c.name)).toEqual(servers.map((s) => s.context));
    expect(names(before.stdout).items.map(alone)).toEqual(names(after.stdout).items.map(alone));
    const globs = await kdiagAsync(['--context', 'lead-0[01]', '-A', 'scan', '-o', 'json'], { env });
    expect(globs.code, globs.stderr).toBe(1);
    expect(names(globs.stdout).clusters.map((c) => c.name)).toEqual(['lead-00', 'lead-01']);
  });

  it('on a command that reads one cluster they are refused in one line (exit 2), never ignored, before any request', async () => {
    const { servers, kubeconfig: kc } = await fresh(2, 'single');
    const env = { KUBECONFIG: kc };
    const cases: Array<[string[], string]> = [
      [['--all-contexts', 'pod', 'web-0'], 'kdiag: --all-contexts reads several clusters, which only scan does; pod reads one'],
      [['gate', 'deploy/web', '--max-clusters-in-flight', '2'], 'kdiag: --max-clusters-in-flight bounds a scan of several clusters; gate reads one'],
      [['--context', 'single-00', 'gate', 'deploy/web', '--context=single-01'], 'kdiag: --context is given 2 times, and gate reads one cluster'],
      [['capture', 'pod', 'web-0', '--context', 'single-00', '--context', 'single-01'], 'kdiag: --context is given 2 times, and capture reads one cluster'],
    ];
    for (const [args, line] of cases) {
      const r = await kdiagAsync(args, { env });
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr.split('\n')[0]).toBe(line);
      expect(r.stderr.split('\n').filter((l) => l !== '' && !l.startsWith('hint: '))).toHaveLength(1);
    }
    expect(servers.every((s) => s.requests() === 0)).toBe(true);
  });
});
