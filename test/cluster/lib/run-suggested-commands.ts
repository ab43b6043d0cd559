// Runs every command kdiag suggested in a scenario's live reports, while the scenario is still there, and
// writes what kubectl answered to DIR/commands.json (test/live/suggested-commands.test.ts reads it).
// capture.sh bundles this with esbuild and runs it right after kdiag's live reports:
//   node run-suggested-commands.mjs DIR KUBECTL KDIAG_JS     (KUBECONFIG: the kubeconfig kdiag read;
//                                                            KDIAG_METRICS_API=0: the cluster has no metrics.k8s.io)
// Reads as written, changes with --dry-run=server, edit as a get; all of a scenario's commands at once.
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { accepted, planCommand, suggestedCommands } from '../../harness/suggested-commands.js';

export interface Ran {
  command: string;
  how: string;
  argv: string[];
  code: number;
  /** The first line kubectl wrote to stderr (its refusal, when it refused). */
  stderr: string;
  accepted: boolean;
  seconds: number;
}

export interface CommandsFile {
  seconds: number;
  ran: Ran[];
  excluded: Array<{ command: string; why: string }>;
}

const [dir, kubectl, kdiagJs] = process.argv.slice(2);
if (!dir || !kubectl || !kdiagJs) throw new Error('usage: run-suggested-commands DIR KUBECTL KDIAG_JS');

const started = Date.now();
const commands = new Set<string>();
for (const f of readdirSync(dir).filter((n) => n.endsWith('.json') && n !== 'commands.json').sort()) {
  const text = readFileSync(join(dir, f), 'utf8');
  if (text.trim() === '') continue;
  for (const c of suggestedCommands(JSON.parse(text))) commands.add(c);
}

const excluded: CommandsFile['excluded'] = [];
const runs: Array<Promise<Ran>> = [];
for (const command of commands) {
  const plan = planCommand(command, { metricsApi: process.env.KDIAG_METRICS_API !== '0' });
  if (!plan.run) {
    excluded.push({ command, why: plan.why });
    continue;
  }
  const [file, args] = plan.tool === 'kdiag' ? [process.execPath, [kdiagJs, ...plan.argv]] : [kubectl, ['--request-timeout=10s', ...plan.argv]];
  runs.push(
    new Promise((resolve) => {
      const t0 = Date.now();
      const child = execFile(file, args, { timeout: 30_000, maxBuffer: 16 << 20, env: { ...process.env, NO_COLOR: '1' } }, (error, _stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        const first = stderr.split('\n').find((l) => l.trim() !== '' && !/^Warning: /.test(l)) ?? (error && code === -1 ? `killed: ${error.message}` : '');
        resolve({ command, how: plan.how, argv: plan.argv, code, stderr: first, accepted: accepted(plan, code, stderr), seconds: (Date.now() - t0) / 1000 });
      });
      child.stdin?.on('error', () => undefined);   // a command that reads no stdin may exit before it is written
      child.stdin?.end(plan.stdin ?? '');
    }),
  );
}
const ran = await Promise.all(runs);
const out: CommandsFile = { seconds: (Date.now() - started) / 1000, ran, excluded };
writeFileSync(join(dir, 'commands.json'), JSON.stringify(out, null, 2) + '\n');
const refused = ran.filter((r) => !r.accepted);
console.error(`suggested commands: ${ran.length} run, ${refused.length} refused, ${excluded.length} not run, in ${out.seconds.toFixed(1)}s`);
