import type { Evidence } from '../types.js';

/** Evidence read from a status or spec field: `path: value` (strings shown as they are, others as JSON). */
export function fieldEvidence(source: string, path: string, value: unknown): Evidence {
  const shown = typeof value === 'string' ? value : JSON.stringify(value ?? null);
  return { source, path, text: `${path}: ${shown}` };
}
