// One wrapper for prose: breaks between words only, commands whole and pasteable on lines of their own.
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { wrapProse } from '../../src/report/prose.js';
import { kdiagInProcess } from '../support/cli.js';
import { COMMAND_ROW } from './view-checks.js';

describe('wrapProse', () => {
  it('breaks between words, never inside one', () => {
    const text = 'The sandbox of the Pod cannot be created because a ResourceQuota in the namespace refuses it';
    for (const width of [20, 33, 47, 80]) {
      const lines = wrapProse(text, width, '', '');
      expect(lines.join(' ')).toBe(text);
      for (const l of lines) expect(l.length).toBeLessThanOrEqual(width);
    }
  });

  it('a command that does not fit goes whole on a line of its own, indented', () => {
    const lines = wrapProse('Push the missing tag, or point the workload at a tag that exists: kubectl set image deploy/NAME CONTAINER=IMAGE:TAG', 60, '  3. ', '     ');
    expect(lines).toEqual(['  3. Push the missing tag, or point the workload at a tag', '     that exists:', '       kubectl set image deploy/NAME CONTAINER=IMAGE:TAG']);
  });

  it('a command one or a few columns too long for its indentation is indented less, so the terminal does not fold it', () => {
    const command = 'kubectl label namespace kdiag-traffic-monitoring name=kdiag-traffic-monitoring';
    expect(command).toHaveLength(78);
    const text = `Either label the namespace as the policy expects: ${command}`;
    expect(wrapProse(text, 80, '  1. ', '     ')).toEqual(['  1. Either label the namespace as the policy expects:', `  ${command}`]);
    expect(wrapProse(text, 83, '  1. ', '     ').at(-1)).toBe(`     ${command}`);
    // Near misses: room for the usual indentation keeps it; a command with less than two columns to spare keeps it too (it
    // would read as prose at the margin); a pipe has no width.
    expect(wrapProse(text, 85, '  1. ', '     ').at(-1)).toBe(`       ${command}`);
    expect(wrapProse(text, 79, '  1. ', '     ').at(-1)).toBe(`       ${command}`);
    expect(wrapProse(text, 70, '  1. ', '     ').at(-1)).toBe(`       ${command}`);
    expect(wrapProse(text, undefined, '  1. ', '     ')).toEqual([`  1. ${text}`]);
  });

  it('commands joined by "; " are one a line, even with no width (a pipe)', () => {
    const text = 'Where to look: kube-scheduler — kubectl describe pod api -n shop; kubectl get events -n shop';
    for (const width of [undefined, 200]) {
      expect(wrapProse(text, width, '', '  ')).toEqual(['Where to look: kube-scheduler —', '    kubectl describe pod api -n shop', '    kubectl get events -n shop']);
    }
  });

  it('a sentence that starts with a tool name is prose, and a remark in parentheses is not part of the command', () => {
    expect(wrapProse('kdiag names the first stage where a Pod is stuck, and more words to wrap', 40, '', '')).toEqual(['kdiag names the first stage where a Pod', 'is stuck, and more words to wrap']);
    const lines = wrapProse('Count the sandboxes on the node: crictl pods -q | wc -l (many more reservations than sandboxes means leaked IPs)', 50, '', '');
    expect(lines).toContain('  crictl pods -q | wc -l');
  });

  it('the checks a fix step runs by hand (curl, nslookup, openssl, docker) are commands too: never broken in two', () => {
    // The registry-unreachable step as it read on the test cluster at 80 columns, "curl -v" on one row and its URL on the next.
    const step = 'Check that the registry listens on 127.0.0.1:5999 and that the node can reach it (firewall, security groups, proxy): curl -v http://127.0.0.1:5999/v2/';
    expect(wrapProse(step, 75, '', '')).toEqual(['Check that the registry listens on 127.0.0.1:5999 and that the node can', 'reach it (firewall, security groups, proxy):', '  curl -v http://127.0.0.1:5999/v2/']);
    for (const command of ['nslookup registry.shop.internal', 'openssl s_client -connect registry.shop.internal:443 -servername registry.shop.internal', 'docker login r.internal && docker pull r.internal/shop/api:1.4.2']) {
      expect(wrapProse(`Try it by hand from a machine on the same network as the node: ${command}`, 60, '', '')).toContain(`  ${command}`);
    }
    // Near miss: the words in a sentence are prose.
    expect(wrapProse('curl and docker are not on the node, and more words to wrap here', 30, '', '')).toEqual(['curl and docker are not on the', 'node, and more words to wrap', 'here']);
  });

  it('fits: left as one line', () => {
    expect(wrapProse('see: kdiag explain image/not-found', 80, '', '')).toEqual(['see: kdiag explain image/not-found']);
  });
});

describe('explain and lifecycle at 80 columns', () => {
  for (const [args, lang] of [[['explain', 'image/not-found'], 'en'], [['lifecycle'], 'en'], [['explain', 'container/crash-loop'], 'zh-TW'], [['lifecycle'], 'zh-TW']] as const) {
    it(`kdiag ${args.join(' ')} --lang ${lang}: wrapped, commands whole`, async () => {
      const wide = (await kdiagInProcess([...args, '--lang', lang], { env: { COLUMNS: '1000' } })).stdout;
      const narrow = (await kdiagInProcess([...args, '--lang', lang], { env: { COLUMNS: '80' } })).stdout;
      const lines = narrow.split('\n');
      for (const l of lines) if (!COMMAND_ROW.test(l)) expect(l.length, l).toBeLessThanOrEqual(80);
      // Every command of the unwrapped text is on one line of the wrapped text.
      const commands = [...wide.matchAll(/(?:kubectl|crictl) [^;；\n`]+/g)].map((m) => m[0].replace(/[.,。，]$/, '').trim()).filter((c) => !c.includes(' ('));
      expect(commands.length).toBeGreaterThan(0);
      for (const c of commands) expect(lines.some((l) => l.includes(c)), c).toBe(true);
    });
  }
});

describe('a pasteable policy at 80 columns', () => {
  it("a traffic fix's heredoc keeps its lines' indentation, so the YAML pasted reads as it does from a pipe", async () => {
    const args = ['pod', 'svc/web', '-f', 'fixtures/real/traffic-policy-denies.yaml', '--from', 'ns/kdiag-traffic-monitoring'];
    const heredoc = (out: string): string | undefined => /<<<'\n([^]*?)\n *'\n/.exec(out)?.[1];
    const piped = heredoc((await kdiagInProcess(args)).stdout);
    const narrow = heredoc((await kdiagInProcess(args, { env: { COLUMNS: '80' } })).stdout);
    expect(piped).toBeDefined();
    expect(narrow).toBeDefined();
    expect(parseYaml(narrow!)).toEqual(parseYaml(piped!));
    expect(parseYaml(narrow!)).toMatchObject({ kind: 'NetworkPolicy', metadata: { name: 'allow-kdiag-traffic-monitoring-to-web' }, spec: { podSelector: { matchLabels: { app: 'web' } } } });
  });
});

describe('a workload report', () => {
  it('says whose evidence it shows under the evidence, not after the Notes', async () => {
    const out = (await kdiagInProcess(['pod', 'deploy/web', '-f', 'fixtures/real/cni-ip-exhausted.yaml'])).stdout.trimEnd().split('\n');
    const seen = out.findIndex((l) => l.includes('(seen on Pod '));
    expect(seen).toBeGreaterThan(out.indexOf('Evidence'));
    expect(seen).toBeLessThan(out.indexOf('Fix'));
    expect(out.at(-1)).not.toMatch(/seen on Pod/);
  });
});
