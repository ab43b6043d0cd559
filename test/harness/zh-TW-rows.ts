import { expect } from 'vitest';
import { localizeTitles } from '../../src/i18n/rule-text.js';
import type { Finding, Rule } from '../../src/rules/types.js';
import { englishLeft } from './english-left.js';

/** Rules that build their zh-TW message and fix steps from rule-messages/zh-TW.ts themselves. */
export const NATIVE_ZH_TW: ReadonlySet<string> = new Set(['image/not-found', 'image/registry-unreachable', 'container/crash-loop']);

/** Rules whose message and fix steps have no zh-TW phrases yet (they print English under --lang zh-TW): none. */
export const STILL_ENGLISH: ReadonlySet<string> = new Set<string>([]);

/**
 * A firing row's findings, found again with `--lang zh-TW` and localised as the engine does: the message and
 * every fix step must read as Chinese with no English sentence left (commands, quotes and reasons aside).
 */
export function expectZhTW(rule: Rule, zh: Finding[], en: Finding[]): void {
  if (STILL_ENGLISH.has(rule.id)) return;
  const out = localizeTitles(zh, 'zh-TW', (id) => (id === rule.id ? rule.title : undefined));
  expect(out.length).toBe(en.length);
  for (const f of out) {
    for (const line of [f.message, ...f.remediation]) {
      expect(englishLeft(line), `zh-TW ${JSON.stringify(line)}`).toEqual([]);
      expect(/[\u4e00-\u9fff]/.test(line) || /^(kubectl|crictl|journalctl|kdiag) /.test(line), `zh-TW line neither Chinese nor a command: ${JSON.stringify(line)}`).toBe(true);
    }
  }
}
