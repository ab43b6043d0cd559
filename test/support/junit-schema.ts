// The JUnit XML every kdiag report is checked against (gate, analyze, scan): the structure CI readers take
// (Jenkins' junit plugin, GitLab, GitHub test reporters), written out as the rules of the usual JUnit
// schema: a <testsuites> root, <testsuite>s with name/tests/failures/errors/time (and skipped, timestamp),
// <testcase>s with name/classname/time holding at most one of <failure>/<error>/<skipped> (failure and error
// with message and type) and <system-out>/<system-err> text; the counts agree with the cases; numbers are
// numbers; nothing else. One list of what is wrong, empty when the document conforms.
import { XMLParser, XMLValidator } from 'fast-xml-parser';

type Node = Record<string, unknown>;

const SUITES_ATTRS = new Set(['name', 'tests', 'failures', 'errors', 'time', 'disabled', 'skipped']);
const SUITE_ATTRS = new Set(['name', 'tests', 'failures', 'errors', 'time', 'skipped', 'timestamp', 'hostname', 'id', 'package', 'disabled']);
const SUITE_REQUIRED = ['name', 'tests', 'failures', 'errors', 'time'];
const CASE_ATTRS = new Set(['name', 'classname', 'time', 'assertions', 'status', 'file', 'line']);
const CASE_REQUIRED = ['name', 'classname', 'time'];
const CASE_CHILDREN = new Set(['failure', 'error', 'skipped', 'system-out', 'system-err']);
const COUNT = /^\d+$/;
const TIME = /^\d+(\.\d+)?$/;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})?$/;

const attrs = (n: Node): Record<string, string> => Object.fromEntries(Object.entries(n).filter(([k]) => k.startsWith('@')).map(([k, v]) => [k.slice(1), String(v)]));
const children = (n: Node): string[] => Object.keys(n).filter((k) => !k.startsWith('@') && k !== '#text');
const many = (v: unknown): Node[] => (v === undefined ? [] : Array.isArray(v) ? (v as Node[]) : [v as Node]);

export function junitProblems(xml: string): string[] {
  const out: string[] = [];
  const valid = XMLValidator.validate(xml);
  if (valid !== true) return [`not well-formed XML: ${valid.err.msg} (line ${valid.err.line})`];
  if (!xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')) out.push('no XML declaration with UTF-8');
  const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', parseAttributeValue: false, parseTagValue: false, isArray: (name) => ['testsuite', 'testcase', 'failure', 'error', 'skipped', 'system-out', 'system-err'].includes(name) }).parse(xml) as Node;
  const roots = children(doc).filter((k) => k !== '?xml');
  if (roots.length !== 1 || roots[0] !== 'testsuites') return [...out, `the root must be one <testsuites>, not ${roots.join(', ')}`];
  const root = doc.testsuites as Node;
  for (const [k, v] of Object.entries(attrs(root))) {
    if (!SUITES_ATTRS.has(k)) out.push(`<testsuites> has an unknown attribute ${k}`);
    if (k !== 'name' && k !== 'time' && !COUNT.test(v)) out.push(`<testsuites ${k}="${v}"> is not a count`);
  }
  for (const c of children(root)) if (c !== 'testsuite') out.push(`<testsuites> holds a <${c}>`);
  let tests = 0;
  let failures = 0;
  for (const suite of many(root.testsuite)) {
    const a = attrs(suite);
    for (const k of SUITE_REQUIRED) if (a[k] === undefined) out.push(`<testsuite> lacks ${k}`);
    for (const k of Object.keys(a)) if (!SUITE_ATTRS.has(k)) out.push(`<testsuite> has an unknown attribute ${k}`);
    for (const k of ['tests', 'failures', 'errors', 'skipped']) if (a[k] !== undefined && !COUNT.test(a[k]!)) out.push(`<testsuite ${k}="${a[k]}"> is not a count`);
    if (a.time !== undefined && !TIME.test(a.time)) out.push(`<testsuite time="${a.time}"> is not seconds`);
    if (a.timestamp !== undefined && !ISO.test(a.timestamp)) out.push(`<testsuite timestamp="${a.timestamp}"> is not an ISO 8601 time`);
    for (const c of children(suite)) if (!['testcase', 'properties', 'system-out', 'system-err'].includes(c)) out.push(`<testsuite> holds a <${c}>`);
    const cases = many(suite.testcase);
    let failed = 0;
    for (const tc of cases) {
      const ca = attrs(tc);
      for (const k of CASE_REQUIRED) if (ca[k] === undefined) out.push(`<testcase ${ca.name ?? '?'}> lacks ${k}`);
      for (const k of Object.keys(ca)) if (!CASE_ATTRS.has(k)) out.push(`<testcase> has an unknown attribute ${k}`);
      if (ca.time !== undefined && !TIME.test(ca.time)) out.push(`<testcase time="${ca.time}"> is not seconds`);
      const kids = children(tc);
      for (const c of kids) if (!CASE_CHILDREN.has(c)) out.push(`<testcase ${ca.name}> holds a <${c}>`);
      const verdicts = kids.filter((c) => c === 'failure' || c === 'error' || c === 'skipped').flatMap((c) => many(tc[c]));
      if (verdicts.length > 1) out.push(`<testcase ${ca.name}> has ${verdicts.length} failure/error/skipped elements`);
      for (const f of [...many(tc.failure), ...many(tc.error)]) {
        const fa = typeof f === 'object' ? attrs(f) : {};
        if (fa.message === undefined || fa.type === undefined) out.push(`a <failure> of ${ca.name} lacks message or type`);
        if (typeof f === 'object') for (const c of children(f)) out.push(`a <failure> of ${ca.name} holds a <${c}>`);
      }
      for (const s of [...many(tc['system-out']), ...many(tc['system-err'])]) if (typeof s === 'object' && children(s).length > 0) out.push(`<system-out> of ${ca.name} holds elements`);
      if (many(tc.failure).length > 0) failed++;
    }
    if (a.tests !== undefined && Number(a.tests) !== cases.length) out.push(`<testsuite tests="${a.tests}"> but ${cases.length} test cases`);
    if (a.failures !== undefined && Number(a.failures) !== failed) out.push(`<testsuite failures="${a.failures}"> but ${failed} cases fail`);
    tests += cases.length;
    failures += failed;
  }
  const ra = attrs(root);
  if (ra.tests !== undefined && Number(ra.tests) !== tests) out.push(`<testsuites tests="${ra.tests}"> but ${tests} test cases`);
  if (ra.failures !== undefined && Number(ra.failures) !== failures) out.push(`<testsuites failures="${ra.failures}"> but ${failures} cases fail`);
  return out;
}
