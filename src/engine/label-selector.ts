import { UsageError } from '../errors.js';

/** A parsed label selector: true when a set of labels matches it. */
export type LabelSelector = (labels: Readonly<Record<string, string>>) => boolean;

type Token = { kind: 'id' | 'op' | '!' | '(' | ')' | ','; text: string };

const NAME = /^([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]$/;
const DNS_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;

/**
 * The Kubernetes label-selector grammar, as kubectl's `-l` and the API server read it
 * (k8s.io/apimachinery/pkg/labels): comma-joined requirements, each `k=v`, `k==v`, `k!=v`, `k in (a,b)`,
 * `k notin (a,b)`, `k` (exists), `!k` (does not exist), `k>n`, `k<n`; whitespace around tokens is ignored;
 * an empty value (`k=`) is the empty string. `!=` and `notin` also match objects without the key.
 * The one implementation every command uses.
 */
export function parseLabelSelector(text: string): LabelSelector {
  const fail = (why: string): never => {
    throw new UsageError(`cannot read the label selector "${text}": ${why}`, { hint: "e.g. -l app=api,tier!=cache or -l 'env in (prod,qa),!canary'" });
  };
  const tokens = tokenize(text, fail);
  const reqs: LabelSelector[] = [];
  let i = 0;
  const peek = (): Token | undefined => tokens[i];
  const take = (): Token | undefined => tokens[i++];
  while (i < tokens.length) {
    let t = take()!;
    if (t.kind === '!') {
      const key = take();
      if (key?.kind !== 'id') fail('"!" must be followed by a label key');
      const k = checkKey(key!.text, fail);
      reqs.push((l) => !Object.hasOwn(l, k));
    } else if (t.kind === 'id') {
      const k = checkKey(t.text, fail);
      const next = peek();
      if (!next || next.kind === ',') {
        reqs.push((l) => Object.hasOwn(l, k));
      } else if (next.kind === 'op') {
        take();
        const op = next.text;
        const v = peek()?.kind === 'id' ? take()!.text : '';
        if (op === 'in' || op === 'notin') fail(`"${op}" needs a parenthesised list of values`);
        if (op === '>' || op === '<') {
          if (!/^-?\d+$/.test(v)) fail(`"${k} ${op}" needs an integer value`);
          const n = Number(v);
          reqs.push((l) => Object.hasOwn(l, k) && /^-?\d+$/.test(l[k]!) && (op === '>' ? Number(l[k]) > n : Number(l[k]) < n));
        } else {
          const value = checkValue(v, fail);
          reqs.push(op === '!=' ? (l) => l[k] !== value || !Object.hasOwn(l, k) : (l) => Object.hasOwn(l, k) && l[k] === value);
        }
      } else if (next.kind === 'id' && (next.text === 'in' || next.text === 'notin')) {
        take();
        if (take()?.kind !== '(') fail(`"${next.text}" must be followed by "("`);
        const values = new Set<string>();
        for (;;) {
          const v = peek()?.kind === 'id' ? take()!.text : '';
          values.add(checkValue(v, fail));
          t = take() ?? fail('missing ")"');
          if (t.kind === ')') break;
          if (t.kind !== ',') fail(`unexpected "${t.text}" in a list of values`);
        }
        reqs.push(next.text === 'in' ? (l) => Object.hasOwn(l, k) && values.has(l[k]!) : (l) => !Object.hasOwn(l, k) || !values.has(l[k]!));
      } else {
        fail(`unexpected "${next.text}" after "${k}"`);
      }
    } else {
      fail(`unexpected "${t.text}"`);
    }
    const sep = take();
    if (sep && sep.kind !== ',') fail(`expected "," before "${sep.text}"`);
    if (sep && i >= tokens.length) fail('a trailing "," needs a requirement after it');
  }
  return (labels) => reqs.every((r) => r(labels));
}

function tokenize(text: string, fail: (why: string) => never): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    const two = text.slice(i, i + 2);
    if (two === '==' || two === '!=') {
      out.push({ kind: 'op', text: two === '==' ? '=' : '!=' });
      i += 2;
    } else if (c === '=' || c === '>' || c === '<') {
      out.push({ kind: 'op', text: c });
      i++;
    } else if (c === '!' || c === '(' || c === ')' || c === ',') {
      out.push({ kind: c, text: c });
      i++;
    } else {
      let j = i;
      while (j < text.length && !/[\s,()=!<>]/.test(text[j]!)) j++;
      out.push({ kind: 'id', text: text.slice(i, j) });
      i = j;
    }
  }
  if (out.some((t) => t.kind === 'id' && /[\u0000-\u001f\u007f]/.test(t.text))) fail('control characters');
  return out;
}

function checkKey(key: string, fail: (why: string) => never): string {
  const slash = key.indexOf('/');
  const prefix = slash >= 0 ? key.slice(0, slash) : undefined;
  const name = slash >= 0 ? key.slice(slash + 1) : key;
  if (prefix !== undefined && (prefix.length > 253 || !DNS_SUBDOMAIN.test(prefix))) fail(`"${key}": the prefix must be a DNS subdomain`);
  if (name.length > 63 || !NAME.test(name)) fail(`"${key}" is not a valid label key`);
  return key;
}

function checkValue(value: string, fail: (why: string) => never): string {
  if (value !== '' && (value.length > 63 || !NAME.test(value))) fail(`"${value}" is not a valid label value`);
  return value;
}
