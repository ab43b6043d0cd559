// README's example blocks are real runs: each ```-block whose first line is `$ kdiag ARGS` gets the output of
// that command (from the repository root, 100 columns, no colour). `node scripts/readme-examples.mjs` writes
// them; test/meta/readme-examples.test.ts fails when README and the real output differ.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const BLOCK = /```\n\$ kdiag ([^\n]+)\n[\s\S]*?```/g;

export function runExample(args) {
  try {
    return execFileSync(process.execPath, ['bin/kdiag.js', ...args.split(' ')], { cwd: root, encoding: 'utf8', env: { PATH: process.env.PATH, HOME: process.env.HOME, NO_COLOR: '1', COLUMNS: '100', KDIAG_LANG: 'en' } });
  } catch (err) {
    if (typeof err.stdout === 'string' && err.status === 1) return err.stdout; // a failing diagnosis exits 1
    throw err;
  }
}

export function renderReadme(text) {
  return text.replace(BLOCK, (_block, args) => `\`\`\`\n$ kdiag ${args}\n${runExample(args).trimEnd()}\n\`\`\``);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const path = `${root}README.md`;
  writeFileSync(path, renderReadme(readFileSync(path, 'utf8')));
}
