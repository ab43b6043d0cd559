import type { ContainerRef, SharedMessages } from './types.js';

export const noun = ({ kind, name }: ContainerRef): string =>
  `${kind === 'init' ? 'init container' : kind === 'sidecar' ? 'sidecar container' : kind === 'ephemeral' ? 'ephemeral container' : 'container'} "${name}"`;
export const cap = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * `1 node`, `3 nodes`: English plurals as Intl.PluralRules('en') gives them (one: the integer 1 or -1), without
 * its first call's ICU start-up.
 */
export const count = (n: number, one: string, other: string): string => `${n} ${Math.abs(n) === 1 ? one : other}`;

const SIGNALS: Record<number, string> = { 1: 'SIGHUP', 2: 'SIGINT', 3: 'SIGQUIT', 4: 'SIGILL', 6: 'SIGABRT', 7: 'SIGBUS', 8: 'SIGFPE', 9: 'SIGKILL', 11: 'SIGSEGV', 13: 'SIGPIPE', 14: 'SIGALRM', 15: 'SIGTERM' };

/** What an exit code usually means (POSIX shell and signal conventions, plus containerd's own codes). */
function explainExitCode(code: number): string {
  switch (code) {
    case 0:
      return 'exited successfully';
    case 1:
      return 'a generic application error';
    case 2:
      return 'misuse of a shell builtin or bad command-line arguments';
    case 126:
      return 'command found but not executable (permission denied or not a binary)';
    case 127:
      return 'command not found (the shell could not find the executable)';
    case 128:
      return 'the process never started (containerd StartError)';
    case 137:
      return 'killed by SIGKILL (OOM kill, or killed after the termination grace period)';
    case 139:
      return 'killed by SIGSEGV (segmentation fault)';
    case 143:
      return 'killed by SIGTERM (asked to stop: deletion, liveness restart, eviction)';
    case 255:
      return 'exit status lost (containerd Unknown) or the application exited with -1';
    default:
      if (code > 128 && code < 160) {
        const sig = code - 128;
        return `killed by signal ${sig}${SIGNALS[sig] ? ` (${SIGNALS[sig]})` : ''}`;
      }
      return 'an application-specific error code';
  }
}

export const enShared: SharedMessages = {
  container: noun,
  Container: (c) => cap(noun(c)),
  exit: ({ recorded, reason, code, hasMessage }) => {
    if (!recorded) return 'exited (its last state is not recorded)';
    if (reason === 'OOMKilled') return `was OOMKilled${code !== undefined ? ` (exit code ${code})` : ''}`;
    if (code === undefined) return `terminated with reason ${reason ?? 'unknown'}`;
    if (code === 2 && hasMessage) return 'exited with code 2';
    return `exited with code ${code} (${explainExitCode(code)})`;
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
