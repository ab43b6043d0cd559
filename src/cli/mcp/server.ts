// `kdiag mcp`: a Model Context Protocol server over stdio with read-only tools. Each call runs kdiag itself with
// `-o json` and a deadline, so an assistant gets exactly what the command line gives, under the same guarantees.
import { VERSION } from '../../version.js';
import { runKdiag, type KdiagRun } from './run-kdiag.js';
import { McpServer, StdioServerTransport, z } from './sdk.js';

/** A name or value the tool passes on as an argument: never a flag of its own. */
const word = z.string().min(1).max(253).regex(/^[^-\s][^\s]*$/, 'must not start with - or hold spaces');
const liveInputs = {
  namespace: word.optional().describe('namespace (default: the kubeconfig context\'s)'),
  context: word.optional().describe('kubeconfig context (default: the current one)'),
  timeoutSeconds: z.number().int().min(1).max(600).optional().describe('deadline for the whole call (default 60)'),
};

export function buildMcpServer(): McpServer {
  const server = new McpServer({ name: 'kdiag', version: VERSION }, { instructions: 'Read-only Kubernetes diagnosis: why a Pod or workload is not working, the lifecycle stage where it is stuck, the evidence and the fix. Never writes to the cluster; never reads Secret data.' });

  server.registerTool('diagnose', {
    title: 'Diagnose a Pod or workload',
    description: 'Why a Pod (NAME) or a workload (deploy/NAME, sts/NAME, ds/NAME, job/NAME, cronjob/NAME, svc/NAME) is not working: status, stage, root cause, evidence and fix. Live, or from saved kubectl dumps when files are given.',
    inputSchema: { target: word.describe('Pod name, or KIND/NAME'), files: z.array(word).max(50).optional().describe('dump files or directories to read instead of the cluster'), ...liveInputs },
    annotations: { readOnlyHint: true, openWorldHint: true },
  }, async (a, extra) => answer(await runKdiag(['pod', a.target, ...live(a), ...(a.files ?? []).flatMap((f) => ['-f', f]), '-o', 'json'], deadline(a), extra.signal)));

  server.registerTool('scan', {
    title: 'Scan a namespace or the cluster',
    description: 'Every Pod (and workload without Pods) of a namespace, or of all namespaces: status, stage and cause of each.',
    inputSchema: { allNamespaces: z.boolean().optional(), selector: word.optional().describe('label selector, e.g. app=api'), failingOnly: z.boolean().optional(), ...liveInputs },
    annotations: { readOnlyHint: true, openWorldHint: true },
  }, async (a, extra) => answer(await runKdiag(['scan', ...live(a), ...(a.allNamespaces ? ['-A'] : []), ...(a.selector ? ['-l', a.selector] : []), ...(a.failingOnly ? ['--failing-only'] : []), '-o', 'json'], deadline(a), extra.signal)));

  server.registerTool('analyze', {
    title: 'Analyze saved dumps',
    description: 'Every Pod found in saved dumps: kubectl get -o yaml/json files, a kubectl cluster-info dump directory, or a kdiag capture bundle.',
    inputSchema: { paths: z.array(word).min(1).max(200), timeoutSeconds: liveInputs.timeoutSeconds },
    annotations: { readOnlyHint: true, openWorldHint: false },
  }, async (a, extra) => answer(await runKdiag(['analyze', ...a.paths, '-o', 'json'], deadline(a), extra.signal)));

  server.registerTool('explain', {
    title: 'Explain a rule',
    description: 'What a kdiag rule (e.g. image/not-found) means, why it happens and how to fix it.',
    inputSchema: { rule: word.describe('rule id, as in a finding\'s "rule" field') },
    annotations: { readOnlyHint: true, openWorldHint: false },
  }, async (a, extra) => answer(await runKdiag(['explain', a.rule], 30_000, extra.signal)));

  return server;
}

function live(a: { namespace?: string | undefined; context?: string | undefined }): string[] {
  return [...(a.namespace ? ['-n', a.namespace] : []), ...(a.context ? ['--context', a.context] : [])];
}

function deadline(a: { timeoutSeconds?: number | undefined }): number {
  // kdiag's own deadlines end it first; this only stops a child that outlives them.
  return ((a.timeoutSeconds ?? 60) + 5) * 1000;
}

/** Exit 0 and 1 are diagnoses (healthy, failing); 2-5 are errors, told as kdiag told them. */
function answer(run: KdiagRun): { content: Array<{ type: 'text'; text: string }>; isError?: boolean } {
  if (run.timedOut) return { content: [{ type: 'text', text: 'kdiag: the call ran past its deadline and was stopped' }], isError: true };
  if (run.code === 0 || run.code === 1) return { content: [{ type: 'text', text: run.stdout }] };
  const lines = run.stderr.trim() || `kdiag exited with ${run.code}`;
  return { content: [{ type: 'text', text: `${lines}\n(exit code ${run.code})` }], isError: true };
}

export async function mcpCommand(): Promise<number> {
  const server = buildMcpServer();
  const transport = new StdioServerTransport();
  await server.connect(transport);
  // Serve until the client closes stdin.
  await new Promise<void>((resolve) => {
    transport.onclose = () => resolve();
    process.stdin.once('end', () => resolve());
  });
  await server.close();
  return 0;
}
