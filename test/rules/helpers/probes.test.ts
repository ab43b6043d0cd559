import { describe, expect, it } from 'vitest';
import type { ContainerFacts } from '../../../src/model/containers.js';
import { inWindow, parseProbeMessage, probeRef, probeSettleMs } from '../../../src/rules/helpers/probes.js';
import { probeText } from '../../../src/rules/messages/readiness.js';
import type { Probe } from '../../../src/model/k8s.js';

const describeProbe = (probe: Probe, c?: ContainerFacts): string => probeText(probeRef(probe, c));

describe('parseProbeMessage', () => {
  it('reads the failed wording (1.31–1.36)', () => {
    expect(parseProbeMessage('Readiness probe failed: HTTP probe failed with statuscode: 503')).toEqual({ type: 'Readiness', errored: false, output: 'HTTP probe failed with statuscode: 503' });
  });
  it('reads the 1.33+ errored wording with its state', () => {
    expect(parseProbeMessage('Liveness probe errored and resulted in unknown state: rpc error: code = DeadlineExceeded desc = context deadline exceeded')).toEqual({
      type: 'Liveness',
      errored: true,
      state: 'unknown',
      output: 'rpc error: code = DeadlineExceeded desc = context deadline exceeded',
    });
  });
  it('reads the ≤1.32 errored wording', () => {
    expect(parseProbeMessage('Startup probe errored: rpc error: code = Unknown desc = x')).toMatchObject({ type: 'Startup', errored: true, output: 'rpc error: code = Unknown desc = x' });
  });
  it('keeps an empty exec output', () => {
    expect(parseProbeMessage('Readiness probe failed: ')).toEqual({ type: 'Readiness', errored: false, output: '' });
  });
  it('ignores other messages', () => {
    expect(parseProbeMessage('Readiness probe warning: Probe terminated redirects, Response body: x')).toBeUndefined();
    expect(parseProbeMessage('Container app failed liveness probe, will be restarted')).toBeUndefined();
  });
});

describe('probeRef in English, and timing', () => {
  it('renders each handler with defaults filled in', () => {
    expect(describeProbe({ httpGet: { path: '/ready', port: 8080 } })).toBe('httpGet http://:8080/ready (initialDelaySeconds=0 periodSeconds=10 timeoutSeconds=1 failureThreshold=3)');
    expect(describeProbe({ tcpSocket: { port: 'db' }, periodSeconds: 5 })).toMatch(/^tcpSocket :db \(.*periodSeconds=5/);
    expect(describeProbe({ exec: { command: ['cat', '/tmp/ready'] } })).toMatch(/^exec \[cat \/tmp\/ready\]/);
    expect(describeProbe({ grpc: { port: 9000 } })).toMatch(/^grpc :9000/);
  });
  it('resolves a named port from the container', () => {
    const c: ContainerFacts = { name: 'app', kind: 'app', spec: { ports: [{ name: 'http', containerPort: 8080 }] }, statusPath: '', restartCount: 0, ready: false };
    expect(describeProbe({ httpGet: { path: '/ready', port: 'http' } }, c)).toMatch(/^httpGet http:\/\/:8080\/ready \(port "http"\)/);
  });
  it('settles after the initial delay plus threshold × period', () => {
    expect(probeSettleMs({ initialDelaySeconds: 10, periodSeconds: 5, failureThreshold: 4 })).toBe(30_000);
    expect(probeSettleMs(undefined)).toBe(0);
  });
  it('windows allow one second of slack and unknown times', () => {
    expect(inWindow(1000, 1500)).toBe(true);
    expect(inWindow(0, 1500)).toBe(false);
    expect(inWindow(undefined, 1500, 2000)).toBe(true);
    expect(inWindow(3500, undefined, 2000)).toBe(false);
  });
});
