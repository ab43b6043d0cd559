import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderRuleCatalogue } from '../../src/report/rule-docs.js';

describe('docs/rules.md', () => {
  it('is generated from the rules and up to date (run: node scripts/gen-rule-docs.mjs)', () => {
    const onDisk = readFileSync(resolve(import.meta.dirname, '../../docs/rules.md'), 'utf8');
    expect(onDisk).toBe(renderRuleCatalogue());
  });
});
