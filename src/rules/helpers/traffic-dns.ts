// The DNS findings of a traffic rule's target Pod, computed once per Pod and language.
import type { Pod } from '../../model/k8s.js';
import { dnsFindings } from '../../traffic/path/dns-path.js';
import type { Finding, TrafficRuleContext } from '../types.js';

const found = new WeakMap<object, Map<string, Finding[]>>();

export function podDnsFindings(ctx: TrafficRuleContext, rule: string): Finding[] {
  if (ctx.target.kind !== 'Pod') return [];
  let byLang = found.get(ctx.target);
  if (!byLang) found.set(ctx.target, (byLang = new Map()));
  let all = byLang.get(ctx.options.lang);
  if (!all) byLang.set(ctx.options.lang, (all = dnsFindings(ctx.snapshot, ctx.target as Pod, ctx.options.lang)));
  return all.filter((f) => f.rule === rule);
}
