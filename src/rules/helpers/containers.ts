import type { ContainerFacts } from '../../model/containers.js';
import type { PodFacts } from '../../model/facts.js';

/** True when some container waits with this reason (no allocation: rules test this before anything else). */
export function anyWaiting(pod: PodFacts, reason: string): boolean {
  for (const c of pod.containers) if (c.waiting?.reason === reason) return true;
  return false;
}

/** Containers whose current waiting reason is one of `reasons`. */
export function waitingWith(pod: PodFacts, reasons: string | readonly string[]): ContainerFacts[] {
  const wanted = typeof reasons === 'string' ? [reasons] : reasons;
  return pod.containers.filter((c) => c.waiting && wanted.includes(c.waiting.reason));
}

/** `init container "x"`, `sidecar "x"` or `container "x"`, for messages. */
export function describeContainer(c: ContainerFacts): string {
  const noun = c.kind === 'init' ? 'init container' : c.kind === 'sidecar' ? 'sidecar container' : c.kind === 'ephemeral' ? 'ephemeral container' : 'container';
  return `${noun} "${c.name}"`;
}

const SIGNALS: Record<number, string> = { 1: 'SIGHUP', 2: 'SIGINT', 3: 'SIGQUIT', 4: 'SIGILL', 6: 'SIGABRT', 7: 'SIGBUS', 8: 'SIGFPE', 9: 'SIGKILL', 11: 'SIGSEGV', 13: 'SIGPIPE', 14: 'SIGALRM', 15: 'SIGTERM' };

/** What an exit code usually means (POSIX shell and signal conventions, plus containerd's own codes). */
export function explainExitCode(code: number): string {
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
