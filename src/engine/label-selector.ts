import { UsageError } from '../errors.js';

type Requirement = (labels: Record<string, string>) => boolean;

/** kubectl's `-l` syntax: `a=b`, `a==b`, `a!=b`, `a`, `!a`, `a in (x,y)`, `a notin (x,y)`, comma-joined. */
export function parseLabelSelector(text: string): (labels: Record<string, string>) => boolean {
  const parts = text.match(/[^,(]+(?:\([^)]*\))?/g)?.map((p) => p.trim()).filter(Boolean) ?? [];
  const reqs: Requirement[] = parts.map((part) => {
    let m: RegExpExecArray | null;
    if ((m = /^([\w./-]+)\s*(==|=|!=)\s*([\w.-]*)$/.exec(part))) {
      const [, k, op, v] = m as unknown as [string, string, string, string];
      return op === '!=' ? (l) => l[k] !== v : (l) => l[k] === v;
    }
    if ((m = /^([\w./-]+)\s+(in|notin)\s*\(([^)]*)\)$/.exec(part))) {
      const [, k, op, list] = m as unknown as [string, string, string, string];
      const values = list.split(',').map((v) => v.trim());
      return op === 'in' ? (l) => k in l && values.includes(l[k]!) : (l) => !(k in l) || !values.includes(l[k]!);
    }
    if ((m = /^!([\w./-]+)$/.exec(part))) {
      const k = m[1]!;
      return (l) => !(k in l);
    }
    if ((m = /^([\w./-]+)$/.exec(part))) {
      const k = m[1]!;
      return (l) => k in l;
    }
    throw new UsageError(`cannot read the label selector "${text}"`, { hint: 'e.g. -l app=api,tier!=cache' });
  });
  return (labels) => reqs.every((r) => r(labels));
}
