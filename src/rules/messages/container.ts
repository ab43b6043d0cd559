import type { ContainerRef } from './types.js';
import { cap, noun } from './en-shared.js';

/** The container stage rules' messages and fix steps. */
export interface ContainerMessages {
  hookFailed: {
    /** The title of a preStop failure (the rule's own title names lifecycle hooks in general). */
    preStopTitle(): string;
  };
  crashLoop: {
    message(p: { container: ContainerRef; mode: 'loop' | 'first' | 'again'; exit: string; terminationMessage: string; restarts: string }): string;
    remediation(p: { logs: string; namespace: string; pod: string }): string[];
  };
}

export const enContainer: ContainerMessages = {
  hookFailed: {
    preStopTitle: () => 'Container preStop hook failed',
  },
  crashLoop: {
    message: ({ container, mode, exit, terminationMessage, restarts }) =>
      `${cap(noun(container))} ${mode === 'loop' ? 'is crash-looping' : mode === 'first' ? 'crashed' : 'keeps crashing'}: it ${exit}${terminationMessage ? `, message "${terminationMessage}"` : ''}${restarts ? `; ${restarts}` : ''}.`,
    remediation: ({ logs, namespace, pod }) => [
      `Read why the last instance exited: ${logs}`,
      `See the exit code, message and events: kubectl describe pod -n ${namespace} ${pod}`,
      'Fix the cause the logs show (configuration, environment, arguments, an unreachable dependency); the kubelet restarts it by itself with back-off.',
    ],
  },
};
