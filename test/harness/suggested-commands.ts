// The commands a kdiag report suggests (where to look, fix steps, the way back), and how the live check runs
// each on the real cluster without changing it: reads as written, changes with --dry-run=server, `edit` as a
// `get` of the object it would open, watches once. Pure: test/cluster/lib/run-suggested-commands.ts runs the plans.
import { splitCommands } from '../../src/report/prose.js';

/** How a command is run: what the test reports next to a refusal. */
export type How = 'as written' | 'with --dry-run=server' | 'as kubectl get of the object (edit cannot be dry-run)' | 'once, without --watch/--follow';

export type Plan =
  | { run: true; tool: 'kubectl' | 'kdiag'; argv: string[]; stdin?: string; how: How; exec: boolean }
  | { run: false; why: string };

/** Every command in a kdiag JSON report (one Diagnosis or a list), each once, in the order the report holds them. */
export function suggestedCommands(report: unknown): string[] {
  const found = new Set<string>();
  const walk = (value: unknown, key: string): void => {
    if (Array.isArray(value)) for (const v of value) walk(v, key);
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(v, k);
    else if (typeof value === 'string' && (key === 'commands' || key === 'remediation' || key === 'undo')) {
      for (const part of splitCommands(value)) if (part.command) found.add(part.text.trim());
    }
  };
  walk(report, '');
  return [...found];
}

/** Shell words up to the first unquoted `|`, `>`, `&&` or `;`, and a `<<<` here-string's text. */
export function shellWords(command: string): { words: string[]; stdin?: string } {
  const words: string[] = [];
  let word: string | null = null;
  let stdin: string | undefined;
  let hereString = false;
  const end = (): void => {
    if (word === null) return;
    if (hereString) { stdin = word; hereString = false; } else words.push(word);
    word = null;
  };
  for (let i = 0; i < command.length; i++) {
    const c = command[i]!;
    if (c === "'") {
      const close = command.indexOf("'", i + 1);
      word = (word ?? '') + command.slice(i + 1, close < 0 ? undefined : close);
      i = close < 0 ? command.length : close;
    } else if (c === '"') {
      let j = i + 1;
      let text = '';
      for (; j < command.length && command[j] !== '"'; j++) {
        if (command[j] === '\\' && /["\\$`]/.test(command[j + 1] ?? '')) j++;
        text += command[j];
      }
      word = (word ?? '') + text;
      i = j;
    } else if (c === '\\' && i + 1 < command.length) {
      word = (word ?? '') + command[++i];
    } else if (/\s/.test(c)) {
      end();
    } else if (command.startsWith('<<<', i) && word === null) {
      hereString = true;
      i += 2;
    } else if (c === '|' || c === '>' || c === ';' || command.startsWith('&&', i)) {
      break;
    } else {
      word = (word ?? '') + c;
    }
  }
  end();
  return stdin === undefined ? { words } : { words, stdin };
}

/** kubectl verbs that only read. */
const READS = new Set(['get', 'describe', 'logs', 'top', 'api-resources', 'api-versions', 'explain', 'events', 'cluster-info', 'version', 'auth', 'config']);
/** kubectl verbs that change the cluster and take --dry-run=server. */
const CHANGES = new Set(['apply', 'patch', 'delete', 'scale', 'set', 'create', 'label', 'annotate', 'taint', 'cordon', 'uncordon', 'drain', 'replace', 'autoscale', 'expose']);
/** `kubectl rollout` subcommands: status and history read, the others change. */
const ROLLOUT_READS = new Set(['status', 'history']);
/** kubectl's flags before the verb that take the next word as their value. */
const GLOBAL_WITH_VALUE = new Set(['--context', '--kubeconfig', '-n', '--namespace', '--cluster', '--user', '-s', '--server', '--request-timeout', '--as']);
/**
 * Tools that run on the node (crictl, journalctl, a registry check with curl or openssl) or on a workstation
 * (docker, helm): not kubectl's or kdiag's, so not run here.
 */
const NODE_TOOLS = new Set(['crictl', 'journalctl', 'systemctl', 'nerdctl', 'skopeo', 'helm', 'curl', 'nslookup', 'openssl', 'docker']);

/** Text the user replaces: `<your-registry>` (read before shell words: `>` would end one), `...`. */
const PLACEHOLDER_TEXT = /(?<!<)<(?!<)[^<>\n]+>|(?:^|\s)\.\.\.?(?=\s|$)/;
/** A word standing for one: a bare upper-case NAME, NODE or KEY. */
const PLACEHOLDER_WORD = /^[A-Z][A-Z_]*[A-Z]$/;

/** A flag that reads a file the user holds (`--from-file=PATH`, `--cert=…`, `-f FILE` but `-f -`), before `--`. */
function localFile(words: string[]): boolean {
  const own = words.includes('--') ? words.slice(0, words.indexOf('--')) : words;
  return own.some((w, i) => /^--(?:from-file|from-env-file|cert|key)(?:=|$)/.test(w) || ((w === '-f' || w === '--filename') && own[i + 1] !== '-') || (/^(?:-f|--filename=)./.test(w) && !/^(?:-f|--filename=)-$/.test(w)));
}

/** How the live check runs `command`, or why it does not (`metricsApi`: whether the cluster serves metrics.k8s.io, which `kubectl top` reads). */
export function planCommand(command: string, cluster: { metricsApi: boolean } = { metricsApi: true }): Plan {
  const { words, stdin } = shellWords(command);
  const [tool, ...args] = words;
  if (tool === undefined) return { run: false, why: 'empty' };
  if (NODE_TOOLS.has(tool)) return { run: false, why: `runs on the node or a workstation (${tool}), not through the API server` };
  if (tool !== 'kubectl' && tool !== 'kdiag') return { run: false, why: `not a kubectl or kdiag command (${tool})` };
  if (PLACEHOLDER_TEXT.test(command) || words.some((w) => PLACEHOLDER_WORD.test(w))) return { run: false, why: 'needs a placeholder the user fills in' };
  if (localFile(args)) return { run: false, why: 'reads a file the user holds' };
  const extra = stdin === undefined ? {} : { stdin };
  if (tool === 'kdiag') return { run: true, tool, argv: args, how: 'as written', exec: false, ...extra };
  const verbAt = args.findIndex((w, i) => !w.startsWith('-') && !GLOBAL_WITH_VALUE.has(args[i - 1] ?? ''));
  const verb = args[verbAt] ?? '';
  if (verb === 'edit') {
    const get = args.map((w, i) => (i === verbAt ? 'get' : w));
    return { run: true, tool, argv: [...get, '-o', 'name'], how: 'as kubectl get of the object (edit cannot be dry-run)', exec: false };
  }
  if (verb === 'top' && !cluster.metricsApi) return { run: false, why: 'kubectl top needs the Metrics API (metrics-server), which the test cluster does not serve' };
  if (verb === 'exec') return { run: true, tool, argv: args, how: 'as written', exec: true, ...extra };
  const watching = /^(?:-w|--watch|-f|--follow)$/;
  if ((verb === 'get' || verb === 'logs' || verb === 'events') && args.some((w) => watching.test(w))) {
    return { run: true, tool, argv: args.filter((w) => !watching.test(w) && w !== '--watch=true' && w !== '--follow=true'), how: 'once, without --watch/--follow', exec: false };
  }
  if (READS.has(verb) || (verb === 'rollout' && ROLLOUT_READS.has(args[verbAt + 1] ?? ''))) return { run: true, tool, argv: args, how: 'as written', exec: false, ...extra };
  if (CHANGES.has(verb) || verb === 'rollout') return { run: true, tool, argv: [...args, '--dry-run=server'], how: 'with --dry-run=server', exec: false, ...extra };
  return { run: false, why: `kubectl ${verb} is neither a read nor a change --dry-run=server can check` };
}

/**
 * Whether kubectl took the command: exit 0; for `exec`, also the command it ran in the container failing
 * ("command terminated with exit code N": kubectl did its part, the probe's own failure is the point); for
 * `rollout status`, a rollout past its progress deadline (kubectl's answer is its exit code).
 */
export function accepted(plan: { tool: string; exec: boolean; argv?: readonly string[] }, code: number, stderr: string): boolean {
  if (code === 0) return true;
  if (plan.tool === 'kdiag') return code === 1;   // a failing diagnosis
  // `kubectl rollout status` answers a stuck rollout by its exit code: that is the state it was asked for.
  const verbs = plan.argv ?? [];
  if (verbs.includes('rollout') && verbs.includes('status')) return /^error: deployment "[^"]+" exceeded its progress deadline$/m.test(stderr);
  // The kubelet answering that the container (declared, named right: kubectl checks that itself) is not there at
  // this moment: it was being restarted by the very probe the command reproduces. kubectl took the command.
  if (plan.exec && /^error: Internal error occurred: unable to upgrade connection: container not found \("[^"]+"\)$/m.test(stderr)) return true;
  // The same race a moment later, as runc words it through containerd and the kubelet (`… failed to start exec
  // "ID": OCI runtime exec failed: exec failed: …`): the container stopped (killed by that probe, not yet
  // restarted), `cannot exec in a stopped container`; or the kill came while the exec's process was starting,
  // `unable to start container process: read init-p: connection reset by peer`. (A missing executable, the
  // command's own fault, is worded `exec: "X": executable file not found in $PATH` and stays refused.)
  if (plan.exec && /^error: Internal error occurred: .*failed to exec in container: .*OCI runtime exec failed: exec failed: (?:cannot exec in a stopped container|unable to start container process: read init-p: connection reset by peer)/m.test(stderr)) return true;
  // A drain the API server refuses for other Pods on the node (bare Pods, which only --force deletes, for good):
  // the command is the right one; the node holds something else the user decides about, and kubectl says what.
  if (verbs.includes('drain') && /^error: unable to drain node "[^"]+" due to error: cannot delete cannot delete Pods that declare no controller \(use --force to override\): /m.test(stderr)) return true;
  return plan.exec && /^command terminated with exit code \d+$/m.test(stderr);
}
