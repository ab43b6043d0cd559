import type { RevisionMessages } from './revision-messages.js';

const REASON = {
  'image-fails': 'the new image is the one that cannot be pulled',
  'named-in-failure': 'the failure names what changed here',
  'memory-lowered': 'the memory limit was lowered and the container is OOM-killed',
  'probe-changed': 'the probe that fails was changed',
  'command-changed': 'what the container starts changed and the runtime cannot start it',
  'may-explain': 'the container crashes and this changed what it runs with',
  'placement-changed': 'what the scheduler matches on changed',
} as const;

export const revisionsEn: RevisionMessages = {
  heading: 'What changed',
  revision: ({ source, revision, name }) => (revision === undefined ? `${source} ${name}` : `revision ${revision} (${source} ${name})`),
  short: ({ revision, name }) => (revision === undefined ? name : `revision ${revision}`),
  compared: ({ to, from, evidence, count, ranFor, next }) => {
    const why =
      evidence === 'ready-pods'
        ? `the last that worked: ${count ?? 0} of its Pods Ready in the input`
        : evidence === 'available-replicas'
          ? `the last that worked: its ReplicaSet counts ${count ?? 0} available`
          : evidence === 'completed'
            ? 'the last run that completed'
            : 'the one before (nothing in the input shows whether it worked)';
    return `${to} against ${from}, ${why}${ranFor ? `; it ran ${ranFor} before ${next}` : ''}`;
  },
  missing: ({ to, missing, source }) =>
    missing === 'first-revision'
      ? `${to} is the first: there is nothing to compare with`
      : missing === 'no-history'
        ? `${to}: the revision history is missing (no ${source}s in the input), so nothing shows what changed; include ${source.toLowerCase()}s in the dump`
        : `${to}: no earlier revision in the input`,
  nothingChanged: 'nothing in the Pod template changed but what is left out as noise',
  added: 'added',
  removed: 'removed',
  valueChanged: 'value changed (values not shown)',
  noise: ({ items }) => `left out as noise: ${items}`,
  link: ({ reason, confidence, rule }) => `↳ tied to the cause (${confidence} confidence, ${rule}): ${REASON[reason]}`,
  wayBack: ({ revision }) => `Way back to ${revision}:`,
  summary: ({ since, fields }) => `what changed since ${since}: ${fields}`,
  tiedShort: ({ field, confidence }) => `${field} (tied to the cause, ${confidence} confidence)`,
  more: ({ n }) => `… ${n} more changed fields (-o json lists them all)`,
};
