import { describe, expect, it } from 'vitest';
import { phrase, tidy, translate, type Phrase } from '../../src/i18n/rule-messages/phrase.js';
import { ERROR_PHRASES } from '../../src/i18n/error-phrases.zh-TW.js';
import { ALL_RULES } from '../../src/rules/index.js';
import { zhTWRules } from '../../src/i18n/rule-messages/zh-TW.js';
import { englishLeft } from '../harness/english-left.js';
import { NATIVE_ZH_TW } from '../harness/zh-TW-rows.js';

// The rule tests (test/harness/rule-tester.ts) render every firing row in zh-TW with the row's real
// parameters and fail on an English sentence left over; this file checks the catalogue itself.
describe('zh-TW rule messages', () => {
  it('every registered rule builds its zh-TW text from the typed catalogue, and the list names no unknown rule', () => {
    const ids = ALL_RULES.map((r) => r.id);
    expect(ids.filter((id) => !NATIVE_ZH_TW.has(id)), 'rules not on the typed catalogue').toEqual([]);
    expect([...NATIVE_ZH_TW].filter((id) => !ids.includes(id)), 'entries that name no rule').toEqual([]);
  });

  // The phrase matcher (phrase.ts) translates the error messages and --help (error-phrases.zh-TW.ts, help.zh-TW.ts).
  it('slots capture names, quoted text, numbers and ages, and leave everything else alone', () => {
    const p = [phrase('Volume "{v:q}" on node {node} waited {age:d} for {n:n} tries.', ({ v, node, age, n }) => `Volume「${v}」在節點 ${node} 上等了 ${age}，試了 ${n} 次。`)];
    expect(translate('Volume "data" on node kdiag-node-1 waited 2m30s for 3 tries.', p)).toBe('Volume「data」在節點 kdiag-node-1 上等了 2m30s，試了 3 次。');
    expect(translate('Volume "data" on node node.example.com waited 5m for 3 tries. Next.', p)).toBe('Volume「data」在節點 node.example.com 上等了 5m，試了 3 次。 Next.');
    // Near misses: not an age, not a number: the text stays as it was.
    expect(translate('Volume "data" on node n1 waited long for 3 tries.', p)).toBe('Volume "data" on node n1 waited long for 3 tries.');
    expect(translate('Volume "data" on node n1 waited 5m for many tries.', p)).toBe('Volume "data" on node n1 waited 5m for many tries.');
  });

  it("a text without a phrase's longest fixed piece is not matched against it: its pattern is not even compiled", () => {
    const p = phrase('Volume "{v:q}" on node {node} waited {age:d} for {n:n} tries.', () => 'x');
    expect(p.literal).toBe('" on node ');
    let compiled = 0;
    const counted = new Proxy(p, { get: (target, key) => (key === 'pattern' && compiled++, Reflect.get(target, key)) });
    expect(translate('Volume "data" on the node n1 waited 5m for 3 tries.', [counted])).toBe('Volume "data" on the node n1 waited 5m for 3 tries.');
    expect(compiled).toBe(0);
    expect(translate('Volume "data" on node n1 waited 5m for 3 tries.', [counted])).toBe('x');
    expect(compiled).toBeGreaterThan(0);
  });

  it('the fixed-piece check changes no translation: every error phrase, its slots filled, translates as without it', () => {
    const SAMPLE: Record<string, string> = { '': 'kdiag-node-1', q: 'data volume', n: '3', d: '5m9s', '*': 'a b c', $: 'the rest of it' };
    const unguarded = (text: string, phrases: readonly Phrase[]): string => {
      let out = text;
      for (const p of phrases) {
        p.pattern.lastIndex = 0;
        out = out.replace(p.pattern, (...args: unknown[]) => p.zh(args[args.length - 1] as Record<string, string>));
      }
      return out;
    };
    let translated = 0;
    for (const { en } of ERROR_PHRASES) {
      const text = en.replace(/\{\w+(?::([qnd*$]))?\}/g, (_, kind: string | undefined) => SAMPLE[kind ?? '']!);
      const out = translate(text, ERROR_PHRASES);
      expect(out, text).toBe(unguarded(text, ERROR_PHRASES));
      if (out !== text) translated++;
    }
    expect(translated).toBe(ERROR_PHRASES.length);
  });

  it('a clause slot at the end of a phrase does not stop at a dot inside a name', () => {
    const p = [phrase('Pod does not tolerate the taints: {taints:*}.', ({ taints }) => `Pod 不容許這些 taint：${taints}。`)];
    expect(translate('Pod does not tolerate the taints: node.kubernetes.io/not-ready:NoSchedule. Unschedulable.', p)).toBe('Pod 不容許這些 taint：node.kubernetes.io/not-ready:NoSchedule。 Unschedulable.');
  });

  it('tidies punctuation around Chinese text and closes brackets in the width they were opened', () => {
    expect(tidy('Pod 要求 6 cpu; 最大的節點（node-1). 下一句')).toBe('Pod 要求 6 cpu；最大的節點（node-1）。下一句');
    expect(tidy('kubectl get pods -l app=x; kubectl get svc')).toBe('kubectl get pods -l app=x; kubectl get svc');
  });

  it('keeps commands, field paths and reason strings exactly', () => {
    const cmd = 'kubectl get events -n shop --field-selector involvedObject.name=api-7d9f-x2k,reason=NotTriggerScaleUp';
    const fix = zhTWRules.insufficientResources.fix({ neverFits: false, template: 'Pod spec（之後重新建立 Pod）', pod: 'api-7d9f-x2k', namespace: 'shop', resources: ['cpu'], unknownFree: false });
    expect(fix[2]).toBe(`增加容量（更多或更大的節點），或查看 cluster autoscaler 為什麼沒有擴展：${cmd}`);
    const tail = zhTWRules.schedulingTail({ clause: { kind: 'for', age: '82s' }, preemption: { verdict: 'no-victims' } });
    const msg = zhTWRules.insufficientResources.message({ neverFits: false, parts: [{ resource: 'cpu', nodes: zhTWRules.nodes({ count: 1, total: 1 }), requests: '1 cpu' }], tail });
    expect(msg).toBe('沒有節點放得下 Pod：1/1 個節點上 Insufficient cpu（Pod 要求 1 cpu）。已無法排程 82s。搶佔找不到可驅逐的優先順序較低的 Pod。');
    expect(englishLeft(msg)).toEqual([]);
  });

  it('puts one space where Chinese meets a Kubernetes expression, none beside a full-width bracket', () => {
    const m = (terms: string[][], selector?: string): string => zhTWRules.nodeSelectorMismatch.message({ ...(selector ? { selector } : {}), terms, nodes: '2/2 個節點', mismatches: [], more: 0, matching: [], tail: '' });
    expect(m([['disktype=ssd', 'zone In [a, b]'], ['gpu Exists']])).toBe('Pod 的必要 node affinity disktype=ssd 且 zone In [a, b] 或 gpu Exists 排除了 2/2 個節點。');
    expect(m([['gpu Exists'], []])).toBe('Pod 的必要 node affinity gpu Exists 或（空的條件）排除了 2/2 個節點。');
    expect(m([['gpu Exists']], 'disktype=ssd')).toBe('Pod 的 nodeSelector disktype=ssd 與必要 node affinity gpu Exists 排除了 2/2 個節點。');
    expect(m([])).toBe('Pod 的 node affinity 排除了 2/2 個節點。');
  });

  it('the leftover check finds English sentences and lets commands, quotes and reasons through', () => {
    expect(englishLeft('Pod 無法排程：Insufficient cpu。')).toEqual([]);
    expect(englishLeft('查看：kubectl describe pod api -n shop   （名稱拼錯？）')).toEqual([]);
    expect(englishLeft('訊息為「the server could not find the requested resource」')).toEqual([]);
    expect(englishLeft('容器「app」 has been Running for 5m but is not Ready')).not.toEqual([]);
    expect(englishLeft('Check the node for the disk.')).not.toEqual([]);
  });
});
