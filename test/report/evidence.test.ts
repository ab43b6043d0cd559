// Evidence for people in text: field values as kubectl describe says them, a long message quoted once; JSON raw.
import { describe, expect, it } from 'vitest';
import { evidenceForPeople } from '../../src/report/evidence.js';
import { fieldEvidence } from '../../src/rules/helpers/evidence.js';
import { kdiagInProcess } from '../support/cli.js';

const NOW = '2026-11-30T01:44:43Z';

describe('evidenceForPeople', () => {
  it("a container's end in words: reason, exit code, how long it ran, how long ago", () => {
    const e = fieldEvidence('pod', 'status.containerStatuses[name=app].lastState.terminated', { reason: 'Error', exitCode: 1, startedAt: '2026-11-30T01:44:23Z', finishedAt: '2026-11-30T01:44:28Z' });
    expect(evidenceForPeople([e], 'en', NOW)).toEqual(['status.containerStatuses[name=app].lastState.terminated: Error, exit code 1, ran 5s, ended 15s ago']);
  });

  it('a message already quoted is referred to, not printed again', () => {
    const message = 'failed to create containerd task: exec: "/server": stat /server: no such file or directory: unknown';
    const lines = evidenceForPeople(
      [
        fieldEvidence('pod', 'status.containerStatuses[name=app].state.waiting.message', message),
        fieldEvidence('pod', 'status.containerStatuses[name=app].lastState.terminated', { reason: 'StartError', exitCode: 128, message, startedAt: '1970-01-01T00:00:00Z', finishedAt: NOW }),
      ],
      'en',
      NOW,
    );
    expect(lines[1]).toBe('status.containerStatuses[name=app].lastState.terminated: StartError, exit code 128, ended 0s ago: (the same message as above)');
    expect(lines.join('\n').split(message)).toHaveLength(2);
  });

  it('a short message is shown again (nothing to gain), and a different one in full', () => {
    const lines = evidenceForPeople([fieldEvidence('pod', 'a.message', 'oops'), fieldEvidence('pod', 'b.terminated', { reason: 'Error', exitCode: 1, message: 'oops' })], 'en');
    expect(lines[1]).toBe('b.terminated: Error, exit code 1: "oops"');
  });

  it('probes, commands, taints, ports, selectors and terms as kubectl describe prints them', () => {
    const lines = evidenceForPeople(
      [
        fieldEvidence('pod', 'spec.containers[name=app].readinessProbe', { httpGet: { path: '/ready', port: 8080, scheme: 'HTTP' }, periodSeconds: 3, failureThreshold: 1 }),
        fieldEvidence('pod', 'spec.containers[name=app].command', { command: ['/bin/sh', '-c', 'echo hi'], args: null }),
        fieldEvidence('node', 'node/n.spec.taints', [{ key: 'dedicated', value: 'infra', effect: 'NoSchedule' }, { key: 'gpu', effect: 'NoExecute' }]),
        fieldEvidence('service', 'services/web.spec.ports', [{ name: 'http', port: 80, protocol: 'TCP', targetPort: 'http' }]),
        fieldEvidence('service', 'services/web.spec.selector', { app: 'web', tier: 'front' }),
        fieldEvidence('pv', 'pv/p.spec.nodeAffinity.required.nodeSelectorTerms', [{ matchExpressions: [{ key: 'kubernetes.io/hostname', operator: 'In', values: ['a', 'b'] }] }]),
        fieldEvidence('pod', 'spec.containers[name=app].resources', {}),
        fieldEvidence('pod', 'spec.imagePullSecrets', []),
      ],
      'en',
    );
    expect(lines).toEqual([
      'spec.containers[name=app].readinessProbe: http-get http://:8080/ready delay=0s timeout=1s period=3s #success=1 #failure=1',
      "spec.containers[name=app].command: /bin/sh -c 'echo hi'",
      'node/n.spec.taints: dedicated=infra:NoSchedule, gpu:NoExecute',
      'services/web.spec.ports: http 80/TCP → http',
      'services/web.spec.selector: app=web, tier=front',
      'pv/p.spec.nodeAffinity.required.nodeSelectorTerms: kubernetes.io/hostname in [a, b]',
      'spec.containers[name=app].resources: none set',
      'spec.imagePullSecrets: none',
    ]);
  });

  it('anything else as flow-style keys and values, with spaces where a line may break (no JSON cut mid-token)', () => {
    const [line] = evidenceForPeople([fieldEvidence('networkpolicy', 'np.spec', { podSelector: { matchLabels: { app: 'web' } }, policyTypes: ['Ingress'] })], 'en');
    expect(line).toBe('np.spec: podSelector: {matchLabels: {app: web}}, policyTypes: [Ingress]');
  });

  it('the same line twice is shown once with its count', () => {
    const e = { source: 'event', text: 'Warning BackOff from kubelet (last seen 5s ago): Back-off restarting failed container' };
    expect(evidenceForPeople([e, e], 'en')).toEqual([`${e.text} (×2)`]);
  });
});

describe('the CLI', () => {
  const file = 'fixtures/real/container-init-failed.yaml';
  it('text tells the evidence for people; JSON and YAML keep it as read', async () => {
    const text = (await kdiagInProcess(['analyze', file])).stdout;
    expect(text).toMatch(/lastState\.terminated: Error, exit code 1, ran 0s, ended \d+s ago\n/);
    const zh = (await kdiagInProcess(['analyze', file, '--lang', 'zh-TW'])).stdout;
    expect(zh).toMatch(/lastState\.terminated: Error，結束代碼 1，執行了 0s，\d+s 前結束\n/);
    const json = (await kdiagInProcess(['analyze', file, '-o', 'json'])).stdout;
    expect(json).toContain('lastState.terminated: {\\"reason\\":\\"Error\\",\\"exitCode\\":1,');
    expect((await kdiagInProcess(['analyze', file, '-o', 'yaml'])).stdout).toContain('lastState.terminated: {"reason":"Error","exitCode":1,');
  });
});
