// The commands kdiag prints act on the cluster the diagnosis came from: `--context` (and `--kubeconfig`) as
// the user gave them go into every kubectl and kdiag command, quoted for the shell; nothing else changes.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { aimCommand, aimDiagnosis, commandTarget, shellWord } from '../../src/engine/command-target.js';
import { Engine } from '../../src/engine/diagnose.js';
import { loadDumps } from '../../src/cli/load-dumps.js';
import { fixture } from '../support/cli.js';

describe('aimCommand', () => {
  it('adds the context after the tool name, in every command of a line, and nowhere else', () => {
    const target = { context: 'prod-eu' };
    expect(aimCommand('kubectl logs crasher -n shop -c app --previous', target)).toBe('kubectl --context prod-eu logs crasher -n shop -c app --previous');
    expect(aimCommand("Compare: kubectl get svc api -o jsonpath='{.spec.ports}'; kubectl get pod web --show-labels", target)).toBe("Compare: kubectl --context prod-eu get svc api -o jsonpath='{.spec.ports}'; kubectl --context prod-eu get pod web --show-labels");
    expect(aimCommand('ask why: kdiag pod svc/api -n shop --from ns/web', target)).toBe('ask why: kdiag --context prod-eu pod svc/api -n shop --from ns/web');
    // Commands on the node and prose about kubectl are not cluster commands.
    expect(aimCommand('crictl pull web:1', target)).toBe('crictl pull web:1');
    expect(aimCommand('journalctl -u kubelet', target)).toBe('journalctl -u kubelet');
    expect(aimCommand('kubectl is not installed', target)).toBe('kubectl is not installed');
    expect(aimCommand('kubectl getaway', target)).toBe('kubectl getaway');
    expect(aimCommand('kubectl -n shop get pods', target)).toBe('kubectl --context prod-eu -n shop get pods');
  });
  it('quotes a context or kubeconfig the shell would split, and is idempotent', () => {
    const target = { context: "team a's cluster", kubeconfig: '/home/ci/kube config' };
    const once = aimCommand('kubectl describe pod web -n shop', target);
    expect(once).toBe("kubectl --kubeconfig '/home/ci/kube config' --context 'team a'\\''s cluster' describe pod web -n shop");
    expect(aimCommand(once, target)).toBe(once);
    // What the shell reads back is exactly the name.
    const argv = execFileSync('sh', ['-c', `printf '%s\\n' ${shellWord("team a's cluster")} ${shellWord('$HOME;`x`')}`], { encoding: 'utf8' });
    expect(argv).toBe("team a's cluster\n$HOME;`x`\n");
  });
  it('nothing to add when the user named no context and no kubeconfig (the current context is the default)', () => {
    expect(commandTarget({})).toEqual({});
    expect(aimCommand('kubectl get pods -n shop', commandTarget({}))).toBe('kubectl get pods -n shop');
    expect(commandTarget({ context: ['a', 'b'] })).toEqual({});
  });
});

describe('aimDiagnosis on a real capture', () => {
  it('every command of a crash loop (fix steps, where to look) names the context; messages and evidence are untouched', () => {
    const { snapshot } = loadDumps([fixture('real/container-crash-loop.yaml')], 'en');
    const d = new Engine(snapshot).diagnosePod(snapshot.pods[0]!);
    const aimed = aimDiagnosis(d, { context: 'prod-eu' });
    const commands = [...aimed.stageOwner!.commands, ...aimed.findings.flatMap((f) => f.remediation)].filter((c) => /\bkubectl /.test(c));
    expect(commands.length).toBeGreaterThan(1);
    for (const c of commands) expect(c).toMatch(/kubectl --context prod-eu [a-z]/);
    expect(commands.some((c) => /kubectl --context prod-eu logs crasher -n kdiag-container-crash-loop/.test(c))).toBe(true);
    expect(aimed.findings.map((f) => [f.message, f.evidence])).toEqual(d.findings.map((f) => [f.message, f.evidence]));
    expect(aimed.summary).toBe(d.summary);
    // The diagnosis it was made from is not changed.
    expect(d.stageOwner!.commands.join(' ')).not.toContain('--context');
  });
});
