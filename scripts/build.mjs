// Bundles the CLI and the library with esbuild (fast start: nothing resolved at run time). The CLI is
// split so that @kubernetes/client-node (tree-shaken to KubeConfig) sits in a chunk only live commands load.
import { build } from 'esbuild';
import { readFileSync, rmSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
rmSync(new URL('../dist/cli', import.meta.url), { recursive: true, force: true });
rmSync(new URL('../dist/lib', import.meta.url), { recursive: true, force: true });
rmSync(new URL('../dist/types', import.meta.url), { recursive: true, force: true });

const common = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: false,
  legalComments: 'none',
  // Non-ASCII text as UTF-8, not \uXXXX escapes: the zh-TW chunks are half the bytes to read and parse.
  charset: 'utf8',
  define: { KDIAG_VERSION: JSON.stringify(pkg.version) },
  // Bundled CommonJS dependencies (cli-table3) call require(); give ESM a real one.
  banner: { js: "import { createRequire as __kdiagCreateRequire } from 'node:module'; const require = __kdiagCreateRequire(import.meta.url);" },
  logLevel: 'warning',
  // yaml's ESM build tree-shakes and starts faster than its CommonJS build.
  // client-node's whatwg-url/tr46 require('punycode'): the userland package, not Node's deprecated builtin (DEP0040).
  alias: { yaml: './node_modules/yaml/browser/index.js', punycode: './node_modules/punycode/punycode.js' },
};

await build({ ...common, entryPoints: { main: 'src/cli/main.ts' }, outdir: 'dist/cli', splitting: true, chunkNames: 'chunks/[name]-[hash]', minifySyntax: true, minifyWhitespace: true });
await build({ ...common, entryPoints: { index: 'src/index.ts' }, outdir: 'dist/lib', external: ['@kubernetes/client-node'] });

// Type declarations for the library entry (`exports["."].types`).
import { execFileSync } from 'node:child_process';
if (!process.argv.includes('--no-types')) {
  execFileSync(process.execPath, [new URL('../node_modules/typescript/bin/tsc', import.meta.url).pathname, '-p', 'tsconfig.build.json'], { stdio: 'inherit' });
}
