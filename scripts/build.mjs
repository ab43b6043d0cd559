// Bundles the CLI and the library with esbuild (fast start: nothing resolved at run time). The CLI is
// split so that @kubernetes/client-node (tree-shaken to KubeConfig) sits in a chunk only live commands load.
import { build } from 'esbuild';
import { readFileSync, rmSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
rmSync(new URL('../dist/cli', import.meta.url), { recursive: true, force: true });
rmSync(new URL('../dist/lib', import.meta.url), { recursive: true, force: true });
rmSync(new URL('../dist/types', import.meta.url), { recursive: true, force: true });

// string-width and wrap-ansi build an Intl.Segmenter when they load, and segment any non-ASCII text: ICU's
// break iterator costs 20-35 ms of start-up, and an English report has × • — ✔ in it. Here they build it on
// first use, and take text of one-column, never-combining characters (src/report/narrow.ts) as one column per
// character, as they already do for ASCII.
const NARROW = /export const NARROW = (\/\^\[.*\]\*\$\/);/.exec(readFileSync(new URL('../src/report/narrow.ts', import.meta.url), 'utf8'))?.[1];
if (!NARROW) throw new Error('src/report/narrow.ts: no NARROW pattern');
const PATCHES = {
  'string-width': [['const segmenter = new Intl.Segmenter();', 'let segmenterOnce; const segmenter = { segment: (s) => (segmenterOnce ??= new Intl.Segmenter()).segment(s) };'], ['if (/^[\\u0020-\\u007E]*$/.test(string)) {', `if (${NARROW}.test(string)) {`]],
  'wrap-ansi': [['const segmenter = new Intl.Segmenter();', 'let segmenterOnce; const segmenter = { segment: (s) => (segmenterOnce ??= new Intl.Segmenter()).segment(s) };'], ['const ASCII_PRINTABLE_REGEX = /^[ -~]*$/;', `const ASCII_PRINTABLE_REGEX = ${NARROW};`]],
};
const narrowText = {
  name: 'narrow-text-fast-path',
  setup(b) {
    b.onLoad({ filter: /node_modules[\\/](string-width|wrap-ansi)[\\/]index\.js$/ }, (args) => {
      // Only the report's own copies (ora's spinner has an older string-width of its own; it is not on the start path).
      if (args.path.split(/[\\/]node_modules[\\/]/).length !== 2) return undefined;
      let text = readFileSync(args.path, 'utf8');
      for (const [from, to] of PATCHES[/(string-width|wrap-ansi)[\\/]index\.js$/.exec(args.path)[1]]) {
        if (!text.includes(from)) throw new Error(`${args.path}: no "${from}" to patch (did the package change?)`);
        text = text.replace(from, to);
      }
      return { contents: text, loader: 'js' };
    });
  },
};

const common = {
  plugins: [narrowText],
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

await build({ ...common, entryPoints: { main: 'src/cli/main.ts', version: 'src/version.ts' }, outdir: 'dist/cli', splitting: true, chunkNames: 'chunks/[name]-[hash]', minifySyntax: true, minifyWhitespace: true });
await build({ ...common, entryPoints: { index: 'src/index.ts' }, outdir: 'dist/lib', external: ['@kubernetes/client-node'] });

// Type declarations for the library entry (`exports["."].types`).
import { execFileSync } from 'node:child_process';
if (!process.argv.includes('--no-types')) {
  execFileSync(process.execPath, [new URL('../node_modules/typescript/bin/tsc', import.meta.url).pathname, '-p', 'tsconfig.build.json'], { stdio: 'inherit' });
}
