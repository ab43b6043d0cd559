// Every entry of the typed rule-message catalogue, rendered with sample parameters in zh-TW: no English
// sentence left (commands, quotes and reasons aside), no Simplified character, and English still renders.
import { describe, expect, it } from 'vitest';
import { zhTWRules } from '../../src/i18n/rule-messages/zh-TW.js';
import { enRules } from '../../src/rules/messages/en.js';
import { ruleMessages } from '../../src/rules/messages/index.js';
import { englishLeft } from '../harness/english-left.js';
import { simplifiedIn } from '../harness/simplified.js';
import { SAMPLES } from './rule-message-samples.js';

type Fn = (...args: unknown[]) => string | string[];
interface Leaf {
  path: string;
  zh: Fn;
  en: Fn;
  samples: unknown[][];
}

function leaves(zh: Record<string, unknown>, en: Record<string, unknown>, samples: Record<string, unknown>, path = ''): Leaf[] {
  return Object.keys(zh).flatMap((k) => {
    const at = path ? `${path}.${k}` : k;
    const z = zh[k];
    if (typeof z === 'function') return [{ path: at, zh: z as Fn, en: en[k] as Fn, samples: (samples[k] ?? []) as unknown[][] }];
    return leaves(z as Record<string, unknown>, en[k] as Record<string, unknown>, (samples[k] ?? {}) as Record<string, unknown>, at);
  });
}

const ALL = leaves(zhTWRules as unknown as Record<string, unknown>, enRules as unknown as Record<string, unknown>, SAMPLES as unknown as Record<string, unknown>);
const COMMAND = /^(kubectl|crictl|journalctl|kdiag) /;

describe('the typed rule-message catalogue in zh-TW', () => {
  it('is the catalogue the rules get after loadLanguage, and has the same entries as English', () => {
    expect(ruleMessages('zh-TW')).toBe(zhTWRules);
    expect(ruleMessages('en')).toBe(enRules);
    expect(leaves(enRules as unknown as Record<string, unknown>, zhTWRules as unknown as Record<string, unknown>, {}).map((l) => l.path).sort()).toEqual(ALL.map((l) => l.path).sort());
    expect(ALL.length).toBeGreaterThan(40);
  });

  for (const leaf of ALL) {
    it(`${leaf.path}: every sample reads as Traditional Chinese`, () => {
      expect(leaf.samples.length, 'samples').toBeGreaterThan(0);
      for (const args of leaf.samples) {
        const en = [leaf.en(...args)].flat();
        const zh = [leaf.zh(...args)].flat();
        expect(zh.length, 'as many fix steps as in English').toBe(en.length);
        for (const line of zh) {
          if (line === '') continue;
          expect(englishLeft(line), `English left in ${JSON.stringify(line)}`).toEqual([]);
          expect(simplifiedIn(line), `Simplified in ${JSON.stringify(line)}`).toEqual([]);
          expect(/[\u4e00-\u9fff]/.test(line) || COMMAND.test(line), `neither Chinese nor a command: ${JSON.stringify(line)}`).toBe(true);
        }
      }
    });
  }
});
