// The krew manifest template (plugins/pod-why.yaml), filled in as `npm run dist` fills it, against krew's
// validation rules (scripts/dist/krew.mjs); and near misses krew would refuse.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
// @ts-expect-error a plain ES module shared with scripts/dist.mjs
import { krewProblems } from '../../scripts/dist/krew.mjs';

const ROOT = join(import.meta.dirname, '..', '..');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
const filled = (): Record<string, any> =>
  parse(
    readFileSync(join(ROOT, 'plugins/pod-why.yaml'), 'utf8')
      .replaceAll('${VERSION}', pkg.version)
      .replace(/^(\s*uri: ).*$/m, `$1https://example.invalid/kdiag-${pkg.version}-linux-amd64.tar.gz`)
      .replace(/^(\s*sha256: ).*$/m, `$1"${'a'.repeat(64)}"`),
  );

describe('the krew manifest', () => {
  it('filled in as npm run dist fills it, krew accepts it', () => {
    expect(krewProblems(filled(), 'pod-why')).toEqual([]);
  });

  it('the plugin runs the archive\'s kdiag and ships the licence', () => {
    const platform = filled().spec.platforms[0];
    expect(platform.bin).toBe('kdiag');
    expect(platform.selector.matchLabels).toEqual({ os: 'linux', arch: 'amd64' });
    expect(platform.files.map((f: { from: string }) => f.from)).toEqual(['kdiag', 'LICENSE']);
  });

  const misses: Array<[string, (m: Record<string, any>) => void, RegExp]> = [
    ['the template as committed (placeholders not filled)', (m) => { m.spec.platforms[0].sha256 = 'FILLED-BY-NPM-RUN-DIST'; }, /sha256/],
    ['a version without its v', (m) => { m.spec.version = pkg.version; }, /spec.version/],
    ['a name that is not the file\'s', (m) => { m.metadata.name = 'why'; }, /file's name/],
    ['a short description over 50 characters', (m) => { m.spec.shortDescription = 'x'.repeat(51); }, /shortDescription/],
  ];
  for (const [what, change, problem] of misses) {
    it(`near miss: ${what} is refused`, () => {
      const m = filled();
      change(m);
      expect(krewProblems(m, 'pod-why').join('\n')).toMatch(problem);
    });
  }
});
