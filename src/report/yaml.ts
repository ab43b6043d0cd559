import { stringify } from 'yaml';
import type { Diagnosis, DiagnosisList } from '../engine/diagnosis.js';

/** The same document as JSON, as YAML. */
export function renderYaml(value: Diagnosis | DiagnosisList): string {
  return stringify(value, { lineWidth: 0 });
}
