// The tests that can differ between Node majors, run by .ci/run on the extra majors (22, 24); npm test runs
// every test on the development Node. Which files and why: CONTRIBUTING.md, "Test suites".
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, relative } from 'node:path';
import { defineConfig } from 'vitest/config';
import base from './vitest.config.js';

/** Whole directories: every test in them is about the Node runtime's own behaviour. */
export const NODE_VERSION_DIRS = [
  'test/e2e', // the built CLI as a process: start-up, the launcher's code cache, module loading, pipes, signals
  'test/hostile', // kdiag's HTTP client on Node's net, tls, http and http2: deadlines, resets, TLS, proxies
];
/**
 * Left out of those directories (none today). The peak-RSS bounds of hostile/memory run on every major: they
 * read the program's own high-water mark (VmHWM), not ru_maxrss, which the kernel carries over an exec from
 * the test worker that forked it (138-167 MiB reported for Node 24's gate, which peaks at 92-95 MiB itself).
 */
export const NODE_VERSION_EXCLUDED: string[] = [];
/** Anywhere else, a test file opts in with a line `// node-versions: <why>` in its first 20 lines. */
export const NODE_VERSION_MARK = /^\/\/ node-versions: \S/m;

const root = import.meta.dirname;
function testFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.test.ts'))
    .map((e) => relative(root, join(e.parentPath, e.name)));
}

export function nodeVersionFiles(): string[] {
  const inDirs = NODE_VERSION_DIRS.flatMap(testFiles).filter((f) => !NODE_VERSION_EXCLUDED.includes(f));
  const marked = testFiles('test').filter((f) => !inDirs.includes(f) && !NODE_VERSION_EXCLUDED.includes(f) && !f.startsWith('test/cluster/') && !f.startsWith('test/live/') && NODE_VERSION_MARK.test(readFileSync(join(root, f), 'utf8').split('\n').slice(0, 20).join('\n')));
  return [...inDirs, ...marked].sort();
}

// One worker per core, not npm test's two extra: .ci/run runs these beside the cluster's capture, whose waits
// on the kubelet are timed, and a lighter load there matters more than minutes here.
const workers = availableParallelism();
export default defineConfig({ ...base, test: { ...base.test, include: nodeVersionFiles(), maxWorkers: workers, minWorkers: workers } });
