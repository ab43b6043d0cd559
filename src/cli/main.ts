import { Command, CommanderError, Option } from 'commander';
import { UsageError } from '../errors.js';
import { VERSION } from '../version.js';
import { EXIT, reportError } from './exit-codes.js';
import { warn } from './io.js';
import { GATE_HELP } from './gate-help.js';

const collect = (value: string, previous: string[] = []): string[] => [...previous, value];

const EXAMPLES = `
Examples:
  kdiag pod api-7d9f-x2k -n shop                 diagnose one Pod on the live cluster
  kdiag pod api-7d9f-x2k -f dump.yaml            the same Pod, from a saved dump
  kdiag pod deploy/api -n shop -o json           a Deployment and its Pods, as JSON
  kubectl get pods,events,nodes,pvc -o yaml | kdiag analyze -
  kdiag analyze ./cluster-dump/                  a 'kubectl cluster-info dump --output-directory'
  kdiag scan -f dump.yaml --failing-only         a table of every Pod, failing first
  kdiag rules                                    the rule catalogue; kdiag explain RULE for one

Exit codes: 0 healthy or progressing, 1 failing, 2 usage or input error,
3 cluster unreachable or access denied, 4 not found, 5 gate timed out.`;

function globalOptions(cmd: Command): Command {
  return cmd
    .addOption(new Option('-o, --output <format>', 'report format: text, json, yaml, markdown').default('text'))
    .option('--no-color', 'never colour the output (colour is on only on a TTY without NO_COLOR)')
    .option('-v, --verbose', 'show every finding and note; print stack traces on errors')
    .option('--now <time>', 'the time to judge ages against (ISO time, or "wall"); default: the dump\'s capture time')
    .option('--grace <duration>', 'how long a condition that can clear by itself may last before it counts as failing', '60s');
}

function liveOptions(cmd: Command): Command {
  return cmd
    .option('-n, --namespace <ns>', 'namespace (default: the context\'s namespace for live mode; any for dumps)')
    .option('--context <name>', 'kubeconfig context to use')
    .option('--kubeconfig <file>', 'kubeconfig file (default: $KUBECONFIG or ~/.kube/config)')
    .option('--request-timeout <duration>', 'timeout for each API request', '10s');
}

export function buildProgram(run: (work: () => Promise<number>) => Promise<void>): Command {
  const program = new Command('kdiag')
    .description('Tells you why a Kubernetes Pod is not working, at which lifecycle stage it is stuck, and what to do about it.')
    .version(VERSION, '--version', 'print the kdiag version')
    .addHelpText('after', EXAMPLES)
    .showHelpAfterError('(run kdiag --help for usage)')
    .exitOverride()
    .configureOutput({ writeErr: (s) => process.stderr.write(s), writeOut: (s) => process.stdout.write(s) });

  globalOptions(liveOptions(program.command('pod <name>')))
    .description('diagnose one Pod (or deploy/NAME, sts/NAME, ds/NAME, job/NAME, rs/NAME) on the live cluster, or in dumps with -f')
    .option('-f, --file <dump>', 'read this dump instead of the cluster (file, directory, or - for stdin; repeatable)', collect)
    .option('--logs <n>', 'lines of a stopped container\'s log to read; its last meaningful lines (at most 5) are evidence', '20')
    .option('--no-logs', 'do not read or show container logs')
    .option('-w, --watch', 're-diagnose as the Pod changes until it is Ready or failing (live mode)')
    .option('--timeout <duration>', 'with --watch: stop waiting after this long (exit 5)', '10m')
    .action((name: string, opts) => run(async () => (await import('./commands/pod.js')).podCommand(name, opts)));

  globalOptions(program.command('analyze <dump...>'))
    .description('diagnose every Pod found in dumps: files, directories (kubectl cluster-info dump), or - for stdin')
    .option('-n, --namespace <ns>', 'only this namespace')
    .option('--failing-only', 'list only failing Pods')
    .option('--no-logs', 'do not show container log lines from the dumps as evidence')
    .action((paths: string[], opts) => run(async () => (await import('./commands/analyze.js')).analyzeCommand(paths, opts)));

  globalOptions(liveOptions(program.command('scan')))
    .description('every Pod in a namespace (or all with -A) as a table of status, stage and cause, failing first')
    .option('-A, --all-namespaces', 'every namespace')
    .option('-l, --selector <selector>', 'label selector, e.g. app=api,tier!=cache')
    .option('-f, --file <dump>', 'read this dump instead of the cluster (repeatable)', collect)
    .option('--failing-only', 'list only failing Pods')
    .option('--no-logs', 'with -f: do not show container log lines from the dumps as evidence')
    .action((opts) => run(async () => (await import('./commands/scan.js')).scanCommand(opts)));

  globalOptions(liveOptions(program.command('gate [workload...]')))
    .description('CI: wait for deploy/sts/ds/job/pod rollouts to finish; fail fast with a diagnosis when one is doomed')
    .option('--timeout <duration>', 'give up after this long (exit 5)', '5m')
    .option('--max-restarts <n>', 'a crash loop is doomed after this many restarts', '3')
    .option('--settle <duration>', 'every new Pod must have been Ready this long before the gate passes', '5s')
    .option('-l, --selector <selector>', "also gate the workloads of the Pods this label selector matches (k=v, k!=v, 'k in (a,b)', k, !k)")
    .option('--wait-for-creation', 'wait (up to --timeout) for named workloads that do not exist yet instead of exit 4')
    .option('--junit <file>', 'write a JUnit XML report (one test case per workload)')
    .addHelpText('after', GATE_HELP)
    .action((workloads: string[], opts) => run(async () => (await import('./commands/gate.js')).gateCommand(workloads, opts)));

  liveOptions(program.command('capture <what> <name>'))
    .description('save a redacted bundle of a live Pod (capture pod NAME, or pod deploy/NAME) that analyze and pod -f read back')
    .option('-o, --output <file>', 'write the bundle here (default: stdout); never overwrites without --force')
    .option('--force', 'overwrite the output file')
    .option('--logs <n>', 'lines of previous container logs to include', '20')
    .option('--no-logs', 'leave container logs out')
    .option('-v, --verbose', 'print each API request on stderr')
    .action((what: string, name: string, opts) => run(async () => (await import('./commands/capture.js')).captureCommand(what, name, opts)));

  program
    .command('rbac')
    .description('print the minimal read-only Role/ClusterRole kdiag needs')
    .action(() => run(async () => (await import('./commands/rbac.js')).rbacCommand()));

  globalOptions(program.command('rules'))
    .description('list every rule: id, stage, severity, title')
    .action((opts) => run(async () => (await import('./commands/rules.js')).rulesCommand(opts)));

  globalOptions(program.command('explain <rule>'))
    .description('print one rule\'s documentation: what it means, why it happens, how to fix it')
    .action((id: string, opts) => run(async () => (await import('./commands/rules.js')).explainCommand(id, opts)));

  return program;
}

async function main(argv: string[]): Promise<number> {
  const verbose = argv.includes('-v') || argv.includes('--verbose');
  let code: number = EXIT.ok;
  const run = async (work: () => Promise<number>): Promise<void> => {
    code = await work();
  };
  try {
    await buildProgram(run).parseAsync(argv);
    return code;
  } catch (err) {
    if (err instanceof CommanderError) {
      if (err.code === 'commander.helpDisplayed' || err.code === 'commander.version' || err.code === 'commander.help') return EXIT.ok;
      if (err.code === 'commander.executeSubCommandAsync') return EXIT.ok;
      // commander already printed its one line; usage errors are exit 2.
      return EXIT.usage;
    }
    return reportError(err, verbose, warn);
  }
}

// Only the launcher runs the CLI; importing this module (tests) does not.
if (process.env.KDIAG_NO_MAIN !== '1') {
  process.exitCode = await main(process.argv);
}

export { main, UsageError };
