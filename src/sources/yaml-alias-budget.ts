import { isAlias, isMap, isPair, isScalar, isSeq, type Document } from 'yaml';

/**
 * How much text YAML aliases may add to a document beyond its own size. kubectl never writes aliases; a
 * hand-written dump may reuse a few small blocks. A 1 MB anchor referenced 999 times would add 1 GB.
 */
export const MAX_ALIAS_EXPANSION = 8 * 2 ** 20;

const mib = (n: number): string => (n >= 2 ** 30 ? `${(n / 2 ** 30).toFixed(1)} GiB` : n < 10 * 2 ** 20 ? `${(n / 2 ** 20).toFixed(1)} MiB` : `${Math.round(n / 2 ** 20)} MiB`);

/**
 * Refuses "billion laughs": the size a composed document would have with every alias expanded (the YAML
 * library's own limit counts alias nodes, not the bytes they repeat), measured before anything expands it.
 * One pass over the syntax tree in document order, iterative (any depth), each node measured once.
 * Returns a reason to refuse, or undefined.
 */
export function aliasExpansionProblem(doc: Document, sourceLength: number, limit = MAX_ALIAS_EXPANSION): string | undefined {
  const anchors = new Map<string, unknown>();
  const size = new Map<unknown, number>();
  let aliases = 0;
  // Post-order with an explicit stack: [node, childrenPushed].
  const stack: Array<[unknown, boolean]> = [[doc.contents, false]];
  while (stack.length > 0) {
    const top = stack[stack.length - 1]!;
    const [node, expanded] = top;
    if (!expanded) {
      top[1] = true;
      const anchor = (node as { anchor?: unknown } | null)?.anchor;
      if (typeof anchor === 'string') anchors.set(anchor, node);
      const children = isMap(node) || isSeq(node) ? (node.items as unknown[]) : isPair(node) ? [node.key, node.value] : [];
      for (let i = children.length - 1; i >= 0; i--) stack.push([children[i], false]);
      continue;
    }
    stack.pop();
    let n = 1;
    if (isScalar(node)) n = typeof node.value === 'string' ? node.value.length : 4;
    else if (isAlias(node)) {
      aliases++;
      // An alias to a node still being measured (a cycle) adds nothing: the library refuses cycles itself.
      n = size.get(anchors.get(node.source)) ?? 0;
    } else if (isMap(node) || isSeq(node)) for (const child of node.items as unknown[]) n += size.get(child) ?? 0;
    else if (isPair(node)) n += (size.get(node.key) ?? 0) + (size.get(node.value) ?? 0);
    size.set(node, n);
  }
  const total = size.get(doc.contents) ?? 0;
  if (total <= sourceLength + limit) return undefined;
  return `its ${aliases} YAML alias(es) would expand ${mib(sourceLength)} of text to about ${mib(total)}; kdiag refuses alias amplification past ${mib(limit)}`;
}
