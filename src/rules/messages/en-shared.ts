import { explainExitCode } from '../helpers/containers.js';
import type { ContainerRef, SharedMessages } from './types.js';

export const noun = ({ kind, name }: ContainerRef): string =>
  `${kind === 'init' ? 'init container' : kind === 'sidecar' ? 'sidecar container' : kind === 'ephemeral' ? 'ephemeral container' : 'container'} "${name}"`;
export const cap = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

/** `1 node`, `3 nodes`: English plurals through Intl.PluralRules. */
const plural = new Intl.PluralRules('en');
export const count = (n: number, one: string, other: string): string => `${n} ${plural.select(n) === 'one' ? one : other}`;

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
