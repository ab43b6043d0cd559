// kdiag's NetworkPolicy evaluator against two public suites that state the semantics as truth tables (each row
// cites its source): every expected cell must agree.
import { describe, expect, it } from 'vitest';
import { evaluateTraffic } from '../../src/traffic/policy/evaluate.js';
import { expectedCells, type MatrixCase, modelPeer } from './conformance-model.js';
import { ASSISTANT_CASES } from './policy-conformance.assistant-cases.js';
import { E2E_CASES } from './policy-conformance.e2e-cases.js';

const title = (s: MatrixCase['source']) => `${s.repo} ${s.file}: ${s.test}${s.step ? ` [${s.step}]` : ''}`;

function observed(c: MatrixCase) {
  const set = { policies: c.policies, complete: true };
  return expectedCells(c).map(({ from, to }) => {
    const verdict = evaluateTraffic(set, { from: modelPeer(c, from), to: modelPeer(c, to), port: c.probe.port, protocol: c.probe.protocol });
    return { from, to, allowed: verdict.result === 'allowed' ? true : verdict.result === 'denied' ? false : verdict.result };
  });
}

describe('conformance: Kubernetes e2e network policy tests', () => {
  it.each(E2E_CASES.map((c) => [title(c.source), c] as const))('%s', (_name, c) => {
    expect(observed(c)).toEqual(expectedCells(c));
  });
});

describe('conformance: policy-assistant matcher tests', () => {
  it.each(ASSISTANT_CASES.map((c) => [title(c.source), c] as const))('%s', (_name, c) => {
    expect(evaluateTraffic({ policies: c.policies, complete: true }, c.question).result).toBe(c.expect);
  });
});

describe('conformance table', () => {
  it('holds at least 50 cited cases, each asserting at least one denied or allowed cell', () => {
    expect(E2E_CASES.length + ASSISTANT_CASES.length).toBeGreaterThanOrEqual(50);
    for (const c of E2E_CASES) expect(expectedCells(c).length).toBeGreaterThan(0);
    const denied = E2E_CASES.flatMap(expectedCells).filter((cell) => !cell.allowed).length;
    expect(denied).toBeGreaterThan(100);
  });
});
