// `pod svc/NAME`: why a Service has no ready endpoints — a selector matching nothing, a named targetPort the
// selected Pods do not declare, or the selected Pods' own cause — from dumps (the live test runs the same on the cluster).
import { describe, expect, it } from 'vitest';
import { diagnoseWorkloadTarget } from '../../src/engine/diagnose-all.js';
import { Engine } from '../../src/engine/diagnose.js';
import { findTarget, parseTarget } from '../../src/engine/targets.js';
import { snapshotFromObjects } from '../../src/sources/dump.js';
import { at, conditions, containerStatus, IMAGE, node, obj, pod, T0 } from '../harness/builders.js';

const ready = { phase: 'Running', conditions: conditions({ sandbox: true, ready: true }), containerStatuses: [containerStatus({ running: { startedAt: at(-500) }, ready: true, started: true, imageID: `${IMAGE}@sha256:1` })] };
const withPorts = (ports: object[]) => ({ spec: { containers: [{ name: 'app', image: IMAGE, ports }] }, status: ready });
const service = (name: string, selector: Record<string, string>, targetPort: string | number) => obj('Service', name, { spec: { selector, ports: [{ port: 80, targetPort, protocol: 'TCP' }] } });

function svc(name: string, objects: unknown[]) {
  const engine = new Engine(snapshotFromObjects([node(), ...objects]), { now: T0 });
  const target = parseTarget(`svc/${name}`);
  return diagnoseWorkloadTarget(engine, 'Service', findTarget(engine.snapshot, target, 'shop'));
}

describe('svc/NAME', () => {
  it('parses svc/, service/ and services/ as kubectl does', () => {
    for (const t of ['svc/api', 'service/api', 'services/api']) expect(parseTarget(t)).toEqual({ kind: 'Service', name: 'api' });
  });

  it('a named targetPort that no selected Pod declares: failing at readiness, the port finding leads', () => {
    const [d, ...pods] = svc('api', [pod(withPorts([{ name: 'http', containerPort: 8080 }])), service('api', { app: 'api' }, 'web')]);
    expect(pods).toHaveLength(1);
    expect(d!.workload).toEqual({ kind: 'Service', namespace: 'shop', name: 'api' });
    expect(d!.status).toBe('failing');
    expect(d!.stage).toBe('readiness');
    expect(d!.findings[0]!.rule).toBe('readiness/service-no-endpoints');
    expect(d!.findings[0]!.severity).toBe('error');
    expect(d!.summary).toContain('targets port name "web"');
  });

  it('near miss: the named targetPort exists on the Pod: healthy', () => {
    const [d] = svc('api', [pod(withPorts([{ name: 'web', containerPort: 8080 }])), service('api', { app: 'api' }, 'web')]);
    expect(d!.status).toBe('healthy');
    expect(d!.summary).toBe('1/1 Pod healthy.');
  });

  it('near miss: a numeric targetPort that differs stays a warning (the application may listen there)', () => {
    const [d] = svc('api', [pod(withPorts([{ name: 'http', containerPort: 8080 }])), service('api', { app: 'api' }, 9090)]);
    expect(d!.status).toBe('healthy');
    expect(d!.findings[0]?.severity).toBe('warning');
  });

  it('a selector that matches nothing: failing at readiness with the closest labels', () => {
    const [d, ...pods] = svc('api', [pod(withPorts([])), service('api', { app: 'apii' }, 80)]);
    expect(pods).toHaveLength(0);
    expect(d!.status).toBe('failing');
    expect(d!.findings[0]!.rule).toBe('readiness/service-selects-nothing');
    // No Pod went through the stages before readiness: they are unknown, not passed.
    expect(d!.stages.map((s) => s.state)).toEqual(['unknown', 'unknown', 'unknown', 'unknown', 'unknown', 'unknown', 'unknown', 'failed']);
  });

  it('near miss: with a selected Pod the stages it went through are passed', () => {
    const [d] = svc('api', [pod({ status: ready }), service('api', { app: 'api' }, 'web')]);
    expect(d!.stages.find((s) => s.stage === 'container')!.state).toBe('passed');
  });

  it('the selected Pods fail: their cause leads (why the endpoints are not ready)', () => {
    const notFound = { phase: 'Pending', conditions: conditions({ sandbox: true }), containerStatuses: [containerStatus({ waiting: { reason: 'ErrImagePull', message: `rpc error: code = NotFound desc = failed to pull and unpack image "${IMAGE}": failed to resolve reference "${IMAGE}": ${IMAGE}: not found` } })] };
    const [d] = svc('api', [pod({ status: notFound }), service('api', { app: 'api' }, 80)]);
    expect(d!.status).toBe('failing');
    expect(d!.stage).toBe('image');
    expect(d!.findings[0]!.rule).toBe('image/not-found');
    expect(d!.summary).toMatch(/^1\/1 Pod: Image /);
  });

  it('a Service not in the input is not found (exit 4), with the closest names', () => {
    const engine = new Engine(snapshotFromObjects([node(), pod(), service('api', { app: 'api' }, 80)]), { now: T0 });
    expect(() => findTarget(engine.snapshot, parseTarget('svc/apu'), 'shop')).toThrow(/service "apu" not found in namespace "shop"/);
  });
});
