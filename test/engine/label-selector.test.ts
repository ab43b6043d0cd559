// The one label-selector implementation, on the examples of the Kubernetes docs ("Labels and Selectors")
// and the parser's edge cases (k8s.io/apimachinery/pkg/labels): every command that takes -l uses it.
import { describe, expect, it } from 'vitest';
import { parseLabelSelector } from '../../src/engine/label-selector.js';
import { UsageError } from '../../src/errors.js';

const prodFrontend = { environment: 'production', tier: 'frontend' };
const prodBackend = { environment: 'production', tier: 'backend' };
const qaPartitioned = { environment: 'qa', partition: 'customerA' };
const dev = { environment: 'dev' };
const none = {};
const ALL = { prodFrontend, prodBackend, qaPartitioned, dev, none };

// selector → the label sets (above) it matches
const TABLE: Array<[string, Array<keyof typeof ALL>]> = [
  // equality-based (docs)
  ['environment = production', ['prodFrontend', 'prodBackend']],
  ['environment == production', ['prodFrontend', 'prodBackend']],
  ['tier != frontend', ['prodBackend', 'qaPartitioned', 'dev', 'none']],
  ['environment=production,tier!=frontend', ['prodBackend']],
  // set-based (docs)
  ['environment in (production, qa)', ['prodFrontend', 'prodBackend', 'qaPartitioned']],
  ['tier notin (frontend, backend)', ['qaPartitioned', 'dev', 'none']],
  ['partition', ['qaPartitioned']],
  ['!partition', ['prodFrontend', 'prodBackend', 'dev', 'none']],
  ['partition in (customerA, customerB),environment!=qa', []],
  ['partition in (customerA, customerB),environment=qa', ['qaPartitioned']],
  // kubectl docs examples
  ['environment in (production),tier in (frontend)', ['prodFrontend']],
  ['environment,environment notin (frontend)', ['prodFrontend', 'prodBackend', 'qaPartitioned', 'dev']],
  // edge cases of the grammar
  ['', ['prodFrontend', 'prodBackend', 'qaPartitioned', 'dev', 'none']],
  ['  environment  in(qa)  ', ['qaPartitioned']],
  ['tier in ()', []],
  ['environment=production,!tier', []],
];

describe('parseLabelSelector', () => {
  for (const [selector, expected] of TABLE) {
    it(`"${selector}" matches ${expected.join(', ') || 'nothing'}`, () => {
      const match = parseLabelSelector(selector);
      const got = (Object.keys(ALL) as Array<keyof typeof ALL>).filter((k) => match(ALL[k]));
      expect(got).toEqual(expected);
    });
  }

  it('an empty value means the empty string', () => {
    expect(parseLabelSelector('a=')({ a: '' })).toBe(true);
    expect(parseLabelSelector('a=')({ a: 'x' })).toBe(false);
    expect(parseLabelSelector('a=')({})).toBe(false);
    expect(parseLabelSelector('a==')({ a: '' })).toBe(true);
  });

  it('keys may carry a DNS prefix', () => {
    expect(parseLabelSelector('app.kubernetes.io/name=api')({ 'app.kubernetes.io/name': 'api' })).toBe(true);
    expect(parseLabelSelector('!app.kubernetes.io/name')({ 'app.kubernetes.io/name': 'api' })).toBe(false);
  });

  it('> and < compare integers', () => {
    expect(parseLabelSelector('replicas>2')({ replicas: '3' })).toBe(true);
    expect(parseLabelSelector('replicas>2')({ replicas: '2' })).toBe(false);
    expect(parseLabelSelector('replicas<2')({ replicas: 'x' })).toBe(false);
  });

  it('a label named like an operator word is still a key', () => {
    expect(parseLabelSelector('in=x')({ in: 'x' })).toBe(true);
  });

  for (const bad of ['a in (x', 'a in x', 'a notin', '=x', 'a b', 'a,', ',a', 'a=b=c', '!', 'a=(x)', '-bad=x', 'a=bad value', 'a>x', 'a!b', `${'k'.repeat(64)}=v`, 'UPPER.Prefix/k=v']) {
    it(`refuses "${bad}" with a usage error`, () => {
      expect(() => parseLabelSelector(bad)).toThrow(UsageError);
    });
  }
});
