// The traffic path of a traffic rule's target, computed once per target and client and shared by the rules
// that judge it: a later hop is judged only when the earlier ones pass, so the path decides hop by hop and
// each rule keeps the findings under its own id.
import type { KObject } from '../../model/k8s.js';
import { namedClient, parseClient } from '../../traffic/path/clients.js';
import { ingressPath } from '../../traffic/path/ingress-path.js';
import { servicePath } from '../../traffic/path/service-path.js';
import type { TrafficPath } from '../../traffic/path/types.js';
import type { Finding, TrafficRuleContext } from '../types.js';

const paths = new WeakMap<KObject, Map<string, TrafficPath | null>>();

/** The path of a Service or an Ingress (null for any other kind), for the client `from` names. */
export function trafficPathOf(ctx: TrafficRuleContext): TrafficPath | null {
  const key = `${ctx.from ?? ''}\u0000${ctx.options.lang}`;
  let byClient = paths.get(ctx.target);
  if (!byClient) paths.set(ctx.target, (byClient = new Map()));
  if (byClient.has(key)) return byClient.get(key)!;
  const namespace = ctx.target.metadata?.namespace ?? '';
  const spec = ctx.from === undefined ? undefined : parseClient(ctx.from, namespace);
  const client = spec ? namedClient(ctx.snapshot, spec, new Set()) : undefined;
  const options = { lang: ctx.options.lang, ...(client ? { client } : {}) };
  const path = ctx.target.kind === 'Service' ? servicePath(ctx.snapshot, ctx.target, options) : ctx.target.kind === 'Ingress' ? ingressPath(ctx.snapshot, ctx.target, options) : null;
  byClient.set(key, path);
  return path;
}

/** The findings of the target's path that carry `rule`. */
export function pathFindings(ctx: TrafficRuleContext, rule: string): Finding[] {
  return (trafficPathOf(ctx)?.findings ?? []).filter((f) => f.rule === rule);
}
