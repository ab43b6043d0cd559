// A large kubectl-style YAML List read in two parts, one on another thread (src/sources/parallel-read.ts): the
// text is cut at an item boundary, each part is read by the kubectl reader, and the parts are joined only when
// together they are exactly what the whole text reads as. Anything else is the serial reader's, as before.
import { MAX_NAME, normalizeObject } from '../model/normalize.js';
import type { KObject } from '../model/k8s.js';
import { isSnapshotKind } from '../model/snapshot.js';
import { otherPolicyName } from './other-policies.js';

/** The two parts: `head` (the List's keys up to `items:` and the first items), `rest` (the other items and the keys after them, under their own `items:`). */
export interface ListParts {
  head: string;
  rest: string;
}

const ITEMS = 'items:\n';

/**
 * Cuts `text` at the first item that starts at or after `share` of its items' text, or undefined when it is
 * not laid out as kubectl writes a List: `items:` at the start of a line with its sequence under it, each
 * item a line starting `- `. A line starting `- ` ends anything the kubectl reader reads inside the item
 * before it (block, plain and quoted scalars all need more indentation), so each part reads as it does in
 * the whole; the joining (`joinListParts`) checks the rest.
 */
export function splitList(text: string, share: number): ListParts | undefined {
  if (text.includes('\r')) return undefined; // CRLF is converted by the reader first: the serial path keeps it simple
  const at = text.startsWith(ITEMS) ? 0 : text.indexOf(`\n${ITEMS}`) + 1;
  if (at <= 0 && !text.startsWith(ITEMS)) return undefined;
  const start = at + ITEMS.length;
  if (!text.startsWith('- ', start)) return undefined;
  const cut = text.indexOf('\n- ', start + Math.floor((text.length - start) * share));
  if (cut < 0) return undefined;
  return { head: text.slice(0, cut + 1), rest: ITEMS + text.slice(cut + 1) };
}

/**
 * The whole text's documents from its parts' (each as the kubectl reader gives them), or undefined when they
 * do not make one List the way the whole text would: each part exactly one mapping, the head's last key
 * `items` (the cut fell inside the items, not after them), the rest's first key `items` and none of its
 * other keys also in the head (the whole text would hold it twice: the careful reader's).
 */
export function joinListParts(head: unknown[] | undefined, rest: unknown[] | undefined): unknown[] | undefined {
  if (!head || !rest || head.length !== 1 || rest.length !== 1) return undefined;
  const list = head[0];
  const more = rest[0];
  if (!isMapping(list) || !isMapping(more)) return undefined;
  const headKeys = Object.keys(list);
  const restKeys = Object.keys(more);
  if (headKeys[headKeys.length - 1] !== 'items' || restKeys[0] !== 'items') return undefined;
  const items = list['items'];
  const moreItems = more['items'];
  if (!Array.isArray(items) || !Array.isArray(moreItems)) return undefined;
  for (let i = 1; i < restKeys.length; i++) if (Object.hasOwn(list, restKeys[i]!)) return undefined;
  for (let i = 0; i < moreItems.length; i++) items.push(moreItems[i]);
  for (let i = 1; i < restKeys.length; i++) list[restKeys[i]!] = more[restKeys[i]!];
  return head;
}

function isMapping(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** Whether a document read as a List is added item by item (SnapshotBuilder.add's test), so its items may be prepared ahead. */
export function addedAsList(doc: unknown): boolean {
  if (!isMapping(doc) || !Array.isArray(doc['items'])) return false;
  const kind = typeof doc['kind'] === 'string' ? doc['kind'] : '';
  return kind === 'List' || kind.endsWith('List') || kind === '';
}

/**
 * Normalises the items SnapshotBuilder.add would normalise unchanged by anything it reads first (its kind,
 * not a List, a log or another policy kind; a namespace its list reads as it is), and marks them (1) so the
 * builder does not again; the others (0) it handles as always.
 */
export function prepareListItems(items: readonly unknown[]): Uint8Array {
  const marks = new Uint8Array(items.length);
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    if (!isMapping(item)) continue;
    const obj = item as KObject;
    const kind = obj.kind;
    if (typeof kind !== 'string' || !isSnapshotKind(kind) || kind.endsWith('List') || otherPolicyName(obj) !== undefined) continue;
    const meta = obj.metadata as unknown;
    if (meta !== undefined && !(isMapping(meta) && (meta['namespace'] === undefined || (typeof meta['namespace'] === 'string' && meta['namespace'].length <= MAX_NAME)))) continue;
    normalizeObject(obj);
    marks[i] = 1;
  }
  return marks;
}
