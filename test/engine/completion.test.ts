// A run-to-completion Pod whose work is done but a classic sidecar keeps running has a verdict of its own,
// naming the sidecar; a native sidecar or a sidecar that exits is a Pod that completes.
import { describe, expect, it } from 'vitest';
import { Engine } from '../../src/engine/diagnose.js';
import { snapshotFromObjects } from '../../src/sources/dump.js';
import { node, T0 } from '../harness/builders.js';
import { sidecarJobPod } from '../harness/sidecar-job.js';

type Obj = Record<string, any>;
const diagnose = (objects: Obj[]) => {
  const s = snapshotFromObjects(objects);
  return new Engine(s, { now: T0 }).diagnosePod(s.pods[0]!);
};

describe('a Job Pod held open by a sidecar', () => {
  it('is failing at container, naming the sidecar and the native-sidecar way out, not "starting its containers"', () => {
    const d = diagnose([sidecarJobPod({ finishedAgo: 300 }), node()]);
    expect(d.status).toBe('failing');
    expect(d.stage).toBe('container');
    expect(d.findings[0]!.rule).toBe('container/sidecar-holds-completion');
    expect(d.summary).toContain('"istio-proxy" keeps running');
  });

  it('a native sidecar still stopping after the work ended: not this verdict', () => {
    const d = diagnose([sidecarJobPod({ finishedAgo: 5, native: true }), node()]);
    expect(d.findings.map((f) => f.rule)).not.toContain('container/sidecar-holds-completion');
  });

  it('a Job whose sidecar exits: healthy, completed', () => {
    const d = diagnose([sidecarJobPod({ finishedAgo: 300, sidecarExited: true }), node()]);
    expect(d.status).toBe('healthy');
  });
});
