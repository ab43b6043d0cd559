import { describe, expect, it } from 'vitest';
import { Engine } from '../../src/engine/diagnose.js';
import { snapshotFromObjects } from '../../src/sources/dump.js';
import { at, conditions, containerStatus, IMAGE, node, pod, T0 } from '../harness/builders.js';

function diagnose(objects: unknown[], now = T0) {
  const s = snapshotFromObjects(objects);
  const engine = new Engine(s, { now });
  return engine.diagnosePod(s.pods[0]!);
}

describe('verdict', () => {
  it('a Running and Ready Pod is healthy with every stage passed', () => {
    const d = diagnose([pod({ status: { phase: 'Running', conditions: conditions({ sandbox: true, ready: true }), containerStatuses: [containerStatus({ running: { startedAt: at(-500) }, ready: true, started: true })] } }), node()]);
    expect(d.status).toBe('healthy');
    expect(d.stage).toBeNull();
    expect(d.stages.every((s) => s.state === 'passed')).toBe(true);
  });

  it('a Succeeded Pod is healthy (completed)', () => {
    const d = diagnose([pod({ spec: { restartPolicy: 'Never' }, status: { phase: 'Succeeded', containerStatuses: [containerStatus({ terminated: { exitCode: 0, reason: 'Completed', startedAt: at(-100), finishedAt: at(-50) } })] } }), node()]);
    expect(d.status).toBe('healthy');
    expect(d.summary).toMatch(/completed/);
  });

  it('a Pod 20 seconds into ContainerCreating is progressing', () => {
    const d = diagnose([pod({ metadata: { creationTimestamp: at(-20) }, status: { phase: 'Pending', conditions: conditions({ sandbox: false, since: at(-19) }), containerStatuses: [containerStatus({ waiting: { reason: 'ContainerCreating' } })] } }), node()]);
    expect(d.status).toBe('progressing');
    expect(d.summary).toMatch(/20s old/);
  });

  it('an unscheduled Pod with no findings is progressing at scheduling', () => {
    const d = diagnose([pod({ metadata: { creationTimestamp: at(-5) }, spec: { nodeName: undefined }, status: { phase: 'Pending' } })]);
    expect(d.status).toBe('progressing');
    expect(d.stage).toBe('scheduling');
  });

  it('a failing image pull is failing at image; earlier stages passed, later pending', () => {
    const d = diagnose([pod({ status: { phase: 'Pending', conditions: conditions({ sandbox: true }), containerStatuses: [containerStatus({ waiting: { reason: 'ErrImagePull', message: `rpc error: code = NotFound desc = failed to pull and unpack image "${IMAGE}": failed to resolve reference "${IMAGE}": ${IMAGE}: not found` } })] } }), node()]);
    expect(d.status).toBe('failing');
    expect(d.stage).toBe('image');
    expect(d.stages.find((s) => s.stage === 'cni')?.state).toBe('passed');
    expect(d.stages.find((s) => s.stage === 'image')?.state).toBe('failed');
    expect(d.stages.find((s) => s.stage === 'container')?.state).toBe('pending');
  });

  it('notes say what could not be seen', () => {
    const d = diagnose([pod()]);
    expect(d.notes.join('\n')).toMatch(/no Events were available/);
    expect(d.notes.join('\n')).toMatch(/node "node-1" state not visible/);
  });

  it('a Node kdiag was forbidden to read keeps its one note naming the permission, not "no Node objects"', () => {
    const s = snapshotFromObjects([pod()]);
    s.meta.unreadable.push({ kind: 'Node', reason: 'forbidden (needs get on nodes)' });
    s.meta.notes.push('node state not visible: forbidden (needs get on nodes)');
    const d = new Engine(s, { now: T0 }).diagnosePod(s.pods[0]!);
    expect(d.notes.filter((n) => /state not visible/.test(n))).toEqual(['node state not visible: forbidden (needs get on nodes)']);
  });

  it('the result does not depend on the wall clock: "now" is the dump\'s capture time', () => {
    const objects = [pod({ metadata: { creationTimestamp: at(-20) }, status: { phase: 'Pending', conditions: conditions({ sandbox: false, since: at(-19) }) } })];
    const s = snapshotFromObjects(objects);
    expect(new Engine(s).now).toBe(Date.parse(at(-19)));
  });
});
