// kubectl's flag grammar on top of commander: `-n=shop` is `-n shop`, and persistent flags may stand before
// the subcommand (`kdiag -n shop scan`, `kdiag --context x pod y`), as kubectl's cobra allows.

/** Persistent flags: the ones that take a value (short and long names), and the switches. */
const WITH_VALUE = new Set([
  '-n', '--namespace', '--context', '--kubeconfig', '--request-timeout', '-o', '--output',
  '--as', '--as-group', '--token', '--server', '-s', '--certificate-authority', '--now', '--grace', '--lang',
]);
const SWITCHES = new Set(['--no-color', '-v', '--verbose', '--insecure-skip-tls-verify', '-A', '--all-namespaces']);

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
