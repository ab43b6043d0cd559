import { Document, visit } from 'yaml';
import type { Diagnosis, DiagnosisList } from '../engine/diagnosis.js';

// The YAML stringifier escapes C0 controls in double-quoted strings but writes C1 controls, DEL, the line
// separators and the bidi overrides raw (and U+0085/U+2028 raw inside double quotes even fold to a space
// when read back). Strings holding any of them are forced into double quotes, where `\uXXXX` is exact.
const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
// Strings a YAML 1.1 reader (PyYAML, Go's yaml.v2, Ruby) would turn into a timestamp or a boolean are quoted.
const YAML11_TYPED = /^(?:\d{4}-\d\d?-\d\d?(?:[Tt ]|$)|(?:y|Y|yes|Yes|YES|n|N|no|No|NO|on|On|ON|off|Off|OFF)$)/;
const RAW_UNSAFE = /[\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/** The same document as JSON, as YAML. */
export function renderYaml(value: Diagnosis | DiagnosisList): string {
  const doc = new Document(value);
  visit(doc, {
    Scalar(_, node) {
      if (typeof node.value === 'string' && (UNSAFE.test(node.value) || YAML11_TYPED.test(node.value))) node.type = 'QUOTE_DOUBLE';
    },
  });
  return doc.toString({ lineWidth: 0 }).replace(RAW_UNSAFE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
