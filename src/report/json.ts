import type { Diagnosis, DiagnosisList } from '../engine/diagnosis.js';

// JSON.stringify escapes C0 controls only. C1 controls (U+0080–U+009F, e.g. U+009B CSI), DEL, the line
// separators and the bidi overrides pass through raw and can still steer a terminal that shows the JSON;
// `\uXXXX` escapes keep the parsed value the same.
const RAW_UNSAFE = /[\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/** The `kdiag/v1` JSON contract, pretty-printed; every control character is escaped. */
export function renderJson(value: Diagnosis | DiagnosisList | object): string {
  return JSON.stringify(value, null, 2).replace(RAW_UNSAFE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`) + '\n';
}
