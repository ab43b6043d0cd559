import type { Diagnosis, DiagnosisList } from '../engine/diagnosis.js';
import { neutralizeOutput, UNSAFE_CHARACTERS } from '../text/neutralize.js';
import { inBatches } from './batches.js';

// JSON.stringify escapes C0 controls only. C1 controls (U+0080–U+009F, e.g. U+009B CSI), DEL, the line
// separators and the bidi overrides pass through raw and can still steer a terminal that shows the JSON;
// `\uXXXX` escapes keep the parsed value the same.
const RAW_UNSAFE = /[\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

const escapeChar = (c: string): string => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
const escapeUnsafe = (text: string): string => text.replace(RAW_UNSAFE, escapeChar);
/** One of RAW_UNSAFE's characters (a match of UNSAFE_CHARACTERS, which holds them all). */
const RAW_UNSAFE_ONE = new RegExp(`^${RAW_UNSAFE.source}$`);
const isRawUnsafe = (c: string): boolean => RAW_UNSAFE_ONE.test(c);

/**
 * `neutralizeOutput(escapeUnsafe(json))`, the text the last pass before stdout would write, in one scan when
 * nothing is left for that pass to change (nearly always): a list written in pieces is then not scanned again
 * (two scans of every piece were a twentieth of a large `analyze -o json`).
 */
function neutralJson(json: string): string {
  let left = false;
  const escaped = json.replace(UNSAFE_CHARACTERS, (c) => {
    if (isRawUnsafe(c)) return escapeChar(c);
    left = true;
    return c;
  });
  return left || escaped.includes('::') || escaped.includes('##') ? neutralizeOutput(escaped) : escaped;
}

/** The `kdiag/v1` JSON contract, pretty-printed; every control character is escaped. */
export function renderJson(value: Diagnosis | DiagnosisList | object): string {
  return escapeUnsafe(JSON.stringify(value, null, 2)) + '\n';
}

/**
 * The same text as `neutralizeOutput(renderJson(list))`, in pieces of about `per` items, so a list of
 * 150,000 Pods is written as it is rendered instead of as one string of hundreds of megabytes: each piece
 * is already as the last pass before stdout would write it. `list` is the list without its items (its
 * visibility fields), `items` what goes in it.
 */
export function* renderJsonListChunks(list: DiagnosisList, items: Iterable<Diagnosis>, per = 256): Generator<string> {
  const parts = jsonListParts(list);
  // The last batch is held back so the list's closing goes out with it.
  let pending: string | undefined;
  for (const batch of inBatches(items, per)) {
    if (pending !== undefined) yield pending;
    pending = `${pending === undefined ? parts.head : ','}${parts.batch(batch)}`;
  }
  yield pending === undefined ? parts.empty : `${pending}${parts.tail}`;
}

/** A list's text in three parts (head, batches of items, tail), for a writer whose items arrive over time. */
export interface ListParts {
  /** Everything before the first item (it does not depend on the list's notes or unreadable kinds). */
  head: string;
  /** One batch of items; `first`: the first batch of the list. */
  batch: (items: Diagnosis[], first?: boolean) => string;
  /** Everything after the last item. */
  tail: string;
  /** The whole list when it has no item (written instead of head and tail). */
  empty: string;
}

/** `renderJsonListChunks`'s parts, each neutralised: `list` is the list without its items; its notes go in the tail. */
export function jsonListParts(list: DiagnosisList): ListParts {
  const shell = renderJson({ ...list, items: [] });
  const at = shell.indexOf('"items": []') + '"items": ['.length;
  const head = shell.slice(0, at);
  const rest = shell.slice(at + 1);
  // Each batch is one JSON.stringify of `{ items }`, whose elements sit at the list's own indentation.
  const open = '{\n  "items": ['.length;
  const close = '\n  ]\n}'.length;
  // Each part is neutral on its own: no escape sequence or workflow command can span two (every part
  // begins with a comma, a newline or the list's head, and ends with a bracket or a brace).
  return {
    head: neutralizeOutput(head),
    batch: (batch, first = true) => `${first ? '' : ','}${neutralJson(JSON.stringify({ items: batch }, null, 2).slice(open, -close))}`,
    tail: neutralizeOutput(`\n  ]${rest}`),
    empty: neutralizeOutput(shell),
  };
}
