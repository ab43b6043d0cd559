// Real dumps from the test cluster (test/cluster/scenarios), judged at other times than their capture:
// the verdict of a stuck Pod turns failing once it has been stuck long enough, and a liveness loop has
// the same verdict at ~1 and at ~5 minutes, although the kubelet stops recording its Killing events.
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Engine } from '../../src/engine/diagnose.js';
import type { Diagnosis } from '../../src/engine/diagnosis.js';
import { readDumps } from '../../src/sources/dump.js';

const REAL = resolve(import.meta.dirname, '../../fixtures/real');

function diagnose(name: string, pod: string, shiftMs = 0): Diagnosis {
  const { snapshot } = readDumps([resolve(REAL, `${name}.yaml`)]);
  const captured = Date.parse(snapshot.meta.capturedAt!);
  const engine = new Engine(snapshot, shiftMs === 0 ? {} : { now: captured + shiftMs });
  const p = snapshot.pods.find((x) => x.metadata?.name === pod);
  if (!p) throw new Error(`no Pod ${pod} in ${name}`);
  return engine.diagnosePod(p);
}

describe('container-init-hang: an init container waiting for a Service that does not exist', () => {
  it('at capture (seconds in) it is progressing, and the summary names the init container and what it runs', () => {
    const d = diagnose('container-init-hang', 'init-hang');
    expect(d.status).toBe('progressing');
    expect(d.stage).toBe('container');
    expect(d.summary).toMatch(/^Pod is progressing: init container "wait-db" \(1 of 1\) running for \d+s: `sh -c "until nslookup db\.kdiag-container-init-hang/);
  });

  it('the same status 11 minutes on (past stuckMs) is failing at container: container/init-stuck', () => {
    const d = diagnose('container-init-hang', 'init-hang', 11 * 60_000);
    expect(d.status).toBe('failing');
    expect(d.findings[0]).toMatchObject({ rule: 'container/init-stuck', failureClass: 'transient' });
    expect(d.summary).toMatch(/init container "wait-db" \(1 of 1\) has been running for 11m and has not finished; it runs `sh -c/);
  });
});

describe('a liveness loop captured at ~1 and at ~5 minutes', () => {
  const early = diagnose('container-liveness-1m', 'liveness-1m');
  const late = diagnose('container-liveness-5m', 'liveness-5m');

  it('gives the same verdict: failing at container, container/liveness-failed, repeated', () => {
    for (const d of [early, late]) {
      expect({ status: d.status, stage: d.stage, rule: d.findings[0]?.rule, failureClass: d.findings[0]?.failureClass }, d.summary).toEqual({
        status: 'failing',
        stage: 'container',
        rule: 'container/liveness-failed',
        failureClass: 'repeated',
      });
    }
  });

  it('does not decay into a generic crash loop with an "OOM kill, or killed after grace" hint', () => {
    for (const d of [early, late]) expect(d.findings.map((f) => f.message).join('\n')).not.toMatch(/OOM kill, or killed after/);
  });
});
