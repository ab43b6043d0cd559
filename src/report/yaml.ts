import { Document, visit } from 'yaml';
import type { Diagnosis, DiagnosisList } from '../engine/diagnosis.js';
import { inBatches } from './batches.js';
import type { ListParts } from './json.js';

// The YAML stringifier escapes C0 controls in double-quoted strings but writes C1 controls, DEL, the line
// separators and the bidi overrides raw (and U+0085/U+2028 raw inside double quotes even fold to a space
// when read back). Strings holding any of them are forced into double quotes, where `\uXXXX` is exact.
const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
// Strings a YAML 1.1 reader (PyYAML, Go's yaml.v2, Ruby) would turn into a timestamp or a boolean are quoted.
const YAML11_TYPED = /^(?:\d{4}-\d\d?-\d\d?(?:[Tt ]|$)|(?:y|Y|yes|Yes|YES|n|N|no|No|NO|on|On|ON|off|Off|OFF)$)/;
const RAW_UNSAFE = /[\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/**
 * The same document as JSON, as YAML. Objects that appear twice (a workload's row repeats its Pods'
 * findings) are written out each time, as in JSON, never as anchors and aliases: every item stands alone,
 * so a list can be written item by item and read with tools that do not follow aliases.
 */
export function renderYaml(value: Diagnosis | DiagnosisList | object): string {
  const doc = new Document(value, { aliasDuplicateObjects: false });
  visit(doc, {
    Scalar(_, node) {
      if (typeof node.value === 'string' && (UNSAFE.test(node.value) || YAML11_TYPED.test(node.value))) node.type = 'QUOTE_DOUBLE';
    },
  });
  return doc.toString({ lineWidth: 0 }).replace(RAW_UNSAFE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * The same text as `renderYaml(list)`, in pieces of about `per` items (one YAML document of a few items at
 * a time, never the whole list's): `list` is the list without its items, `items` what goes in it.
 */
export function* renderYamlListChunks(list: DiagnosisList, items: Iterable<Diagnosis>, per = 64): Generator<string> {
  const parts = yamlListParts(list);
  // The last batch is held back so the list's tail goes out with it.
  let pending: string | undefined;
  for (const batch of inBatches(items, per)) {
    if (pending !== undefined) yield pending;
    pending = `${pending === undefined ? parts.head : ''}${parts.batch(batch)}`;
  }
  yield pending === undefined ? parts.empty : `${pending}${parts.tail}`;
}

/** `renderYamlListChunks`'s parts (see ListParts): `list` is the list without its items; its notes go in the tail. */
export function yamlListParts(list: DiagnosisList): ListParts {
  const shell = renderYaml({ ...list, items: [] });
  const at = shell.search(/^items: \[\]\n/m);
  const head = `${shell.slice(0, at)}items:\n`;
  const rest = shell.slice(at + 'items: []\n'.length);
  return {
    head,
    // Each batch is `items:` and its elements at the list's own indentation; the key is cut off.
    batch: (batch) => renderYaml({ items: batch }).slice('items:\n'.length),
    tail: rest,
    empty: shell,
  };
}
