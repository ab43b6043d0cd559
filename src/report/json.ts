import type { Diagnosis, DiagnosisList } from '../engine/diagnosis.js';

/** The `kdiag/v1` JSON contract, pretty-printed; control characters are escaped by JSON itself. */
export function renderJson(value: Diagnosis | DiagnosisList | object): string {
  return JSON.stringify(value, null, 2) + '\n';
}
