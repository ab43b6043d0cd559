import type { Rule } from '../rules/types.js';

/** A rule's documentation as Markdown-flavoured text: `kdiag explain` and docs/rules.md both use this. */
export function renderRuleDocs(rule: Rule): string {
  const lines = [
    `# ${rule.id}: ${rule.title}`,
    '',
    `Stage: ${rule.stage}   Severity: ${rule.severity}   Scope: ${rule.scope}`,
    '',
    rule.docs.description,
    '',
    'Why it happens:',
    ...rule.docs.causes.map((c) => `  - ${c}`),
    '',
    'How to fix it:',
    ...rule.docs.fix.map((f, i) => `  ${i + 1}. ${f}`),
  ];
  if (rule.docs.links?.length) lines.push('', 'See also:', ...rule.docs.links.map((l) => `  ${l}`));
  return lines.join('\n') + '\n';
}
