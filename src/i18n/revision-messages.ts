import type { GoodEvidence } from '../revisions/last-good.js';
import type { LinkReason } from '../revisions/cause-link.js';
import type { RevisionSource } from '../revisions/workload-revisions.js';

/** What the reports say about a failing revision and the one before it (`Messages.revisions`). */
export interface RevisionMessages {
  /** The heading of the section. */
  heading: string;
  /** A revision as people name it: `revision 7 (ReplicaSet web-6f7c9d8b5)`, or a CronJob's run `Job web-29012345`. */
  revision(p: { source: RevisionSource; revision?: number; name: string }): string;
  /** A revision named briefly, once the full name was given: `revision 7`, or the Job's name. */
  short(p: { revision?: number; name: string }): string;
  /** The line under the heading: what is compared with what, and what shows the older one worked. */
  compared(p: { to: string; from: string; evidence: GoodEvidence; count?: number; ranFor?: string; next: string }): string;
  /** Nothing to compare with: the current revision is the first, the older ones are not in the input, or no revision is (`no-history`: `source` names the kind to add). */
  missing(p: { to: string; missing: 'first-revision' | 'no-earlier-revision' | 'no-history'; source: RevisionSource }): string;
  /** Only noise differs (a `kubectl rollout restart`). */
  nothingChanged: string;
  added: string;
  removed: string;
  /** An env value that changed: neither value is shown. */
  valueChanged: string;
  /** Before the differences left out: `left out as noise: annotation kubectl.kubernetes.io/restartedAt`. */
  noise(p: { items: string }): string;
  /** Under a field tied to the cause. */
  link(p: { reason: LinkReason; confidence: string; rule: string }): string;
  /** Before the undo command. */
  wayBack(p: { revision: string }): string;
  /** The gate summary's line: `what changed since revision 6: ~ containers[app].image (tied to the cause, high confidence)`. */
  summary(p: { since: string; fields: string }): string;
  /** The field the cause is tied to, in the summary line: `~ containers[app].image (tied to the cause, high confidence)`. */
  tiedShort(p: { field: string; confidence: string }): string;
  /** More changed fields than shown. */
  more(p: { n: number }): string;
}
