// What krew does with a plugin manifest, for the tests of the release archive (no krew binary runs here):
// krewProblems checks a manifest against krew's validation rules (pkg/index/validation in kubernetes-sigs/krew),
// krewInstall installs one platform's archive the way `kubectl krew install --manifest --archive` does: checks the
// archive's sha256, unpacks it into store/NAME/VERSION, applies the platform's `files` (from → to) and links
// bin/kubectl-NAME (dashes as underscores) to the platform's `bin`.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';

const NAME = /^[a-z0-9][a-z0-9-]*$/;
const VERSION = /^v\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?(\+[0-9A-Za-z.-]+)?$/;
const SHA256 = /^[0-9a-f]{64}$/;

/** Every rule of krew's manifest validation the manifest breaks (empty when krew would accept it). */
export function krewProblems(manifest, fileName) {
  const problems = [];
  const spec = manifest?.spec ?? {};
  if (manifest?.apiVersion !== 'krew.googlecontainertools.github.com/v1alpha2') problems.push(`apiVersion is ${manifest?.apiVersion}`);
  if (manifest?.kind !== 'Plugin') problems.push(`kind is ${manifest?.kind}`);
  const name = manifest?.metadata?.name;
  if (!NAME.test(name ?? '')) problems.push(`metadata.name ${name} is not a valid plugin name`);
  if (fileName !== undefined && name !== fileName) problems.push(`metadata.name ${name} is not the file's name ${fileName}`);
  if (!VERSION.test(spec.version ?? '')) problems.push(`spec.version ${spec.version} is not a v-prefixed semantic version`);
  if (!spec.shortDescription) problems.push('spec.shortDescription is empty');
  else if (spec.shortDescription.length > 50) problems.push('spec.shortDescription is longer than 50 characters');
  if (!Array.isArray(spec.platforms) || spec.platforms.length === 0) problems.push('spec.platforms is empty');
  for (const [i, p] of (spec.platforms ?? []).entries()) {
    if (!p.selector) problems.push(`platforms[${i}] has no selector`);
    if (!/^https?:\/\//.test(p.uri ?? '')) problems.push(`platforms[${i}].uri ${p.uri} is not an http(s) address`);
    if (!SHA256.test(p.sha256 ?? '')) problems.push(`platforms[${i}].sha256 is not 64 lowercase hex digits`);
    if (!p.bin) problems.push(`platforms[${i}].bin is empty`);
    for (const [j, f] of (p.files ?? []).entries()) if (!f.from || !f.to) problems.push(`platforms[${i}].files[${j}] needs from and to`);
  }
  return problems;
}

/** Installs platform `index` of `manifest` from `archive` under krew root `root`; returns the bin link's path. */
export function krewInstall(manifest, index, archive, root) {
  const platform = manifest.spec.platforms[index];
  const sha256 = createHash('sha256').update(readFileSync(archive)).digest('hex');
  if (sha256 !== platform.sha256) throw new Error(`archive sha256 ${sha256} is not the manifest's ${platform.sha256}`);
  const unpacked = mkdtempSync(join(root, 'download-'));
  execFileSync('tar', ['-xzf', archive, '-C', unpacked]);
  const store = join(root, 'store', manifest.metadata.name, manifest.spec.version);
  mkdirSync(store, { recursive: true });
  for (const f of platform.files ?? [{ from: '*', to: '.' }]) {
    const from = normalize(join(unpacked, f.from));
    if (relative(unpacked, from).startsWith('..')) throw new Error(`files.from ${f.from} leaves the archive`);
    if (!existsSync(from)) throw new Error(`files.from ${f.from} is not in the archive`);
    const to = join(store, f.to);
    const target = statSync(from).isDirectory() ? to : join(to, f.from.split('/').pop());
    mkdirSync(dirname(target), { recursive: true });
    cpSync(from, target, { recursive: true });
  }
  rmSync(unpacked, { recursive: true, force: true });
  const bin = join(store, platform.bin);
  if (!existsSync(bin)) throw new Error(`bin ${platform.bin} is not in the installed files`);
  const link = join(root, 'bin', `kubectl-${manifest.metadata.name.replace(/-/g, '_')}`);
  mkdirSync(dirname(link), { recursive: true });
  symlinkSync(bin, link);
  return link;
}
