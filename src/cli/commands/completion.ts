import type { Command } from 'commander';
import { UsageError } from '../../errors.js';
import { EXIT } from '../exit-codes.js';
import { targetKindOf } from '../../engine/targets.js';
import { STAGES } from '../../model/stages.js';
import { writeReport } from '../io.js';
import type { NameLookup } from './complete-names.js';

// Every script asks `kdiag __complete WORDS…` (cobra's protocol, which kubectl also uses for plugins through
// `kubectl_complete-<plugin>`): candidates one per line, then `:4` (no file names) or `:0` (files welcome).

const fn = (bin: string): string => `_${bin.replace(/[^A-Za-z0-9]/g, '_')}`;

const SCRIPTS: Record<string, (bin: string) => string> = {
  bash: (bin) => `# ${bin} completion for bash: source <(${bin} completion bash)
${fn(bin)}() {
  local cur=\${COMP_WORDS[COMP_CWORD]} IFS=$'\\n'
  local -a out=( $(${bin} __complete "\${COMP_WORDS[@]:1:COMP_CWORD}" 2>/dev/null) )
  local directive=\${out[-1]#:}
  unset 'out[-1]'
  COMPREPLY=( $(compgen -W "\${out[*]}" -- "$cur") )
  if [[ \${#COMPREPLY[@]} -eq 0 && $directive == 0 ]]; then COMPREPLY=( $(compgen -f -- "$cur") ); fi
}
complete -o default -F ${fn(bin)} ${bin}
`,
  zsh: (bin) => `#compdef ${bin}
# ${bin} completion for zsh: source <(${bin} completion zsh)
${fn(bin)}() {
  local -a out
  out=("\${(@f)$(${bin} __complete "\${(@)words[2,CURRENT]}" 2>/dev/null)}")
  local directive=\${out[-1]#:}
  out=("\${(@)out[1,-2]}")
  if (( \${#out} )); then compadd -- "\${out[@]}"; elif [[ $directive == 0 ]]; then _files; fi
}
compdef ${fn(bin)} ${bin}
`,
  fish: (bin) => `# ${bin} completion for fish: ${bin} completion fish | source
function __${fn(bin)}_complete
  set -l args (commandline -opc)[2..-1] (commandline -ct)
  ${bin} __complete $args 2>/dev/null | string match -v -r '^:'
end
complete -c ${bin} -a '(__${fn(bin)}_complete)'
`,
};

/** `kdiag completion bash|zsh|fish`. */
export async function completionCommand(shell: string, _program: Command, me: string): Promise<number> {
  const script = SCRIPTS[shell];
  if (!script) throw new UsageError(`no completion for shell "${shell}"`, { hint: 'use one of: bash, zsh, fish' });
  writeReport(script(me.startsWith('kubectl ') ? `kubectl-${me.slice('kubectl '.length)}` : me));
  return EXIT.ok;
}

const VALUES: Record<string, readonly string[]> = {
  '-o': ['text', 'wide', 'json', 'yaml', 'markdown'],
  '--output': ['text', 'wide', 'json', 'yaml', 'markdown'],
  '--fail-on': ['error', 'warning', 'never'],
  '--max-clusters-in-flight': ['1', '2', '4', '8', '16'],
  '--ignore': ['admission', 'scheduling', 'kubelet', 'volume', 'cni', 'image', 'container', 'readiness'],
};

/** The workload prefixes each target-taking command offers before a name is typed. */
const TARGET_PREFIXES: Record<string, readonly string[]> = {
  pod: ['deploy/', 'sts/', 'ds/', 'job/', 'rs/', 'svc/', 'cronjob/'],
  capture: ['deploy/', 'sts/', 'ds/', 'job/', 'rs/', 'svc/', 'cronjob/'],
  gate: ['deploy/', 'sts/', 'ds/', 'job/', 'pod/'],
};

export interface Completion {
  candidates: string[];
  files: boolean;
  /** Names to read from the cluster (or the kubeconfig) and add, filtered by what is typed. */
  lookup?: NameLookup;
}

/** The candidates for the last of `words` (the word being typed), and whether file names fit there. */
export function completeWords(program: Command, words: readonly string[]): Completion {
  const typed = words.at(-1) ?? '';
  const before = words.slice(0, -1);
  const commands = program.commands.filter((c) => !c.name().startsWith('_'));
  const sub = commands.find((c) => before.includes(c.name()));
  const prev = before.at(-1);
  if (prev === '-n' || prev === '--namespace') return { candidates: [], files: false, lookup: { kind: 'Namespace', prefix: '' } };
  if (prev === '--context') return { candidates: [], files: false, lookup: { kind: 'Context', prefix: '' } };
  if (sub) {
    const option = sub.options.find((o) => o.short === prev || o.long === prev);
    if (option?.required) {
      const values = VALUES[prev ?? ''] ?? (sub.name() === 'version' && (prev === '-o' || prev === '--output') ? ['text', 'json', 'yaml'] : undefined);
      return { candidates: values ? values.filter((v) => v.startsWith(typed)) : [], files: option.long === '--file' || option.long === '--kubeconfig' || option.long === '--output-file' || option.long === '--junit' || option.long === '--config' || option.long === '--certificate-authority' };
    }
    if (typed.startsWith('-')) {
      const names = sub.options.filter((o) => !o.hidden).flatMap((o) => [o.long, o.short]).filter((n): n is string => n !== undefined);
      return { candidates: [...names, '--help'].filter((n) => n.startsWith(typed)), files: false };
    }
    if (sub.name() === 'completion') return { candidates: ['bash', 'zsh', 'fish'].filter((s) => s.startsWith(typed)), files: false };
    if (sub.name() === 'capture' && !before.includes('pod')) return { candidates: ['pod'].filter((s) => s.startsWith(typed)), files: false };
    if (sub.name() === 'explain') return { candidates: STAGES.map((st) => `stage/${st}`).filter((id) => id.startsWith(typed)), files: false, lookup: { kind: 'Rule', prefix: '' } };
    if (sub.name() === 'lifecycle') return { candidates: STAGES.filter((st) => st.startsWith(typed)), files: false };
    const prefixes = TARGET_PREFIXES[sub.name()];
    // Names come from the cluster, never with -f (a dump is diagnosed, not the cluster).
    if (prefixes && !before.some((w) => w === '-f' || w === '--file' || w.startsWith('--file='))) return targets(sub.name(), prefixes, typed);
    return { candidates: [], files: sub.name() === 'analyze' };
  }
  if (typed.startsWith('-')) return { candidates: ['--help', '--version'].filter((n) => n.startsWith(typed)), files: false };
  return { candidates: commands.map((c) => c.name()).filter((n) => n.startsWith(typed)), files: false };
}

/** `pod <TAB>`: the workload prefixes and the Pods' names; `deploy/<TAB>`: the Deployments' names. */
function targets(command: string, prefixes: readonly string[], typed: string): Completion {
  const slash = typed.indexOf('/');
  if (slash >= 0) {
    const kind = targetKindOf(typed.slice(0, slash));
    // Only the kinds this command takes (gate waits for rollouts: no Service, CronJob or ReplicaSet).
    const takes = kind !== undefined && prefixes.some((p) => targetKindOf(p.slice(0, -1)) === kind);
    return { candidates: [], files: false, ...(takes ? { lookup: { kind, prefix: typed.slice(0, slash + 1) } } : {}) };
  }
  return { candidates: prefixes.filter((p) => p.startsWith(typed)), files: false, ...(command === 'gate' ? {} : { lookup: { kind: 'Pod', prefix: '' } }) };
}
