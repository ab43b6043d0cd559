import type { ContainerRef, ExitRef, SharedMessages } from './types.js';

export const noun = ({ kind, name }: ContainerRef): string =>
  `${kind === 'init' ? 'init container' : kind === 'sidecar' ? 'sidecar container' : kind === 'ephemeral' ? 'ephemeral container' : 'container'} "${name}"`;
export const cap = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * `1 node`, `3 nodes`: English plurals as Intl.PluralRules('en') gives them (one: the integer 1 or -1), without
 * its first call's ICU start-up.
 */
export const count = (n: number, one: string, other: string): string => `${n} ${Math.abs(n) === 1 ? one : other}`;

const SIGNALS: Record<number, string> = { 1: 'SIGHUP', 2: 'SIGINT', 3: 'SIGQUIT', 4: 'SIGILL', 6: 'SIGABRT', 7: 'SIGBUS', 8: 'SIGFPE', 9: 'SIGKILL', 11: 'SIGSEGV', 13: 'SIGPIPE', 14: 'SIGALRM', 15: 'SIGTERM' };

/**
 * What an exit code means, only where it is known: a signal's number (128 + N, the runtime's convention), the
 * runtime's own codes by their reason (StartError, Unknown), a shell's codes when the container runs a shell
 * (or an entrypoint kdiag cannot see, for 126 and 127), a Go panic when its message says so. Anything else is
 * the program's own: "exit code N", no guess (exit 2 of a Go panic is not "misuse of a shell builtin").
 */
export function exitMeaning(e: Pick<ExitRef, 'code' | 'reason' | 'runs' | 'goPanic'>): ExitMeaning | undefined {
  const code = e.code;
  if (code === undefined) return undefined;
  if (code === 0) return { kind: 'success' };
  if (code === 128 && e.reason === 'StartError') return { kind: 'start-error' };
  if (code === 255 && e.reason === 'Unknown') return { kind: 'lost' };
  if (code > 128 && code < 160) return { kind: 'signal', signal: code - 128, ...(SIGNALS[code - 128] ? { name: SIGNALS[code - 128] } : {}) };
  if (code === 2 && e.goPanic) return { kind: 'go-panic' };
  if (code === 2 && e.runs === 'shell') return { kind: 'shell-usage' };
  if ((code === 126 || code === 127) && e.runs !== 'program') return { kind: code === 126 ? 'not-executable' : 'not-found' };
  return undefined;
}

export type ExitMeaning =
  | { kind: 'success' | 'start-error' | 'lost' | 'go-panic' | 'shell-usage' | 'not-executable' | 'not-found' }
  | { kind: 'signal'; signal: number; name?: string };

function explainExitCode(m: ExitMeaning): string {
  switch (m.kind) {
    case 'success':
      return 'exited successfully';
    case 'start-error':
      return 'the process never started (containerd StartError)';
    case 'lost':
      return 'exit status lost (containerd Unknown)';
    case 'go-panic':
      return 'an unrecovered Go panic';
    case 'shell-usage':
      return "the shell's code for misuse of a builtin or bad arguments";
    case 'not-executable':
      return 'command found but not executable (permission denied or not a binary)';
    case 'not-found':
      return 'command not found (the shell could not find the executable)';
    case 'signal':
      return m.signal === 9
        ? 'killed by SIGKILL (OOM kill, or killed after the termination grace period)'
        : m.signal === 11
          ? 'killed by SIGSEGV (segmentation fault)'
          : m.signal === 15
            ? 'killed by SIGTERM (asked to stop: deletion, liveness restart, eviction)'
            : `killed by signal ${m.signal}${m.name ? ` (${m.name})` : ''}`;
  }
}

export const enShared: SharedMessages = {
  container: noun,
  Container: (c) => cap(noun(c)),
  exit: (e) => {
    const { recorded, reason, code } = e;
    if (!recorded) return 'exited (its last state is not recorded)';
    if (reason === 'OOMKilled') return `was OOMKilled${code !== undefined ? ` (exit code ${code})` : ''}`;
    if (code === undefined) return `terminated with reason ${reason ?? 'unknown'}`;
    const meaning = exitMeaning(e);
    return meaning ? `exited with code ${code} (${explainExitCode(meaning)})` : `exited with code ${code}`;
  },
  restarts: ({ restarts, backOff }) =>
    [restarts > 0 ? `restarted ${count(restarts, 'time', 'times')}` : '', backOff ? `the kubelet waits ${backOff} before the next try` : ''].filter(Boolean).join('; '),
  failingFor: ({ age }) => (age === undefined ? '' : `; failing for ${age}`),
  trace: ({ warning, events }) =>
    warning
      ? ` The last warning event, ${warning.age} ago, says ${warning.reason}: ${JSON.stringify(warning.message)}.`
      : events
        ? ' No warning event says why.'
        : ' No event says why (none were captured, or they have expired: events are kept about an hour).',
};
