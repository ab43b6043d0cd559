// `kdiag mcp` through the SDK's own client: the tools it lists, a diagnosis of a real capture, errors as
// tool errors (never a broken protocol stream), and arguments that cannot smuggle in a flag.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, environment, fixture, ROOT } from '../support/cli.js';

let client: Client;
beforeAll(async () => {
  client = new Client({ name: 'kdiag-test', version: '1' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [BIN, 'mcp'], cwd: ROOT, env: environment({ KUBECONFIG: '/nonexistent' }), stderr: 'pipe' }));
}, 30_000);
afterAll(async () => client?.close());

const text = (r: Awaited<ReturnType<Client['callTool']>>) => (r.content as Array<{ type: string; text: string }>)[0]!.text;

describe('kdiag mcp', () => {
  it('lists its read-only tools', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(['analyze', 'diagnose', 'explain', 'scan']);
    for (const t of tools) expect(t.annotations?.readOnlyHint).toBe(true);
  });

  it('diagnose on a real capture: the same JSON as kdiag pod -f', async () => {
    const path = fixture('real/image-not-found.yaml');
    const r = await client.callTool({ name: 'diagnose', arguments: { target: 'missing-tag', files: [path], namespace: 'kdiag-image-not-found' } });
    const answer = text(r);
    expect(r.isError, answer).toBeFalsy();
    const list = JSON.parse(answer);
    const items = list.kind === 'DiagnosisList' ? list.items : [list];
    expect(items.some((d: { status: string; stage: string; findings: Array<{ rule: string }> }) => d.status === 'failing' && d.stage === 'image' && d.findings[0]?.rule === 'image/not-found')).toBe(true);
  });

  it('analyze a dump and explain a rule', async () => {
    const list = JSON.parse(text(await client.callTool({ name: 'analyze', arguments: { paths: [fixture('examples/shop.yaml')] } })));
    expect(list.items.map((d: { status: string }) => d.status).sort()).toEqual(['failing', 'failing', 'failing', 'healthy']);
    expect(text(await client.callTool({ name: 'explain', arguments: { rule: 'image/not-found' } }))).toMatch(/^# image\/not-found/);
  });

  it('a cluster it cannot read is a tool error with kdiag\'s own line and exit code, and the server goes on', async () => {
    const r = await client.callTool({ name: 'scan', arguments: { namespace: 'shop', timeoutSeconds: 10 } });
    expect(r.isError).toBe(true);
    expect(text(r)).toMatch(/^kdiag: .*\n[\s\S]*\(exit code [23]\)$/);
    expect((await client.listTools()).tools.length).toBe(4);
  });

  it('an argument that looks like a flag is refused before kdiag runs', async () => {
    const r = await client.callTool({ name: 'diagnose', arguments: { target: 'web', files: ['--kubeconfig=/etc/passwd'] } });
    expect(r.isError).toBe(true);
    expect(text(r)).toMatch(/must not start with -/);
  });
});
