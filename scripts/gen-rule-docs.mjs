// Writes docs/rules.md from the rules' own docs data (the same data `kdiag explain` prints), so the
// catalogue cannot drift from the code. test/meta/rule-docs.test.ts fails when the file is stale.
import { writeFileSync } from 'node:fs';

const { renderRuleCatalogue } = await import('../dist/lib/index.js');
writeFileSync(new URL('../docs/rules.md', import.meta.url), renderRuleCatalogue());
console.log('wrote docs/rules.md');
