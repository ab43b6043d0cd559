// The V8 code cache is shared by every kdiag under one cache directory. Two checkouts (or installs) of the
// same bundle at two paths: a cache written by one made the other's --verbose stack traces name the first
// one's path. The cache file is keyed by the bundle's location as well as its content.
import { cpSync, mkdirSync, readdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { kdiag, ROOT } from '../support/cli.js';
import { tmp } from './server.js';

/** A copy of the built launcher and bundle at `dir` (node_modules linked, as an install would have it). */
function checkout(dir: string): string {
  mkdirSync(dir, { recursive: true });
  cpSync(join(ROOT, 'bin'), join(dir, 'bin'), { recursive: true });
  cpSync(join(ROOT, 'dist'), join(dir, 'dist'), { recursive: true });
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  return join(dir, 'bin', 'kdiag.js');
}

const cache = join(tmp, 'shared-cache');
const verbose = (bin: string): string => {
  const r = kdiag(['pod', 'x', '-f', join(tmp, 'missing.yaml'), '--verbose'], { launcher: bin, env: { HOME: tmp, XDG_CACHE_HOME: cache } });
  expect(r.code, r.stderr).toBe(2);
  return r.stderr;
};

describe('the V8 code cache of two checkouts of one bundle', () => {
  it("--verbose stack traces name the running checkout's bundle, never the one that wrote the cache", () => {
    const first = checkout(join(tmp, 'checkout-one'));
    const second = checkout(join(tmp, 'checkout-two'));
    verbose(first); // writes the cache
    expect(verbose(first)).toContain(join(tmp, 'checkout-one', 'dist', 'cli', 'main.cjs'));
    const stderr = verbose(second);
    expect(stderr).toMatch(/\n\s+at /);
    expect(stderr).toContain(join(tmp, 'checkout-two', 'dist', 'cli', 'main.cjs'));
    expect(stderr).not.toContain('checkout-one');
    // Each checkout has its own file; neither removed the other's.
    verbose(first);
    expect(readdirSync(join(cache, 'kdiag', 'code-cache')).filter((f) => f.endsWith('-pod-dump.bin'))).toHaveLength(2);
  }, 60_000);
});
