import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** `# expect: pod=NAME status=S stage=S rule=ID` header lines of a fixture. */
export interface Expectation {
  /** Optional: a scenario with one Pod (or one Pod marked `kdiag.io/scenario-subject`) needs no name. */
  pod?: string;
  /** Defaults to failing. */
  status?: string;
  stage: string;
  rule: string;
}

export function readExpectations(file: string): Expectation[] {
  const head = readFileSync(file, 'utf8').split('\n').slice(0, 40);
  return head
    .filter((l) => l.startsWith('# expect:'))
    .map((l) => Object.fromEntries(l.slice('# expect:'.length).trim().split(/\s+/).map((kv) => kv.split('=') as [string, string])) as unknown as Expectation);
}

export function fixtureFiles(dir: string): string[] {
  try {
    return readdirSync(dir)
      .filter((f) => /\.(ya?ml|json)$/.test(f))
      .sort()
      .map((f) => join(dir, f));
  } catch {
    return [];
  }
}

/**
 * The Pod an expectation is about: the named one, else the one labelled `kdiag.io/scenario-subject`,
 * else the least healthy Pod of the dump (a Deployment scenario cannot name the replica that fails).
 */
export function subjectPod<T extends { metadata?: { name?: string; labels?: Record<string, string> } }>(
  pods: readonly T[],
  name: string | undefined,
  statusOf: (pod: T) => string,
): T | undefined {
  if (name) return pods.find((p) => p.metadata?.name === name);
  const marked = pods.find((p) => p.metadata?.labels?.['kdiag.io/scenario-subject'] === 'true');
  if (marked) return marked;
  const rank: Record<string, number> = { failing: 0, progressing: 1, healthy: 2 };
  return [...pods].sort((a, b) => (rank[statusOf(a)] ?? 3) - (rank[statusOf(b)] ?? 3))[0];
}
