// A path finding that repeats a rule's finding (same cause, other words) is left out where the rule's is shown.
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { diagnoseWorkloadTarget } from '../../src/engine/diagnose-all.js';
import { Engine } from '../../src/engine/diagnose.js';
import { findTarget } from '../../src/engine/targets.js';
import { readDumps } from '../../src/sources/dump.js';
import { repeatsShown } from '../../src/traffic/path/same-cause.js';
import type { Finding } from '../../src/rules/types.js';

const finding = (rule: string, path: string, text = `${path}: x`): Finding => ({ rule, title: rule, stage: 'readiness', severity: 'error', confidence: 'high', message: rule, evidence: [{ source: 'service', path, text }], fixes: [] }) as unknown as Finding;

describe('repeatsShown', () => {
  const rule = finding('readiness/service-no-endpoints', 'services/web.spec.ports[0]');
  it.each([
    ['the path copy of the same port', finding('traffic/target-port-undeclared', 'services/web.spec.ports[0]'), true],
    ['near miss: another port of the Service', finding('traffic/target-port-undeclared', 'services/web.spec.ports[1]'), false],
    ['near miss: the same port read differently', finding('traffic/target-port-undeclared', 'services/web.spec.ports[0]', 'other'), false],
    ['near miss: another path rule on the same port', finding('traffic/protocol-mismatch', 'services/web.spec.ports[0]'), false],
  ])('%s', (_, found, want) => {
    expect(repeatsShown(found, [rule])).toBe(want);
  });
  it('near miss: nothing shown to repeat', () => {
    expect(repeatsShown(finding('traffic/target-port-undeclared', 'services/web.spec.ports[0]'), [])).toBe(false);
  });
});

describe('real capture: a Service whose named targetPort no container declares', () => {
  const engine = new Engine(readDumps([resolve(import.meta.dirname, '../../fixtures/real/readiness-service-target-port-deploy.yaml')]).snapshot);
  const ns = 'kdiag-readiness-service-target-port-deploy';
  it('pod deploy/NAME and pod svc/NAME say the cause once; the path still shows the pod-port hop failing', () => {
    for (const kind of ['Deployment', 'Service'] as const) {
      const [d] = diagnoseWorkloadTarget(engine, kind, findTarget(engine.snapshot, { kind, name: 'catalog' }, ns));
      expect(d!.findings.filter((f) => f.severity !== 'info').map((f) => f.rule)).toEqual(['readiness/service-no-endpoints']);
    }
    const [svc] = diagnoseWorkloadTarget(engine, 'Service', findTarget(engine.snapshot, { kind: 'Service', name: 'catalog' }, ns));
    expect(svc!.traffic?.findings.map((f) => f.rule)).toContain('traffic/target-port-undeclared');
  });
});
