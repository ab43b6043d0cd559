// .kdiag.yaml: the parser (every mistake one line naming file:line) and the matcher (namespace, name glob,
// label selector, expiry), with the near misses that must not suppress anything.
import { describe, expect, it } from 'vitest';
import { parseIgnoreConfig } from '../../src/engine/ignore-config.js';
import { entryApplies, globMatches, partitionFindings, type IgnoreEntry } from '../../src/engine/suppress.js';
import { UsageError } from '../../src/errors.js';
import type { Finding } from '../../src/rules/types.js';

const KNOWN = new Set(['container/crash-loop', 'container/no-resources', 'image/not-found', 'readiness']);
const parse = (text: string, today = '2026-06-15') => parseIgnoreConfig(text, { source: '.kdiag.yaml', today, known: (id) => KNOWN.has(id) });
const only = (text: string, today?: string): IgnoreEntry => {
  const { entries } = parse(text, today);
  expect(entries).toHaveLength(1);
  return entries[0]!;
};

describe('.kdiag.yaml: which Pods an entry applies to', () => {
  const pod = { namespace: 'shop', name: 'web-7d9f-x2k', labels: { app: 'web', tier: 'front' } };
  const rows: Array<[string, string, boolean]> = [
    ['no scope: every Pod', 'rules: [container/crash-loop]', true],
    ['namespace, exact', 'namespace: shop', true],
    ['namespace of another team (near miss)', 'namespace: shop-staging', false],
    ['namespace glob', 'namespace: "sh*"', true],
    ['name glob', 'name: "web-*"', true],
    ['name glob for another workload (near miss)', 'name: "api-*"', false],
    ['name with ? for one character', 'name: "web-7d9f-x2?"', true],
    ['name without a glob must be whole (near miss)', 'name: web', false],
    ['label selector', 'selector: app=web,tier in (front,back)', true],
    ['label selector that does not hold (near miss)', 'selector: app=web,tier!=front', false],
    ['every scope at once', 'namespace: shop\n    name: "web-*"\n    selector: app=web', true],
    ['one scope of three misses (near miss)', 'namespace: shop\n    name: "web-*"\n    selector: app=api', false],
    ['expires later', 'expires: 2026-06-15', true],
    ['expired yesterday (near miss)', 'expires: 2026-06-14', false],
  ];
  for (const [title, scope, applies] of rows) {
    it(title, () => {
      const lines = scope.startsWith('rules:') ? scope : `rules: [container/crash-loop]\n    ${scope}`;
      const entry = only(`ignore:\n  - ${lines}\n    reason: accepted by the team\n`);
      expect(entryApplies(entry, pod)).toBe(applies);
    });
  }
});

describe('.kdiag.yaml: what an entry says about itself', () => {
  it('names its file and line, and its reason', () => {
    const { entries, notes } = parse('# team config\nignore:\n  - rules: [readiness]\n    reason: canary Pods\n  - rules: container/no-resources, image/not-found\n    reason: debug\n');
    expect(entries.map((e) => [e.source, e.rules, e.reason])).toEqual([
      ['.kdiag.yaml:3', ['readiness'], 'canary Pods'],
      ['.kdiag.yaml:5', ['container/no-resources', 'image/not-found'], 'debug'],
    ]);
    expect(notes).toEqual([]);
  });
  it('an expired entry applies to nothing and says so in a note', () => {
    const { entries, notes } = parse('ignore:\n  - rules: [readiness]\n    reason: until the fix ships\n    expires: 2026-01-31\n');
    expect(entries[0]!.expired).toBe(true);
    expect(notes).toEqual(['.kdiag.yaml:2: this ignore entry expired on 2026-01-31 and no longer applies']);
  });
  it('an empty file ignores nothing', () => {
    expect(parse('')).toEqual({ entries: [], notes: [] });
    expect(parse('ignore:\n')).toEqual({ entries: [], notes: [] });
  });
});

describe('.kdiag.yaml: every mistake is one line naming the file and line', () => {
  const rows: Array<[string, string, RegExp]> = [
    ['unknown top-level key', 'ignore: []\nfailon: warning\n', /^\.kdiag\.yaml:2: unknown key "failon"$/],
    ['unknown key in an entry', 'ignore:\n  - rules: [readiness]\n    reason: x\n    namspace: shop\n', /^\.kdiag\.yaml:4: unknown key "namspace" in an ignore entry$/],
    ['unknown rule id', 'ignore:\n  - rules: [container/crashloop]\n    reason: x\n', /^\.kdiag\.yaml:2: unknown rule or stage "container\/crashloop"$/],
    ['no reason', 'ignore:\n  - rules: [readiness]\n', /^\.kdiag\.yaml:2: an ignore entry needs a "reason"/],
    ['no rules', 'ignore:\n  - reason: x\n', /^\.kdiag\.yaml:2: an ignore entry needs "rules"/],
    ['a date that does not exist', 'ignore:\n  - rules: [readiness]\n    reason: x\n    expires: 2026-02-30\n', /^\.kdiag\.yaml:4: "expires" must be a date such as 2026-12-31, not "2026-02-30"$/],
    ['a bad label selector', 'ignore:\n  - rules: [readiness]\n    reason: x\n    selector: "app=("\n', /^\.kdiag\.yaml:4: cannot read the label selector/],
    ['not YAML', 'ignore: [\n', /^\.kdiag\.yaml:\d+: not valid YAML/],
    ['ignore is not a list', 'ignore: readiness\n', /^\.kdiag\.yaml:1: "ignore" must be a list of entries$/],
  ];
  for (const [title, text, message] of rows) {
    it(title, () => {
      let thrown: unknown;
      try {
        parse(text);
      } catch (err) {
        thrown = err;
      }
      expect(thrown).toBeInstanceOf(UsageError);
      expect((thrown as Error).message).toMatch(message);
      expect((thrown as Error).message).not.toContain('\n');
    });
  }
});

describe('partitionFindings: the one place a finding is suppressed', () => {
  const finding = (rule: string, stage: Finding['stage'], severity: Finding['severity'] = 'error'): Finding => ({ rule, stage, severity, confidence: 'high', ...(severity === 'info' ? {} : { failureClass: 'deterministic' as const }), title: rule, message: rule, evidence: [], remediation: [] });
  const found = [finding('container/crash-loop', 'container'), finding('container/no-resources', 'container', 'warning'), finding('readiness/probe-failing', 'readiness')];
  const subject = (annotations: Record<string, string> = {}, owner?: Record<string, string>) => ({
    namespace: 'shop',
    name: 'web-1',
    labels: {},
    annotated: [
      { ref: 'pod/web-1', object: { metadata: { name: 'web-1', annotations } } },
      ...(owner ? [{ ref: 'deploy/web', object: { metadata: { name: 'web', annotations: owner } } }] : []),
    ],
  });
  it('a rule id, a whole stage, and nothing else', () => {
    const { kept, suppressed } = partitionFindings(found, subject(), { entries: [{ rules: ['container/crash-loop', 'readiness'], source: '--ignore' }] });
    expect(kept.map((f) => f.rule)).toEqual(['container/no-resources']);
    expect(suppressed.map((f) => [f.rule, f.suppressedBy.source])).toEqual([['container/crash-loop', '--ignore'], ['readiness/probe-failing', '--ignore']]);
  });
  it('the traffic group names every traffic rule and nothing else at the readiness stage', () => {
    const withTraffic = [...found, finding('traffic/policy-denies', 'readiness'), finding('traffic/dns-egress-denied', 'readiness')];
    const { kept, suppressed } = partitionFindings(withTraffic, subject(), { entries: [{ rules: ['traffic'], source: '--ignore' }] });
    expect(suppressed.map((f) => f.rule)).toEqual(['traffic/policy-denies', 'traffic/dns-egress-denied']);
    expect(kept.map((f) => f.rule)).toEqual(['container/crash-loop', 'container/no-resources', 'readiness/probe-failing']);
  });
  it('a group is a whole word of the id: "traffic" does not name a rule whose id only begins with it (near miss)', () => {
    const { suppressed } = partitionFindings([finding('trafficking/x', 'readiness')], subject(), { entries: [{ rules: ['traffic'], source: '--ignore' }] });
    expect(suppressed).toEqual([]);
  });
  it('an annotation on the owner, with its reason', () => {
    const { suppressed } = partitionFindings(found, subject({}, { 'kdiag.io/ignore': 'container/no-resources', 'kdiag.io/ignore-reason': 'batch tier' }), { entries: [] });
    expect(suppressed.map((f) => [f.rule, f.suppressedBy])).toEqual([['container/no-resources', { source: 'annotation on deploy/web', reason: 'batch tier' }]]);
  });
  it('a config entry for another namespace or an expired one suppresses nothing (near misses)', () => {
    const other: IgnoreEntry = { rules: ['container/crash-loop'], source: '.kdiag.yaml:3', namespace: 'billing' };
    const expired: IgnoreEntry = { rules: ['container/crash-loop'], source: '.kdiag.yaml:7', expired: true, expires: '2020-01-01' };
    expect(partitionFindings(found, subject(), { entries: [other, expired] }).suppressed).toEqual([]);
  });
  it('annotations are not read when turned off', () => {
    expect(partitionFindings(found, subject({ 'kdiag.io/ignore': 'container/crash-loop' }), { entries: [], annotations: false }).suppressed).toEqual([]);
  });
});

describe('globMatches', () => {
  it.each([
    ['web-*', 'web-1', true],
    ['web-*', 'api-1', false],
    ['*.prod', 'a.prod', true],
    ['a.b', 'axb', false],
    ['[x]', '[x]', true],
  ])('%s ~ %s', (glob, text, ok) => expect(globMatches(glob, text)).toBe(ok));
});
