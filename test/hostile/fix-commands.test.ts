// The commands kdiag prints ("Where to look", fix steps, the way back) act on the cluster the diagnosis came
// from: run with --context (or --kubeconfig), every kubectl and kdiag command in the report names it, so a
// pasted command does not act on whatever the shell's current context is. Without them, nothing is added.
import { afterEach, describe, expect, it } from 'vitest';
import { kdiagAsync } from '../support/cli.js';
import { closeAll, serve } from './server.js';
import { cluster } from './team-cluster.js';

afterEach(closeAll);

interface Item { pod: { name: string } | null; stageOwner?: { commands: string[] } | null; findings: Array<{ remediation: string[] }> }

/** Every kubectl command an item prints. */
const commands = (d: Item): string[] => [...(d.stageOwner?.commands ?? []), ...d.findings.flatMap((f) => f.remediation)].filter((c) => /\bkubectl [-a-z]/.test(c));

describe('fix commands name the cluster the diagnosis came from', () => {
  it('pod --context x: text and JSON; without --context nothing is added', async () => {
    const s = await serve(cluster());
    const env = { KUBECONFIG: s.kubeconfig };
    const [text, json, plain] = await Promise.all([kdiagAsync(['pod', 'crasher', '--context', 'x'], { env }), kdiagAsync(['--context', 'x', 'pod', 'crasher', '-o', 'json'], { env }), kdiagAsync(['pod', 'crasher', '-o', 'json'], { env })]);
    expect(text.code, text.stderr).toBe(1);
    expect(text.stdout).toContain('kubectl --context x logs crasher -n shop -c app --previous');
    expect(text.stdout).not.toMatch(/kubectl (?!--context x )[a-z]/);
    const aimed = commands(JSON.parse(json.stdout));
    expect(aimed.length).toBeGreaterThan(1);
    for (const c of aimed) expect(c).toMatch(/kubectl --context x [a-z]/);
    expect(plain.stdout).not.toContain('--context');
    expect(commands(JSON.parse(plain.stdout)).length).toBe(aimed.length);
  });

  it('--kubeconfig given on the command line goes into the commands too (quoted for the shell)', async () => {
    const s = await serve(cluster());
    const r = await kdiagAsync(['pod', 'crasher', '--kubeconfig', s.kubeconfig, '--context', 'x', '-o', 'json'], {});
    expect(r.code, r.stderr).toBe(1);
    for (const c of commands(JSON.parse(r.stdout))) expect(c).toContain(`kubectl --kubeconfig ${s.kubeconfig} --context x `);
  });

  it('scan --context x and gate --context x', async () => {
    const s = await serve(cluster());
    const env = { KUBECONFIG: s.kubeconfig };
    const [scan, gate] = await Promise.all([kdiagAsync(['scan', '--context', 'x', '-o', 'json'], { env }), kdiagAsync(['gate', 'pod/crasher', '--context', 'x', '--timeout', '20s'], { env, timeoutMs: 30_000 })]);
    expect(scan.code, scan.stderr).toBe(1);
    const crasher = (JSON.parse(scan.stdout).items as Item[]).find((i) => i.pod?.name === 'crasher')!;
    expect(commands(crasher).length).toBeGreaterThan(1);
    for (const c of commands(crasher)) expect(c).toMatch(/kubectl --context x [a-z]/);
    expect(gate.code, gate.stderr).toBe(1);
    expect(gate.stdout).toContain('kubectl --context x logs crasher -n shop -c app --previous');
    expect(gate.stdout).not.toMatch(/kubectl (?!--context x )[a-z]/);
  }, 60_000);
});
