import type { Finding } from '../rules/types.js';
import type { Diagnosis } from './diagnosis.js';

/**
 * The cluster a live run read, as the user named it (`--context`, `--kubeconfig`, or each context of a scan
 * over several): the commands kdiag prints ("Where to look", fix steps, the way back) must act on that same
 * cluster when pasted, not on whatever the shell's current context is.
 */
export interface CommandTarget {
  context?: string;
  kubeconfig?: string;
}

/** kubectl's subcommands that kdiag's commands use, and kdiag's own: what makes "kubectl …" a command, not prose. */
export const KUBECTL_VERBS = 'get|describe|logs|set|create|delete|apply|auth|rollout|top|exec|debug|patch|edit|label|annotate|scale|cordon|uncordon|drain|taint|cluster-info|config|events|wait|port-forward|api-resources|explain';
export const KDIAG_COMMANDS = 'pod|analyze|scan|gate|capture|rbac|rules|lifecycle|explain|version|completion';

/** A command of kubectl's or kdiag's (a subcommand or a flag after the name), where the cluster flags go. */
const TOOL = new RegExp(`(?<=^|[\\s(:：\`])(?:kubectl(?= (?:(?:${KUBECTL_VERBS})(?![\\w-])|-))|kdiag(?= (?:(?:${KDIAG_COMMANDS})(?![\\w-])|-)))`, 'g');

/** A word as a POSIX shell reads it back unchanged: bare when it is plain, else in single quotes. */
export function shellWord(word: string): string {
  return /^[A-Za-z0-9@%_+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/** The flags that name the target cluster, in the order kubectl prints them (empty: nothing to add). */
function targetFlags(target: CommandTarget): string {
  return [...(target.kubeconfig ? [`--kubeconfig ${shellWord(target.kubeconfig)}`] : []), ...(target.context ? [`--context ${shellWord(target.context)}`] : [])].join(' ');
}

/** `kubectl logs …` → `kubectl --context prod logs …` in a line of text; a line that already names a context is kept. */
export function aimCommand(text: string, target: CommandTarget): string {
  const flags = targetFlags(target);
  if (!flags || /(?:^|\s)--context[\s=]/.test(text)) return text;
  return text.replace(TOOL, (tool) => `${tool} ${flags}`);
}

/** The diagnosis with every command it prints aimed at `target`: fix steps, where to look, the way back. */
export function aimDiagnosis(d: Diagnosis, target: CommandTarget): Diagnosis {
  if (!targetFlags(target)) return d;
  const aim = (text: string): string => aimCommand(text, target);
  const finding = <F extends Finding>(f: F): F => ({ ...f, remediation: f.remediation.map(aim) });
  return {
    ...d,
    ...(d.stageOwner ? { stageOwner: { ...d.stageOwner, commands: d.stageOwner.commands.map(aim) } } : {}),
    findings: d.findings.map(finding),
    ...(d.suppressed ? { suppressed: d.suppressed.map(finding) } : {}),
    ...(d.change?.undo ? { change: { ...d.change, undo: aim(d.change.undo) } } : {}),
    ...(d.traffic ? { traffic: { ...d.traffic, findings: d.traffic.findings.map(finding) } } : {}),
  };
}

/** What a live run's flags name: only what the user gave (the shell's current context is already the default). */
export function commandTarget(opts: { context?: string | string[]; kubeconfig?: string }): CommandTarget {
  const context = typeof opts.context === 'string' ? opts.context : undefined;
  return { ...(context ? { context } : {}), ...(opts.kubeconfig ? { kubeconfig: opts.kubeconfig } : {}) };
}
