// Bundles the CLI and the library with esbuild (fast start: nothing resolved at run time). The CLI is one
// CommonJS file plus the parts few runs need, each a file of its own (see lazyParts below).
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

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
// Edits to packages' code, each checked: a package whose text changed fails the build, never a silent skip.
// Only the top-level copy of each is patched.
const WIDTH_FAST_PATHS = [
  ['const segmenter = new Intl.Segmenter();', 'let segmenterOnce; const segmenter = { segment: (s) => (segmenterOnce ??= new Intl.Segmenter()).segment(s) };'],
];
const PATCHES = {
  // The report's text width: one-column text measured by its length (NARROW), ICU objects built on first use.
  'string-width/index.js': [
    ...WIDTH_FAST_PATHS,
    ['if (/^[\\u0020-\\u007E]*$/.test(string)) {', `if (${NARROW}.test(string)) {`],
    // Compiling /^\p{RGI_Emoji}$/v costs 25-50 ms on Node 20 (≈ 25 on 24) when the module loads, and the
    // visible-character class a few more; only text outside NARROW reaches them. Built on first use.
    ['const visibleCharacterRegex = /', 'const visibleCharacterPattern = () => /'],
    ['\\p{Surrogate}]/v;', '\\p{Surrogate}]/v; let visibleOnce; const visible = () => (visibleOnce ??= visibleCharacterPattern()); const visibleCharacterRegex = { test: (s) => visible().test(s), [Symbol.search]: (s) => s.search(visible()) };'],
    ['const rgiEmojiRegex = /', 'const rgiEmojiPattern = () => /'],
    ['{RGI_Emoji}$/v;', '{RGI_Emoji}$/v; let rgiEmojiOnce; const rgiEmojiRegex = { test: (s) => (rgiEmojiOnce ??= rgiEmojiPattern()).test(s) };'],
  ],
  'wrap-ansi/index.js': [...WIDTH_FAST_PATHS, ['const ASCII_PRINTABLE_REGEX = /^[ -~]*$/;', `const ASCII_PRINTABLE_REGEX = ${NARROW};`]],
  // chalk works out the terminal's colours when it loads (node:tty and its streams, ≈ 2 ms of every start), for a
  // default instance kdiag never uses: every Chalk here is made with the level kdiag decides
  // (src/report/style.ts), so the detection answers "no colour" without asking.
  'chalk/source/vendor/supports-color/index.js': [
    ["import tty from 'node:tty';", ''],
    ["\tstdout: createSupportsColor({isTTY: tty.isatty(1)}),\n\tstderr: createSupportsColor({isTTY: tty.isatty(2)}),", '\tstdout: false,\n\tstderr: false,'],
  ],
  // commander requires node:child_process when it loads, for executable subcommands kdiag has none of: 1-4 ms
  // of every start (it brings net and dgram). Here it is required on the first spawn.
  'commander/lib/command.js': [["const childProcess = require('node:child_process');", "const childProcess = { spawn: (...args) => require('node:child_process').spawn(...args) };"]],
};
const patchedFile = (path) => {
  const parts = path.split(/[\\/]node_modules[\\/]/);
  return parts.length === 2 ? parts[1].replaceAll('\\', '/') : undefined;
};
// chalk carries its own copy of ansi-styles (`#ansi-styles`), the same bytes as the ansi-styles wrap-ansi
// imports: bundled as one module, its style tables are built once per run, not twice.
const ANSI_STYLES = fileURLToPath(new URL('../node_modules/ansi-styles/index.js', import.meta.url));
const CHALK_ANSI_STYLES = fileURLToPath(new URL('../node_modules/chalk/source/vendor/ansi-styles/index.js', import.meta.url));
const packagePatches = {
  name: 'package-patches',
  setup(b) {
    b.onResolve({ filter: /^#ansi-styles$/ }, (args) => {
      if (!/[\\/]node_modules[\\/]chalk[\\/]/.test(args.importer)) return undefined;
      if (!readFileSync(CHALK_ANSI_STYLES).equals(readFileSync(ANSI_STYLES))) throw new Error(`${CHALK_ANSI_STYLES} differs from ${ANSI_STYLES} (did a package change?)`);
      return { path: ANSI_STYLES };
    });
    b.onLoad({ filter: /node_modules[\\/](string-width[\\/]index|wrap-ansi[\\/]index|commander[\\/]lib[\\/]command|chalk[\\/]source[\\/]vendor[\\/]supports-color[\\/]index)\.js$/ }, (args) => {
      const edits = PATCHES[patchedFile(args.path)];
      if (!edits) return undefined;
      let text = readFileSync(args.path, 'utf8');
      for (const [from, to] of edits) {
        if (!text.includes(from)) throw new Error(`${args.path}: no "${from}" to patch (did the package change?)`);
        text = text.replace(from, () => to); // a function: no $-patterns in the replacement
      }
      return { contents: text, loader: 'js' };
    });
  },
};

// `yaml` (129 KB) and `js-yaml` (73 KB) in the CLI: most runs never need them (kubectl's YAML has its own
// reader, src/sources/yaml-kubectl.ts; JSON needs neither), yet an ES module is compiled whenever it is
// imported. So kdiag's own imports of them get a facade whose functions require() the library, bundled on its
// own as CommonJS (a synchronous load: the readers are synchronous), on first call. The library bundle
// (dist/lib) imports them as usual. test/e2e/lazy-catalogues.test.ts checks which runs load them.
const LAZY_LIBRARIES = { yaml: './node_modules/yaml/browser/index.js', 'js-yaml': './node_modules/js-yaml/dist/js-yaml.mjs' };
const lazyLibraryFacade = (name, exports) => {
  // The CLI bundle is CommonJS (dist/cli/main.cjs); the library sits beside it in dist/cli/chunks/.
  const lines = ['let loaded;', `const lib = () => (loaded ??= require('./chunks/vendor-${name}.cjs'));`];
  for (const [key, value] of Object.entries(exports)) {
    if (key === 'default') lines.push('export default new Proxy({}, { get: (_, key) => lib()[key] });');
    // A class or a function: `new X()` and `X()` both reach the library's own.
    else if (typeof value === 'function') lines.push(`export function ${key}(...args) { return new.target ? new (lib().${key})(...args) : lib().${key}.apply(this, args); }`);
  }
  return lines.join('\n');
};
const lazyLibraries = {
  name: 'lazy-libraries',
  setup(b) {
    b.onResolve({ filter: /^(yaml|js-yaml)$/ }, (args) => (/[\\/]src[\\/]/.test(args.importer) ? { path: args.path, namespace: 'lazy-library' } : undefined));
    b.onLoad({ filter: /.*/, namespace: 'lazy-library' }, async (args) => ({ contents: lazyLibraryFacade(args.path, await import(new URL(`.${LAZY_LIBRARIES[args.path].slice(1)}`, new URL('../', import.meta.url)).href)), loader: 'js' }));
  },
};

// Rule docs (the `kdiag explain` text, 70 KB of the 350 KB of rules) in a chunk of their own: a diagnosis never
// reads them. Each rule file's `docs: { … }` (plain literals only) becomes a getter that reads the docs chunk,
// which src/rules/docs-loader.ts (replaced here) imports; `kdiag rules` and `kdiag explain` await it first.
const RULES_DIR = new URL('../src/rules/', import.meta.url);
const ruleFiles = readdirSync(RULES_DIR, { withFileTypes: true })
  .filter((d) => d.isDirectory() && !['helpers', 'messages'].includes(d.name))
  .flatMap((d) => readdirSync(new URL(`${d.name}/`, RULES_DIR)).filter((f) => f.endsWith('.ts') && f !== 'index.ts').map((f) => fileURLToPath(new URL(`${d.name}/${f}`, RULES_DIR))));
const LITERAL = new Set([ts.SyntaxKind.StringLiteral, ts.SyntaxKind.NoSubstitutionTemplateLiteral, ts.SyntaxKind.ArrayLiteralExpression, ts.SyntaxKind.ObjectLiteralExpression, ts.SyntaxKind.PropertyAssignment, ts.SyntaxKind.Identifier]);
const pureLiteral = (node) => LITERAL.has(node.kind) && (node.kind !== ts.SyntaxKind.Identifier || (ts.isPropertyAssignment(node.parent) && node.parent.name === node)) && !ts.forEachChild(node, (child) => !pureLiteral(child));
/** Where each rule file's docs literal is, and its rule id; the build fails for a rule whose docs cannot move. */
const ruleDocs = new Map(ruleFiles.map((file) => {
  const text = readFileSync(file, 'utf8');
  const found = [];
  const visit = (node) => {
    if (ts.isPropertyAssignment(node) && node.name.getText() === 'docs' && ts.isObjectLiteralExpression(node.parent)) {
      const id = node.parent.properties.find((p) => ts.isPropertyAssignment(p) && p.name.getText() === 'id');
      if (!id || !ts.isStringLiteral(id.initializer) || !ts.isObjectLiteralExpression(node.initializer) || !pureLiteral(node.initializer)) throw new Error(`${file}: the rule's docs must be a literal next to a literal id (scripts/build.mjs moves them out of the start path)`);
      found.push({ id: id.initializer.text, start: node.getStart(), end: node.getEnd(), literal: node.initializer.getText() });
    }
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true));
  return [file, { text, found }];
}));
const ruleDocsChunk = {
  name: 'rule-docs',
  setup(b) {
    b.onResolve({ filter: /^kdiag-rule-docs:/ }, (args) => ({ path: args.path, namespace: 'rule-docs' }));
    b.onLoad({ filter: /.*/, namespace: 'rule-docs' }, (args) => {
      if (args.path === 'kdiag-rule-docs:store') return { loader: 'js', contents: "let docs; export const setRuleDocs = (d) => { docs = d; }; export function ruleDocsOf(id) { if (!docs) throw new Error(`internal error: the docs of ${id} were read before loadRuleDocs()`); return docs[id]; }" };
      const entries = [...ruleDocs.values()].flatMap(({ found }) => found.map((d) => `${JSON.stringify(d.id)}: ${d.literal}`));
      // CommonJS: the CLI bundle require()s it as a plain module (its default import is module.exports).
      return { loader: 'ts', contents: `module.exports = {\n${entries.join(',\n')}\n};` };
    });
    b.onLoad({ filter: /[\\/]src[\\/]rules[\\/]docs-loader\.ts$/ }, () => ({ loader: 'js', contents: "import { setRuleDocs } from 'kdiag-rule-docs:store'; export async function loadRuleDocs() { setRuleDocs((await import('kdiag-rule-docs:data')).default); }" }));
    b.onLoad({ filter: /[\\/]src[\\/]rules[\\/][^\\/]+[\\/][^\\/]+\.ts$/ }, (args) => {
      const entry = ruleDocs.get(args.path);
      if (!entry || entry.found.length === 0) return undefined;
      let text = entry.text;
      for (const d of [...entry.found].sort((x, y) => y.start - x.start)) text = `${text.slice(0, d.start)}get docs() { return __kdiagRuleDocsOf(this.id); }${text.slice(d.end)}`;
      return { loader: 'ts', contents: `import { ruleDocsOf as __kdiagRuleDocsOf } from 'kdiag-rule-docs:store';\n${text}`, resolveDir: dirname(args.path) };
    });
  },
};

const common = {
  plugins: [packagePatches],
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

// The CLI is one CommonJS file, dist/cli/main.cjs, which bin/kdiag.js compiles through vm.Script with a V8 code
// cache written after a run (so the cache holds every function the run compiled, not only the top level that
// Node's compile cache keeps; Node 20 has no compile cache at all). CommonJS cannot be split, so what most runs
// never need stays out of it, each a CommonJS file of its own in dist/cli/chunks/ that the bundle require()s on
// first use: the YAML libraries (lazyLibraries), the rules' docs (ruleDocsChunk), client-node (live commands
// whose kubeconfig needs it) and the zh-TW catalogues (src/i18n/load.ts).
const ZH_TW = { 'zh-TW.ts': 'i18n-zh-TW', 'rules.zh-TW.ts': 'i18n-rules.zh-TW', 'rule-messages/zh-TW.ts': 'i18n-rule-messages.zh-TW', 'help.zh-TW.ts': 'i18n-help.zh-TW', 'evidence-text.zh-TW.ts': 'i18n-evidence-text.zh-TW', 'traffic.zh-TW.ts': 'i18n-traffic.zh-TW' };
const I18N_DIR = fileURLToPath(new URL('../src/i18n/', import.meta.url));
const lazyParts = {
  name: 'lazy-parts',
  setup(b) {
    b.onResolve({ filter: /^\.\/chunks\// }, (args) => ({ path: args.path, external: true }));
    b.onResolve({ filter: /^kdiag-rule-docs:data$/ }, () => ({ path: './chunks/rule-docs.cjs', external: true }));
    b.onResolve({ filter: /^\.\/sdk\.js$/ }, (args) => (/[\\/]src[\\/]cli[\\/]mcp$/.test(args.resolveDir) ? { path: './chunks/vendor-mcp.cjs', external: true } : undefined));
    // The proxy agents (SOCKS and HTTP CONNECT, with their address parser): only a kubeconfig's `proxy-url` loads them.
    b.onResolve({ filter: /^\.\/proxy-agents\.js$/ }, (args) => (/[\\/]src[\\/]sources[\\/]cluster$/.test(args.resolveDir) ? { path: './chunks/vendor-proxy-agents.cjs', external: true } : undefined));
    b.onResolve({ filter: /^@kubernetes\/client-node$/ }, (args) => (/[\\/]src[\\/]/.test(args.importer) ? { path: './chunks/vendor-client-node.cjs', external: true } : undefined));
    b.onResolve({ filter: /zh-TW\.js$/ }, (args) => {
      if (args.importer !== join(I18N_DIR, 'load.ts')) return undefined;
      const name = ZH_TW[join(relative(I18N_DIR, args.resolveDir), args.path).replace(/\\/g, '/').replace(/\.js$/, '.ts')];
      if (!name) throw new Error(`src/i18n/load.ts imports ${args.path}: give it a chunk in scripts/build.mjs (ZH_TW)`);
      return { path: `./chunks/${name}.cjs`, external: true };
    });
  },
};
// The launcher's cache is keyed by this hash of the bundle (V8 itself checks only the source's length).
const stamp = (file) => {
  const text = readFileSync(file, 'utf8');
  // esbuild leaves regular expression literals as they are: their few non-ASCII characters (each UTF-16 unit)
  // become \u escapes, which mean the same there (and in strings); after a backslash one would not.
  if (/\\[^\0-\x7f]/.test(text)) throw new Error(`${file}: an escaped non-ASCII character (bin/kdiag.js reads the bundle as ASCII)`);
  const ascii = text.replace(/[^\0-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  writeFileSync(file, `// kdiag-bundle ${createHash('sha256').update(ascii).digest('hex').slice(0, 20)}\n${ascii}`);
};
// src/sources/cluster/kube-client.ts's import, on its own: tree-shaken to KubeConfig and what it needs.
const clientNodeEntry = {
  name: 'client-node-entry',
  setup(b) {
    b.onResolve({ filter: /^kdiag-client-node$/ }, () => ({ path: 'kdiag-client-node', namespace: 'client-node-entry' }));
    b.onLoad({ filter: /.*/, namespace: 'client-node-entry' }, () => ({ contents: "export { KubeConfig } from '@kubernetes/client-node';", resolveDir: fileURLToPath(new URL('..', import.meta.url)), loader: 'js' }));
  },
};
// KDIAG_PROFILE_BUILD=1 keeps the bundle's line breaks: a CPU profile's line ticks then point at a statement.
const cjs = { ...common, banner: {}, format: 'cjs', minifySyntax: true, minifyWhitespace: process.env.KDIAG_PROFILE_BUILD !== '1' };
// ASCII (non-ASCII text as \u escapes: the English text has a few dozen such characters): bin/kdiag.js reads it
// as latin1, a one-byte string that needs no UTF-8 decoding (2-8 ms for a two-byte string of this size).
await build({ ...cjs, charset: 'ascii', plugins: [lazyParts, packagePatches, lazyLibraries, ruleDocsChunk], entryPoints: { main: 'src/cli/main.ts' }, outdir: 'dist/cli', outExtension: { '.js': '.cjs' }, supported: { 'dynamic-import': false } });
stamp(fileURLToPath(new URL('../dist/cli/main.cjs', import.meta.url)));
// `kdiag --version` reads only this (bin/kdiag.js).
await build({ ...cjs, entryPoints: { version: 'src/version.ts' }, outdir: 'dist/cli', outExtension: { '.js': '.cjs' } });
await build({
  ...cjs,
  plugins: [packagePatches, ruleDocsChunk, clientNodeEntry],
  entryPoints: {
    ...Object.fromEntries(Object.entries(LAZY_LIBRARIES).map(([name, path]) => [`vendor-${name}`, path])),
    'vendor-client-node': 'kdiag-client-node',
    // `kdiag mcp` only: the Model Context Protocol SDK and zod.
    'vendor-mcp': 'src/cli/mcp/sdk.ts',
    'vendor-proxy-agents': 'src/sources/cluster/proxy-agents.ts',
    'rule-docs': 'kdiag-rule-docs:data',
    ...Object.fromEntries(Object.entries(ZH_TW).map(([file, name]) => [name, join(I18N_DIR, file)])),
  },
  outdir: 'dist/cli/chunks',
  outExtension: { '.js': '.cjs' },
});
await build({ ...common, entryPoints: { index: 'src/index.ts' }, outdir: 'dist/lib', external: ['@kubernetes/client-node'] });

// Type declarations for the library entry (`exports["."].types`).
import { execFileSync } from 'node:child_process';
if (!process.argv.includes('--no-types')) {
  execFileSync(process.execPath, [new URL('../node_modules/typescript/bin/tsc', import.meta.url).pathname, '-p', 'tsconfig.build.json'], { stdio: 'inherit' });
}
