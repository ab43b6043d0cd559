import type { ContainerFacts } from '../model/containers.js';
import type { PodFacts } from '../model/facts.js';
import type { Evidence, Finding } from '../rules/types.js';

/** Lines a person reads first: the ones that say what went wrong. */
const MEANINGFUL = /\b(?:error|err|fatal|panic|exception|traceback|denied|refused|not found|no such|cannot|can't|could not|couldn't|failed|failure|invalid|missing|unable|timeout|timed out|killed|segmentation fault|oom)\b/i;
// Rules of dashes, boxes, ASCII art, "=== starting ===": no words a person needs.
const BANNER = /^[\s\-=*#_~+.|/\\<>:;`'"^]*$|^[\s\-=*#_~+.|/\\]{3,}.*[\s\-=*#_~+.|/\\]{3,}$/;
const LINE_MAX = 300;

/**
 * The last meaningful lines of a log: blank and banner lines dropped, lines that name an error preferred
 * (in their original order), at most `max` of them, each clipped. Empty when the log says nothing.
 */
export function meaningfulLines(log: string, max: number): string[] {
  if (max <= 0) return [];
  const lines = log
    .split(/\r?\n/)
    .map((l) => l.trimEnd())
    .filter((l) => l.trim() !== '' && !BANNER.test(l));
  if (lines.length === 0) return [];
  const errors: number[] = [];
  for (let i = 0; i < lines.length; i++) if (MEANINGFUL.test(lines[i]!)) errors.push(i);
  // The last error lines, or (when none names an error) the last lines: what the process said before it ended.
  const picked = errors.length > 0 ? errors.slice(-max) : lines.map((_, i) => i).slice(-max);
  return picked.map((i) => clipLine(lines[i]!));
}

function clipLine(line: string): string {
  return line.length <= LINE_MAX ? line : `${line.slice(0, LINE_MAX)}…`;
}

/** Containers whose log explains a stop: a terminated instance now or before (crash loop, failed init, failed Job Pod). */
function stoppedContainers(pod: PodFacts): ContainerFacts[] {
  return pod.containers.filter((c) => c.terminated || c.lastTerminated);
}

/** The container names a finding's status evidence points at (`status.containerStatuses[name=app]…`). */
function containersOf(f: Finding): Set<string> {
  const names = new Set<string>();
  for (const e of f.evidence) {
    const m = /Statuses\[name=([^\]]*)\]/.exec(e.path ?? '');
    if (m) names.add(m[1]!);
  }
  return names;
}

/** Whether the log read is the stopped instance itself (current) or the one before it (previous). */
function which(c: ContainerFacts): 'previous' | 'current' {
  return c.terminated ? 'current' : 'previous';
}

/**
 * Adds the last meaningful log lines of each stopped container to the first error/warning finding about
 * that container (source "log"). Pure: returns new findings, the snapshot's logs are only read.
 * `logs` holds tails keyed `namespace/pod/container`, already redacted by the source.
 */
export function withLogEvidence(pod: PodFacts, findings: readonly Finding[], logs: Readonly<Record<string, string>>, maxLines: number): Finding[] {
  if (maxLines <= 0 || findings.length === 0) return findings as Finding[];
  const stopped = stoppedContainers(pod).filter((c) => typeof logs[`${pod.namespace}/${pod.name}/${c.name}`] === 'string');
  if (stopped.length === 0) return findings as Finding[];
  const out = [...findings];
  for (const c of stopped) {
    const at = out.findIndex((f) => f.severity !== 'info' && containersOf(f).has(c.name));
    if (at < 0) continue;
    const lines = meaningfulLines(logs[`${pod.namespace}/${pod.name}/${c.name}`]!, maxLines);
    if (lines.length === 0) continue;
    const evidence: Evidence = {
      source: 'log',
      path: `logs/${c.name}${which(c) === 'previous' ? ' (previous)' : ''}`,
      text: `${which(c) === 'previous' ? 'previous log' : 'log'} of ${c.name}:${lines.length === 1 ? ` ${lines[0]}` : `\n${lines.join('\n')}`}`,
    };
    out[at] = { ...out[at]!, evidence: [...out[at]!.evidence, evidence] };
  }
  return out;
}
