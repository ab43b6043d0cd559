import type { ContainerSpec } from '../../model/k8s.js';

/** What a container runs, quoted as one short line (`sh -c "until nslookup db; do sleep 2; done"`), or '' when the spec does not say. */
export function runsText(spec: ContainerSpec): string {
  const words = [...strings(spec.command), ...strings(spec.args)];
  if (words.length === 0) return '';
  const line = words.map((w) => (/[\s"]/.test(w) ? JSON.stringify(w) : w)).join(' ').replace(/\s+/g, ' ');
  return `\`${line.length > 160 ? `${line.slice(0, 160)}…` : line}\``;
}

function strings(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
}
