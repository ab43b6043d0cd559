import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** `# expect: pod=NAME status=S stage=S rule=ID` header lines of a fixture. */
export interface Expectation {
  pod: string;
  status: string;
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
