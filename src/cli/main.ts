import { basename } from 'node:path';
import { Command, CommanderError, Option } from 'commander';
import { UsageError } from '../errors.js';
import { VERSION } from '../version.js';
import { checkOneCluster, normalizeArgv, pluginArgv } from './argv.js';
import { EXIT, reportError } from './exit-codes.js';
import { warn } from './io.js';
import { endCommand, installTerminalGuards, stopStatusLine, writeStdout } from './terminal.js';
import { GATE_HELP } from './gate-help.js';
import { localizedHelp } from './localized-help.js';
import { fitHelpText, helpWidth, proseBoxWrap } from './help-layout.js';
import { helpFor } from '../i18n/help.js';
import { messagesFor } from '../i18n/index.js';
import { loadLanguage } from '../i18n/load.js';
import { resolveLang, type Lang } from '../i18n/lang.js';
import { ciOptions, failOnOption, suppressionOptions } from './team-options.js';

const collect = (value: string, previous: string[] = []): string[] => [...previous, value];

/** `kdiag`, or `kubectl pod-why` when kubectl runs the plugin binary: help names the tool as it was invoked. */
export function invokedAs(script: string | undefined): string {
  const base = basename(script ?? 'kdiag').replace(/\.[cm]?js$/, '');
  return base.startsWith('kubectl-') ? `kubectl ${base.slice('kubectl-'.length).replace(/_/g, '-')}` : 'kdiag';
}

function examples(me: string): string {
  return `
Examples:
  ${me} pod api-7d9f-x2k -n shop                 diagnose one Pod on the live cluster
  ${me} pod api-7d9f-x2k -f dump.yaml            the same Pod, from a saved dump
  ${me} pod deploy/api -n shop -o json           a Deployment and its Pods, as JSON
  ${me} pod svc/api -n shop                      why a Service has no ready endpoints
  ${me} pod cronjob/report -n shop               a CronJob: suspended, missed starts, its last Job and Pods
  kubectl get pods,events,nodes,pvc -o yaml | ${me} analyze
  ${me} analyze ./cluster-dump/                  a 'kubectl cluster-info dump --output-directory'
  ${me} scan -n shop --failing-only              a table of every Pod, failing first
  ${me} rules                                    the rule catalogue; ${me} explain RULE for one
  ${me} lifecycle --lang zh-TW                   the stages from binding to Ready, who owns each, where to look

Flags take kubectl's forms: -n shop, -n=shop, --namespace=shop; flags such as
-n, --context and -o may also stand before the command (${me} -n shop scan).

Exit codes: 0 healthy or progressing, 1 failing, 2 usage or input error,
3 cluster unreachable or access denied, 4 not found, 5 gate timed out.
--fail-on warning: a warning exits 1 too;
--fail-on never: every verdict exits 0 (errors keep 2 to 5).`;
}

/**
 * commander's usage errors in kdiag's one style: `kdiag: …` and `hint: …` (its "Did you mean" and where the
 * usage is), in the run's language.
 */
export function usageError(text: string, me: string, lang: Lang): string {
  const t = messagesFor(lang).errors;
  const after = (label: string): string => `${label}${label.endsWith(':') ? ' ' : ''}`;
  const [first = '', ...more] = t.text({ text: text.replace(/\n$/, '') }).split('\n');
  const hints = [...more, t.text({ text: `(run ${me} --help for usage)` })].map((l) => l.replace(/^[(（](.*)[)）]$/, '$1').trim()).filter((l) => l !== '');
  return [`${after(t.prefix)}${first.replace(/^(?:error: |錯誤：)/, '')}`, ...hints.map((h) => `${after(t.hint)}${h}`)].join('\n') + '\n';
}

/** -o, --no-color, -v: every command that prints a report. */
function outputOptions(cmd: Command, formats = 'text, wide, json, yaml, markdown'): Command {
  return cmd
    .addOption(new Option('-o, --output <format>', `report format: ${formats}`).default('text'))
    .option('--no-color', 'never colour the output (colour is on only on a TTY without NO_COLOR)')
    .option('-v, --verbose', 'show every finding and note; print stack traces on errors')
    .option('--lang <lang>', 'language of the report: en or zh-TW (default: $KDIAG_LANG, then LC_ALL/LC_MESSAGES/LANG)');
}

const LIST_FORMATS = 'text, wide, name, json, yaml, markdown';

/** --now (dumps only), --grace: commands that judge Pods. */
function verdictOptions(cmd: Command, dumps = true): Command {
  if (dumps) cmd.option('--now <time>', 'the time to judge a dump\'s ages against (ISO time, or "wall"); default: the dump\'s capture time');
  return cmd.option('--grace <duration>', 'how long a condition that can clear by itself may last before it counts as failing', '60s');
}

/** The cluster and the identity, named as kubectl names them. */
function liveOptions(cmd: Command, manyClusters = false): Command {
  cmd.option('-n, --namespace <ns>', 'namespace (default: the context\'s namespace for live mode; any for dumps)');
  if (manyClusters) {
    cmd
      .option('--context <name>', "kubeconfig context to use; repeatable, or a glob such as 'prod-*', to read several clusters in one run", collect)
      .option('--all-contexts', 'read every context of the kubeconfig (one cluster each)')
      .option('--max-clusters-in-flight <n>', 'with several contexts: how many clusters are read at once', '4');
  } else cmd.option('--context <name>', 'kubeconfig context to use');
  return cmd
    .option('--kubeconfig <file>', 'kubeconfig file (default: $KUBECONFIG or ~/.kube/config)')
    .option('--request-timeout <duration>', 'deadline for each API request: connect, TLS, answer and retries', '10s')
    .option('--max-response-size <size>', 'refuse API answers larger than this, all read at once counted together (e.g. 512Mi)', '256Mi')
    .option('-s, --server <url>', 'the API server address, instead of the kubeconfig cluster\'s')
    .option('--certificate-authority <file>', 'CA certificate file to verify the server with')
    .option('--insecure-skip-tls-verify', 'do not verify the server\'s certificate (insecure)')
    .option('--token <token>', 'bearer token to authenticate with')
    .option('--as <user>', 'impersonate this user (needs the impersonate permission)')
    .option('--as-group <group>', 'impersonate this group (repeatable)', collect);
}

/** -A, -l: which Pods, for commands that diagnose many. */
/** `--failing-only` and `--no-logs` of the list commands (analyze, scan); `dumpsOnly`: the logs come from dumps only with -f. */
function listOptions(cmd: Command, dumpsOnly = false): Command {
  return cmd
    .option('--failing-only', 'list only failing Pods')
    .option('--no-headers', 'print the table\'s rows only: no header line, totals or notes (with -o text or wide)')
    .option('--no-logs', `${dumpsOnly ? 'with -f: ' : ''}do not show container log lines from the dumps as evidence`);
}

function selectionOptions(cmd: Command): Command {
  return cmd
    .option('-A, --all-namespaces', 'every namespace')
    .option('-l, --selector <selector>', 'label selector, e.g. app=api,tier!=cache')
    .option('--field-selector <selector>', 'Pod field selector: metadata.name, metadata.namespace, spec.nodeName, status.phase with =, ==, !=');
}

/** What each command's builder gets: the program, the runner, and the run's name and language. */
interface Builder {
  program: Command;
  run: (work: () => Promise<number>) => Promise<void>;
  me: string;
  say: ReturnType<typeof messagesFor>['errors']['text'];
  help: ReturnType<typeof helpFor>;
}

/** Each command and what adds it to the program, in the order help lists them. */
const COMMANDS: ReadonlyArray<readonly [string, (b: Builder) => void]> = [
  ['pod', ({ program, run }) => {
    suppressionOptions(failOnOption(verdictOptions(outputOptions(liveOptions(program.command('pod <name>'))))))
      .description('diagnose one Pod (or deploy/NAME, sts/NAME, ds/NAME, job/NAME, rs/NAME, svc/NAME, ingress/NAME, cronjob/NAME) on the live cluster, or in dumps with -f')
      .option('-f, --file <dump>', 'read this dump instead of the cluster (file, directory, or - for stdin; repeatable)', collect)
      .option('--logs <n>', 'lines of a stopped container\'s log to read; its last meaningful lines (at most 5) are evidence', '20')
      .option('--no-logs', 'do not read or show container logs')
      .option('-w, --watch', 're-diagnose as the Pod changes until it is Ready or failing (live mode)')
      .option('--timeout <duration>', 'with --watch: stop waiting after this long (exit 5)', '10m')
      .option('--from <client>', 'with svc/NAME or ingress/NAME: the client of the traffic path (pod/NAME, pod/NS/NAME or ns/NAME)')
      .action((name: string, opts) =>
        run(async () => {
          if (opts.watch && opts.file?.length) throw new UsageError('--watch follows the live cluster; it cannot watch a dump (-f)', { hint: `drop --watch to diagnose the dump, or drop -f to watch the cluster` });
          return (await import('./commands/pod.js')).podCommand(name, opts);
        }),
      );
  }],
  ['analyze', ({ program, run }) => {
    ciOptions(suppressionOptions(failOnOption(listOptions(verdictOptions(outputOptions(selectionOptions(program.command('analyze [dump...]')), LIST_FORMATS)).option('-n, --namespace <ns>', 'only this namespace')))))
      .description('diagnose every Pod found in dumps: files, directories (kubectl cluster-info dump), or - (the default when stdin is piped)')
      .action((paths: string[], opts) => run(async () => (await import('./commands/analyze.js')).analyzeCommand(paths, opts)));
  }],
  ['scan', ({ program, run }) => {
    ciOptions(suppressionOptions(failOnOption(listOptions(verdictOptions(outputOptions(selectionOptions(liveOptions(program.command('scan'), true)), LIST_FORMATS)), true))))
      .description('every Pod in a namespace (or all with -A) as a table of status, stage and cause, failing first')
      .option('-f, --file <dump>', 'read this dump instead of the cluster (repeatable)', collect)
      .action((opts) => run(async () => (await import('./commands/scan.js')).scanCommand(opts)));
  }],
  ['gate', ({ program, run, help }) => {
    suppressionOptions(failOnOption(verdictOptions(outputOptions(liveOptions(program.command('gate [workload...]'))), false)))
      .description('CI: wait for deploy/sts/ds/job/pod rollouts to finish; fail fast with a diagnosis when one is doomed')
      .option('--timeout <duration>', 'give up after this long (exit 5)', '5m')
      .option('--max-restarts <n>', 'a crash loop is doomed after this many restarts', '3')
      .option('--settle <duration>', 'every new Pod must have been Ready this long before the gate passes', '5s')
      .option('-l, --selector <selector>', "also gate the workloads of the Pods this label selector matches (k=v, k!=v, 'k in (a,b)', k, !k)")
      .option('--wait-for-creation', 'wait (up to --timeout) for named workloads that do not exist yet instead of exit 4')
      .option('--junit <file>', 'write a JUnit XML report (one test case per workload); never overwrites without --force')
      .option('--force', 'overwrite the --junit file')
      .addHelpText('after', () => fitHelpText(help ? help.gateHelp : GATE_HELP, helpWidth()))
      .action((workloads: string[], opts) => run(async () => (await import('./commands/gate.js')).gateCommand(workloads, opts)));
  }],
  ['capture', ({ program, run, me, say }) => {
    liveOptions(program.command('capture <what> <name>'))
      .description('save a redacted bundle of a live Pod (capture pod NAME, or pod deploy/NAME) that analyze and pod -f read back')
      .option('--output-file <file>', 'write the bundle here (default: stdout); never overwrites without --force')
      .addOption(new Option('-o, --output <file>', 'deprecated: use --output-file').hideHelp())
      .option('--force', 'overwrite the output file')
      .option('--logs <n>', 'lines of previous container logs to include', '20')
      .option('--no-logs', 'leave container logs out')
      .option('-v, --verbose', 'print each API request on stderr')
      .action((what: string, name: string, opts) =>
        run(async () => {
          if (opts.output !== undefined) {
            warn(say({ text: `${me}: capture -o FILE is deprecated (-o is the report format everywhere else); use --output-file ${opts.output}` }));
            if (opts.outputFile === undefined) opts.outputFile = opts.output;
          }
          const { output: _old, outputFile, ...rest } = opts;
          return (await import('./commands/capture.js')).captureCommand(what, name, { ...rest, ...(outputFile !== undefined ? { output: outputFile } : {}) });
        }),
      );
  }],
  ['rbac', ({ program, run }) => {
    program
      .command('rbac')
      .description('print the least-privilege read-only ClusterRoles kdiag needs (nothing on Secrets)')
      .option('--with-secret-names', 'add the optional Role that lets kdiag see whether Secrets exist (it can read their values: see README)')
      .action((opts) => run(async () => (await import('./commands/rbac.js')).rbacCommand(opts)));
  }],
  ['rules', ({ program, run }) => {
    outputOptions(program.command('rules'), 'text, json, yaml, markdown')
      .description('list every rule: id, stage, severity, title')
      .action((opts) => run(async () => (await import('./commands/rules.js')).rulesCommand(opts)));
  }],
  ['lifecycle', ({ program, run }) => {
    outputOptions(program.command('lifecycle [stage]'), 'text, json, yaml')
      .description('the path a Pod takes from binding to Running and Ready: each stage, the component responsible, and the commands that inspect it')
      .action((stage: string | undefined, opts) => run(async () => (await import('./commands/lifecycle.js')).lifecycleCommand(stage, opts)));
  }],
  ['explain', ({ program, run }) => {
    outputOptions(program.command('explain <rule>'), 'text, json, yaml')
      .description('print one rule\'s documentation: what it means, why it happens, how to fix it')
      .action((id: string, opts) => run(async () => (await import('./commands/rules.js')).explainCommand(id, opts)));
  }],
  ['mcp', ({ program, run }) => {
    program
      .command('mcp')
      .description('serve kdiag\'s read-only tools (diagnose, scan, analyze, explain) to an assistant over the Model Context Protocol on stdio')
      .action(() => run(async () => (await import('./mcp/server.js')).mcpCommand()));
  }],
  ['version', ({ program, run }) => {
    program
      .command('version')
      .description('print the kdiag version (and the Node.js it runs on)')
      .addOption(new Option('-o, --output <format>', 'text, json or yaml').default('text'))
      .action((opts) => run(async () => (await import('./commands/version.js')).versionCommand(opts)));
  }],
  ['completion', ({ program, run, me }) => {
    program
      .command('completion <shell>')
      .description('print a shell completion script: bash, zsh or fish (e.g. source <(kdiag completion bash))')
      .action((shell: string) => run(async () => (await import('./commands/completion.js')).completionCommand(shell, program, me)));
  }],
];

/** The commands' names (a kubectl plugin's first word is a Pod's name unless it is one of these). */
export const COMMAND_NAMES: readonly string[] = COMMANDS.map(([name]) => name);

/**
 * The command line: commands import their code only when they run (offline paths never load client-node).
 * `only`: the one command the arguments name, when they start with it; the others are left out, since
 * commander reads none of them then (a command's help, errors and suggestions are its own). Completion, the
 * program's help and anything else get every command.
 */
export function buildProgram(run: (work: () => Promise<number>) => Promise<void>, me = 'kdiag', lang: Lang = 'en', only?: string): Command {
  const say = messagesFor(lang).errors.text;
  const help = helpFor(lang);
  const program = new Command(me)
    .description('Tells you why a Kubernetes Pod is not working, at which lifecycle stage it is stuck, and what to do about it.')
    .version(VERSION, '--version', 'print the kdiag version')
    .addHelpText('after', () => fitHelpText(help ? help.examples(me) : examples(me), helpWidth()))
    .exitOverride()
    .configureOutput({ writeErr: (s) => process.stderr.write(s), writeOut: (s) => writeStdout(s), outputError: (s, write) => write(usageError(s, me, lang)) });
  program.configureHelp({ helpWidth: helpWidth(), boxWrap: proseBoxWrap, ...(help ? localizedHelp(help) : {}) });
  const one = only !== undefined && only !== 'completion' && COMMAND_NAMES.includes(only) ? only : undefined;
  for (const [name, add] of COMMANDS) if (one === undefined || name === one) add({ program, run, me, say, help });
  return program;
}

async function main(argv: string[]): Promise<number> {
  const verbose = argv.includes('-v') || argv.includes('--verbose');
  let code: number = EXIT.ok;
  const run = async (work: () => Promise<number>): Promise<void> => {
    code = await work();
  };
  try {
    if (argv[2] === '__complete') {
      // Shell completion (and kubectl_complete-<plugin>): cobra's protocol, outside commander's parser.
      const { completeWords } = await import('./commands/completion.js');
      const words = argv.slice(3);
      const { candidates, files, lookup } = completeWords(buildProgram(run), words);
      const typed = words.at(-1) ?? '';
      const names = lookup ? (await (await import('./commands/complete-names.js')).completeNames(lookup, words.slice(0, -1))).filter((n) => n.startsWith(typed)) : [];
      writeStdout([...candidates, ...names, `:${files ? 0 : 4}`].join('\n') + '\n');
      return EXIT.ok;
    }
    // The language's catalogues load once, before any report, help or error text (English loads none).
    const lang = langOf(argv);
    await loadLanguage(lang);
    const me = invokedAs(argv[1]);
    const args = me === 'kdiag' ? argv : pluginArgv(argv, COMMAND_NAMES);
    const normalized = normalizeArgv(args);
    checkOneCluster(normalized);
    await buildProgram(run, me, lang, normalized[2]).parseAsync(normalized);
    return code;
  } catch (err) {
    if (err instanceof CommanderError) {
      if (err.code === 'commander.helpDisplayed' || err.code === 'commander.version' || err.code === 'commander.help') return EXIT.ok;
      if (err.code === 'commander.executeSubCommandAsync') return EXIT.ok;
      // commander already printed its one line; usage errors are exit 2.
      return EXIT.usage;
    }
    // The status line goes before the error is written: never an error glued onto a spinner's row.
    stopStatusLine();
    return reportError(err, verbose, warn, messagesFor(langOf(argv)));
  }
}

/** The language for an error line: --lang (either spelling) or the environment; English when that is what failed. */
function langOf(argv: readonly string[]): Lang {
  const i = argv.indexOf('--lang');
  const flag = i >= 0 ? argv[i + 1] : argv.find((a) => a.startsWith('--lang='))?.slice('--lang='.length);
  try {
    return resolveLang(flag);
  } catch {
    return 'en';
  }
}

// Only the launcher runs the CLI; importing this module (tests) does not. No top-level await: the CLI is
// bundled as CommonJS (scripts/build.mjs); main() never rejects.
if (process.env.KDIAG_NO_MAIN !== '1') {
  // Signals, a closed pipe (exit 0, like kubectl) and a terminal gone away end kdiag quietly (terminal.ts).
  installTerminalGuards((err) => reportError(new UsageError(`cannot write the report to stdout (${err.code ?? err.message})`), process.argv.includes('-v') || process.argv.includes('--verbose'), warn, messagesFor(langOf(process.argv))));
  void main(process.argv).then(endCommand);
}

export { main, UsageError };
