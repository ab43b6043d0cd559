// node-versions: V8's stack depth on deep nesting, node:zlib on gzip bombs, reading devices and stdin, peak memory
// Bad input through the built CLI: each bad file gives exactly one clear line naming it (plus an optional
// hint), exit 2, empty stdout, no stack trace; valid input in an odd encoding gives the right diagnosis.
// Small hand-made files live in corpus/; big or binary ones are generated in a temp dir at test time.
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { expectInputError, kdiagAsync, type Measured, peakKiB } from '../support/cli.js';
import { BIG_INPUT_TIMEOUT } from '../support/budgets.js';

const CORPUS = resolve(import.meta.dirname, 'corpus');
const corpus = (name: string): string => join(CORPUS, name);
const VALID = readFileSync(corpus('valid.yaml'), 'utf8');
const tmp = mkdtempSync(join(tmpdir(), 'kdiag-corpus-'));
const gen = (name: string, data: string | Buffer): string => {
  const p = join(tmp, name);
  writeFileSync(p, data);
  return p;
};
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const figures: string[] = [];
const note = (what: string, r: Measured): void => {
  figures.push(`${what}: exit ${r.code} in ${Math.round(r.ms)} ms${r.maxRssKiB !== undefined ? `, peak RSS ${Math.round(r.maxRssKiB / 1024)} MiB` : ''}`);
};
afterAll(() => console.log(`corpus figures:\n  ${figures.join('\n  ')}`));

/** The valid dump diagnosed correctly, whatever its encoding. */
function expectValid(r: Measured): void {
  expect(r.stderr).toBe('');
  expect(r.code).toBe(1);
  expect(r.stdout).toContain('FAILING at image');
  expect(r.stdout).toContain('image/not-found');
  expect(r.stdout).toContain('Pod shop/api-7d9f-x2k');
}

/** `{"a":{"a":…}}` as text, `depth` levels deep, built without recursion. */
const deepJson = (depth: number, open: string, close: string, leaf = '1'): string => open.repeat(depth) + leaf + close.repeat(depth);

describe('hand-made bad files (test/hardening/corpus)', () => {
  const bad: Array<[string, string]> = [
    ['truncated.yaml', 'invalid YAML'],
    ['truncated.json', 'the document is truncated'],
    ['duplicate-keys.yaml', 'Map keys must be unique'],
    ['not-kubernetes.yaml', 'no Kubernetes objects found'],
    ['top-level-array-junk.json', 'no Kubernetes objects found'],
    ['tab-indent.yaml', 'invalid YAML'],
    ['blank.yaml', 'the file is empty'],
    ['multi-errors.json', 'invalid JSON'],
  ];
  for (const [file, says] of bad) {
    it(`${file}: one line naming it, exit 2`, async () => {
      const r = await kdiagAsync(['analyze', corpus(file)]);
      expectInputError(r, file);
      expect(r.stderr).toContain(says);
    });
  }

  it('duplicate-keys.yaml names the line of the second key', async () => {
    expect((await kdiagAsync(['analyze', corpus('duplicate-keys.yaml')])).stderr).toMatch(/duplicate-keys\.yaml:6: /);
  });

  it('alias-bomb.yaml (billion laughs) is refused quickly, not expanded', async () => {
    const r = await kdiagAsync(['analyze', corpus('alias-bomb.yaml')]);
    note('YAML alias bomb (9^9 expansions)', r);
    expectInputError(r, 'alias-bomb.yaml');
    expect(r.stderr).toMatch(/alias/i);
    expect(peakKiB(r)).toBeLessThan(400 * 1024);
  });

  it('yaml-tags.yaml (custom tags, !!binary, merge keys, sets) is read without a crash or a warning', async () => {
    const r = await kdiagAsync(['pod', 'tagged', '-f', corpus('yaml-tags.yaml')]);
    expect(r.stderr).toBe('');
    expect([0, 1]).toContain(r.code);
    expect(r.stdout).toContain('Pod shop/tagged');
  });

  it('the valid dump itself (control)', async () => {
    expectValid(await kdiagAsync(['analyze', corpus('valid.yaml')]));
    expectValid(await kdiagAsync(['pod', 'api-7d9f-x2k', '-f', corpus('valid.yaml')]));
  });
});

describe('generated bad files', { timeout: BIG_INPUT_TIMEOUT }, () => {
  it('binary data: one line, exit 2', async () => {
    const bytes = Buffer.alloc(8192);
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 7919 + 13) % 256; // deterministic, with NULs
    expectInputError(await kdiagAsync(['analyze', gen('binary.yaml', bytes)]), 'binary.yaml');
  });

  it('a 300 MiB file (sparse: no disk used) is refused by its size without being read', async () => {
    const p = join(tmp, 'huge.yaml');
    closeSync(openSync(p, 'w'));
    truncateSync(p, 300 * 2 ** 20);
    const r = await kdiagAsync(['analyze', p]);
    note('300 MiB sparse file', r);
    expectInputError(r, 'huge.yaml');
    expect(r.stderr).toContain('300 MiB');
    expect(peakKiB(r)).toBeLessThan(200 * 1024); // reading it would need > 300 MiB
    rmSync(p);
  });

  it('gzip-compressed input is read (file and stdin)', async () => {
    expectValid(await kdiagAsync(['analyze', gen('valid.yaml.gz', gzipSync(VALID))]));
    expectValid(await kdiagAsync(['analyze', gen('valid-no-suffix.yaml', gzipSync(VALID))]));
    expectValid(await kdiagAsync(['analyze', '-'], { input: gzipSync(VALID) }));
  });

  it('a gzip bomb (1 GiB of zeros in 1 MiB) stops at the 256 MiB limit', async () => {
    const bomb = gen('bomb.yaml.gz', gzipSync(Buffer.alloc(2 ** 30), { level: 9 }));
    const r = await kdiagAsync(['analyze', bomb]);
    note('gzip bomb, 1 GiB of zeros', r);
    expectInputError(r, 'bomb.yaml.gz');
    expect(r.stderr).toMatch(/256 MiB/);
    expect(peakKiB(r)).toBeLessThan(1024 * 1024);
  });

  it('corrupt gzip: one line, exit 2', async () => {
    expectInputError(await kdiagAsync(['analyze', gen('corrupt.gz', Buffer.concat([gzipSync(VALID).subarray(0, 40), Buffer.from('garbage')]))]), 'corrupt.gz');
  });

  it('CRLF line endings, a UTF-8 BOM, and UTF-16 with a BOM (Windows PowerShell) are read', async () => {
    expectValid(await kdiagAsync(['analyze', gen('crlf.yaml', VALID.replace(/\n/g, '\r\n'))]));
    expectValid(await kdiagAsync(['analyze', gen('bom.yaml', `\ufeff${VALID}`)]));
    expectValid(await kdiagAsync(['analyze', gen('bom-crlf.json', `\ufeff${JSON.stringify(parseYaml(VALID), null, 2).replace(/\n/g, '\r\n')}`)]));
    expectValid(await kdiagAsync(['analyze', gen('utf16le.yaml', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(VALID, 'utf16le')]))]));
    expectValid(await kdiagAsync(['analyze', gen('utf16be.yaml', Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(VALID, 'utf16le').swap16()]))]));
  });

  it('a JSON array of objects at top level (jq .items output) is read like a List', async () => {
    const items = (parseYaml(VALID) as { items: unknown[] }).items;
    expectValid(await kdiagAsync(['analyze', gen('array.json', JSON.stringify(items))]));
  });

  it('a List nested in Lists 100,000 levels deep: one line, exit 2, no stack overflow', async () => {
    const text = '{"kind":"List","items":['.repeat(100_000) + '{"kind":"Pod"}' + ']}'.repeat(100_000);
    const r = await kdiagAsync(['analyze', gen('deep-list.json', text)]);
    note('JSON List nested 100,000 levels', r);
    expectInputError(r, 'deep-list.json');
    expect(r.stderr).toContain('nested more than');
  });

  for (const [name, text] of [
    ['deep-array.json', deepJson(100_000, '[', ']', '')],
    ['deep-object.json', deepJson(100_000, '{"a":', '}')],
    ['deep-flow.yaml', `kind: Pod\nmetadata: ${deepJson(100_000, '{a: ', '}')}\n`],
    ['deep-block.yaml', `kind: Pod\nspec:\n${Array.from({ length: 3000 }, (_, i) => `${' '.repeat(i + 1)}- `).join('\n')}x\n`],
  ] as const) {
    it(`${name}: deep nesting is one line, exit 2, no stack overflow`, async () => {
      const r = await kdiagAsync(['analyze', gen(name, text)]);
      note(name, r);
      expectInputError(r, name);
      expect(r.stderr).toMatch(/nested/);
    });
  }

  it('deeply nested JSON inside a real Pod field (affinity, 100,000 levels) is refused too', async () => {
    const pod = JSON.stringify(parseYaml(VALID)).replace('"restartPolicy":"Always"', `"restartPolicy":"Always","affinity":${deepJson(100_000, '{"a":', '}')}`);
    expectInputError(await kdiagAsync(['analyze', gen('deep-affinity.json', pod)]), 'deep-affinity.json');
  });

  it('a directory with no dump files: one line naming it, exit 2', async () => {
    const dir = join(tmp, 'empty-dump-dir');
    mkdirSync(join(dir, 'sub'), { recursive: true });
    writeFileSync(join(dir, 'README.txt'), 'nothing here');
    expectInputError(await kdiagAsync(['analyze', dir]), 'empty-dump-dir');
  });

  it('a missing path: one line naming it, exit 2', async () => {
    expectInputError(await kdiagAsync(['analyze', join(tmp, 'no-such.yaml')]), 'no-such.yaml');
  });

  it('a device that never ends (/dev/zero) is read only up to the limit', { skip: !existsSync('/dev/zero') }, async () => {
    const r = await kdiagAsync(['analyze', '/dev/zero']);
    note('/dev/zero', r);
    expectInputError(r, '/dev/zero');
    expect(peakKiB(r)).toBeLessThan(1024 * 1024);
  });

  it('junk and empty input on stdin: one line, exit 2', async () => {
    expectInputError(await kdiagAsync(['analyze', '-'], { input: Buffer.from([0, 1, 2, 3, 0xff, 0xfe, 0]) }), '<stdin>');
    expectInputError(await kdiagAsync(['analyze', '-'], { input: '' }), '<stdin>');
    expectValid(await kdiagAsync(['analyze', '-'], { input: VALID }));
  });

  it('a file whose name holds escape sequences: the error line names it without them', async () => {
    const name = 'evil-\u001b]52;c;cHduZWQ=\u0007-\u001b[2J.yaml';
    const r = await kdiagAsync(['analyze', gen(name, 'just a sentence\n')]);
    expectInputError(r, 'evil-');
  });

  it('a file of kinds kdiag does not read, next to a valid one: a warning, then the diagnosis', async () => {
    const r = await kdiagAsync(['analyze', corpus('valid.yaml'), corpus('not-kubernetes.yaml')]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('image/not-found');
    expect(r.stderr).toMatch(/^kdiag: skipped /m);
  });
});

describe('the size limit is the same for every way in', () => {
  beforeAll(() => expect(existsSync(tmp)).toBe(true));
  it('more than 256 MiB on stdin is refused while reading, not after', async () => {
    const r = await kdiagAsync(['analyze', '-'], { input: Buffer.alloc(257 * 2 ** 20, 0x20) });
    note('257 MiB on stdin', r);
    expectInputError(r, '<stdin>');
    expect(r.stderr).toMatch(/256 MiB/);
  });
});

it('peak RSS is measured on every run, with no optional tool (control)', async () => {
  const small = peakKiB(await kdiagAsync(['--version']));
  // A Node process is never below 10 MiB resident; reading 100 MiB of input on stdin holds more than --version.
  expect(small).toBeGreaterThan(10 * 1024);
  const big = peakKiB(await kdiagAsync(['analyze', '-'], { input: Buffer.alloc(100 * 2 ** 20, 0x20) }));
  expect(big).toBeGreaterThan(small + 50 * 1024);
});
