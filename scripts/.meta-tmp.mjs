// esbuild metafile for the CLI build: per output chunk, the biggest inputs
import { build } from 'esbuild';
const r = await build({ bundle: true, platform: 'node', format: 'esm', target: 'node20', charset: 'utf8', define: { KDIAG_VERSION: '"0"' }, write: false, metafile: true,
  alias: { yaml: './node_modules/yaml/browser/index.js', punycode: './node_modules/punycode/punycode.js' },
  entryPoints: { main: 'src/cli/main.ts' }, outdir: '/tmp/startup-meta-out', splitting: true, chunkNames: 'chunks/[name]-[hash]', minifySyntax: true, minifyWhitespace: true, logLevel: 'error' });
const want = process.argv.slice(2);
for (const [out, o] of Object.entries(r.metafile.outputs)) {
  if (want.length && !want.some((w) => out.includes(w))) continue;
  const ins = Object.entries(o.inputs).sort((a, b) => b[1].bytesInOutput - a[1].bytesInOutput);
  const groups = {};
  for (const [f, i] of ins) { const g = f.includes('node_modules') ? f.replace(/.*node_modules\/((@[^/]+\/)?[^/]+).*/, '$1') : f.split('/').slice(0, 3).join('/'); groups[g] = (groups[g] ?? 0) + i.bytesInOutput; }
  console.log(out, o.bytes, 'imports:', o.imports.filter(i=>i.kind==='import-statement').map(i=>i.path.replace(/.*\//,'')).join(','));
  for (const [g, n] of Object.entries(groups).sort((a, b) => b[1] - a[1]).slice(0, 12)) console.log('   ', String(n).padStart(8), g);
}
