// .ci/run and the test configurations name only test files that exist (a renamed test must not leave CI
// installing a tool for, or describing, a file that is gone).
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NODE_VERSION_DIRS, nodeVersionFiles } from '../../vitest.node-versions.config.js';

const ROOT = resolve(import.meta.dirname, '../..');
const named = (text: string): string[] => [...new Set(text.match(/\btest\/[\w./-]+\.(?:test\.)?(?:ts|mjs|sh|json)\b/g) ?? [])];

describe('files named by CI', () => {
  for (const file of ['.ci/run', 'CONTRIBUTING.md', 'test/skips.json']) {
    it(`${file} names only test files that exist`, () => {
      const names = named(readFileSync(resolve(ROOT, file), 'utf8'));
      expect(names.filter((n) => !existsSync(resolve(ROOT, n)))).toEqual([]);
    });
  }

  it('the Node-version subset: its directories exist, marked files join it, pure-logic files stay out', () => {
    for (const d of NODE_VERSION_DIRS) expect(existsSync(resolve(ROOT, d)), d).toBe(true);
    const files = nodeVersionFiles();
    expect(files).toContain('test/e2e/code-cache.test.ts');
    expect(files).toContain('test/hostile/h2.test.ts');
    expect(files).toContain('test/hardening/corpus.test.ts'); // by its `// node-versions:` line
    expect(files).not.toContain('test/hardening/properties.test.ts');
    expect(files).toContain('test/hostile/memory.test.ts'); // peak RSS: each major's own process, read as VmHWM
    expect(files.some((f) => f.startsWith('test/rules/'))).toBe(false);
  });
});
