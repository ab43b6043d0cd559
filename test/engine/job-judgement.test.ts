// A Job past its backoffLimit, judged once: `pod job/X`, scan's row of the Job and the gate lead with the same
// rule (workloadVerdict decides: the Pod's cause leads, the Job's BackoffLimitExceeded follows). From the real
// capture of the test cluster.
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { diagnoseAll, diagnoseWorkloadTarget } from '../../src/engine/diagnose-all.js';
import { Engine } from '../../src/engine/diagnose.js';
import type { Diagnosis } from '../../src/engine/diagnosis.js';
import { evaluateGate } from '../../src/engine/gate.js';
import type { Snapshot } from '../../src/model/snapshot.js';
import { readDumps } from '../../src/sources/dump.js';

const FIXTURE = resolve(import.meta.dirname, '../../fixtures/real/container-job-backoff-limit.yaml');
const NS = 'kdiag-container-job-backoff-limit';

function leads(snapshot: Snapshot): { view: string[]; scan: string[]; gate: string[]; gateState: string } {
  const engine = new Engine(snapshot);
  const rules = (d: Diagnosis | undefined) => (d?.findings ?? []).map((f) => f.rule).filter((r) => r.startsWith('container/'));
  const [view] = diagnoseWorkloadTarget(engine, 'Job', snapshot.jobs[0]!);
  const row = diagnoseAll(engine).find((d) => d.workload?.kind === 'Job');
  const [gate] = evaluateGate(engine, [{ kind: 'Job', name: 'migrate' }], NS, { maxRestarts: 3 });
  return { view: rules(view), scan: rules(row), gate: rules(gate!.diagnoses[0]), gateState: gate!.state };
}

describe('container-job-backoff-limit (real): a Job whose only attempt exited 1, backoffLimit 0', () => {
  it('pod job/X, scan and the gate: the Pod\'s cause (container/job-failed) leads, the Job\'s limit follows', () => {
    const both = ['container/job-failed', 'container/backoff-limit-exceeded'];
    expect(leads(readDumps([FIXTURE]).snapshot)).toEqual({ view: both, scan: both, gate: both, gateState: 'failed' });
  });

  it('the Pod itself says the same (pod NAME)', () => {
    const { snapshot } = readDumps([FIXTURE]);
    expect(new Engine(snapshot).diagnosePod(snapshot.pods[0]!).findings[0]?.rule).toBe('container/job-failed');
  });

  it('near miss: its Pods already deleted (ttl, a person): the Job\'s own BackoffLimitExceeded leads everywhere', () => {
    const { snapshot } = readDumps([FIXTURE]);
    const bare = { ...snapshot, pods: [] };
    const only = ['container/backoff-limit-exceeded'];
    expect(leads(bare)).toEqual({ view: only, scan: only, gate: only, gateState: 'failed' });
  });
});
