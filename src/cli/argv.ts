import { UsageError } from '../errors.js';

// kubectl's flag grammar on top of commander: `-n=shop` is `-n shop`, and persistent flags may stand before
// the subcommand (`kdiag -n shop scan`, `kdiag --context x pod y`), as kubectl's cobra allows.

/**
 * Persistent flags: the ones that take a value (short and long names), and the switches. Besides kubectl's
 * own, the flags that pick clusters (`--all-contexts`, `--max-clusters-in-flight`) and a team's flags
 * (`--fail-on`, `--ignore`, `--config`…), which a pipeline may well write first.
 */
const WITH_VALUE = new Set([
  '-n', '--namespace', '--context', '--kubeconfig', '--request-timeout', '-o', '--output',
  '--as', '--as-group', '--token', '--server', '-s', '--certificate-authority', '--now', '--grace', '--lang',
  '--max-clusters-in-flight', '--fail-on', '--ignore', '--config',
]);
const SWITCHES = new Set(['--no-color', '-v', '--verbose', '--insecure-skip-tls-verify', '-A', '--all-namespaces', '--all-contexts', '--no-config', '--show-suppressed']);

/** The commands that read several clusters in one run. */
const MANY_CLUSTERS = new Set(['scan']);

/**
 * Refuses, in one line, a normalised command line that asks a one-cluster command for several clusters
 * (`--all-contexts`, `--max-clusters-in-flight`, `--context` twice). Commander would say "unknown option"
 * or, for a repeated --context, silently keep the last: a gate must not run against another cluster than asked.
 */
export function checkOneCluster(argv: readonly string[]): void {
  const [, , command, ...args] = argv;
  if (command === undefined || command.startsWith('-') || MANY_CLUSTERS.has(command)) return;
  const contexts: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--') break;
    const eq = arg.startsWith('--') ? arg.indexOf('=') : -1;
    const flag = eq > 0 ? arg.slice(0, eq) : arg;
    if (flag === '--all-contexts') throw new UsageError(`--all-contexts reads several clusters, which only scan does; ${command} reads one`, { hint: 'pick its cluster with --context NAME, or run kdiag scan --all-contexts' });
    if (flag === '--max-clusters-in-flight') throw new UsageError(`--max-clusters-in-flight bounds a scan of several clusters; ${command} reads one`, { hint: 'drop --max-clusters-in-flight, or run kdiag scan with several contexts' });
    if (flag === '--context') contexts.push(eq > 0 ? arg.slice(eq + 1) : (args[++i] ?? ''));
    else if (WITH_VALUE.has(flag) && eq < 0) i++;
  }
  if (contexts.length > 1) throw new UsageError(`--context is given ${contexts.length} times, and ${command} reads one cluster`, { hint: 'keep one --context; only kdiag scan reads several clusters in one run' });
}

/** `argv` (node, script, …args) rewritten so commander reads it the way kubectl would. */
export function normalizeArgv(argv: readonly string[]): string[] {
  const [node = 'node', script = 'kdiag', ...args] = argv;
  const split: string[] = [];
  let rest = false;
  for (const arg of args) {
    // kubectl's log level, `-v=6` / `--v=6`: 6 and above show each request (kdiag's --verbose); below, nothing.
    const level = rest ? null : /^--?v=(\d+)$/.exec(arg);
    if (level) {
      if (Number(level[1]) >= 6) split.push('--verbose');
      continue;
    }
    // `-n=shop`, `-o=json`: commander would take "=shop" as the value.
    const short = rest ? null : /^(-[a-zA-Z])=(.*)$/s.exec(arg);
    if (short) split.push(short[1]!, short[2]!);
    else split.push(arg);
    if (arg === '--') rest = true;
  }
  // Persistent flags before the subcommand move after it.
  const leading: string[] = [];
  let i = 0;
  while (i < split.length) {
    const arg = split[i]!;
    const name = arg.startsWith('--') && arg.includes('=') ? arg.slice(0, arg.indexOf('=')) : arg;
    if (WITH_VALUE.has(name) && name === arg && i + 1 < split.length) {
      leading.push(arg, split[i + 1]!);
      i += 2;
    } else if (WITH_VALUE.has(name) || SWITCHES.has(arg)) {
      leading.push(arg);
      i += 1;
    } else break;
  }
  if (leading.length === 0 || i >= split.length || split[i]!.startsWith('-')) return [node, script, ...split];
  const command = split[i]!;
  return [node, script, command, ...leading, ...split.slice(i + 1)];
}

/**
 * `kubectl pod-why NAME` means `kubectl pod-why pod NAME`: run as a kubectl plugin, a first word that is not a
 * command (nor a flag) names a Pod, as the plugin's name promises. Commands and flags keep their meaning.
 */
export function pluginArgv(argv: readonly string[], commands: readonly string[]): string[] {
  const [node = 'node', script = 'kdiag', ...args] = argv;
  let word: string | undefined;
  for (let i = 0; i < args.length && word === undefined; i++) {
    const arg = args[i]!;
    if (WITH_VALUE.has(arg)) i++; // the flag's value, not a word
    else if (!arg.startsWith('-')) word = arg;
  }
  if (word === undefined || commands.includes(word) || word === 'help') return [node, script, ...args];
  return [node, script, 'pod', ...args];
}
