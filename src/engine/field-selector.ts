import { UsageError } from '../errors.js';
import type { Diagnosis } from './diagnosis.js';

// kubectl's `--field-selector` for the Pod fields a diagnosis carries (the API server supports these and a
// few more for Pods). Workload rows have no Pod fields and never match a Pod field selector.
const FIELDS: Record<string, (d: Diagnosis) => string | undefined> = {
  'metadata.name': (d) => d.pod?.name,
  'metadata.namespace': (d) => d.pod?.namespace,
  'spec.nodeName': (d) => (d.pod ? (d.pod.node ?? '') : undefined),
  'status.phase': (d) => (d.pod ? (d.pod.phase ?? '') : undefined),
};

/** `--field-selector status.phase!=Running,spec.nodeName=node-1` as a test on diagnoses. */
export function parseFieldSelector(text: string): (d: Diagnosis) => boolean {
  const tests = text.split(',').map((part) => {
    const m = /^\s*([\w.]+)\s*(==|=|!=)\s*([^,]*?)\s*$/.exec(part);
    if (!m) throw new UsageError(`cannot read the field selector "${text}"`, { hint: 'e.g. --field-selector status.phase!=Running,spec.nodeName=node-1' });
    const [, field, op, value] = m as unknown as [string, string, string, string];
    const get = FIELDS[field];
    if (!get) throw new UsageError(`field label not supported: ${field}`, { hint: `kdiag selects Pods on: ${Object.keys(FIELDS).join(', ')}` });
    return (d: Diagnosis) => {
      const got = get(d);
      return got !== undefined && (op === '!=' ? got !== value : got === value);
    };
  });
  return (d) => tests.every((t) => t(d));
}
