import { describe, expect, it } from 'vitest';
import { noExecuteFate, notReadyCauses, tolerates } from '../../../src/rules/helpers/node-health.js';

// KubeletNotReady texts from k8s-messages.md §5.1.
describe('notReadyCauses', () => {
  it.each([
    ['container runtime network not ready: NetworkReady=false reason:NetworkPluginNotReady message:Network plugin returns error: cni plugin not initialized', ['network']],
    ['PLEG is not healthy: pleg was last seen active 3m5.2s ago; threshold is 3m0s', ['pleg']],
    ['[container runtime status check may not have completed yet, PLEG is not healthy: pleg has yet to be successful]', ['runtime', 'pleg']],
    ['container runtime is down', ['runtime']],
    ['missing node capacity for resources: nvidia.com/gpu', ['capacity']],
    ['node is shutting down', ['shutdown']],
    ['something new', ['other']],
  ])('%s', (message, causes) => {
    expect(notReadyCauses(message)).toEqual(causes);
  });
});

describe('tolerations', () => {
  const unreachable = { key: 'node.kubernetes.io/unreachable', effect: 'NoExecute', timeAdded: '2026-11-30T09:55:00Z' };
  it('matches by key, operator and effect', () => {
    expect(tolerates({ key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute' }, unreachable)).toBe(true);
    expect(tolerates({ operator: 'Exists' }, unreachable)).toBe(true);
    expect(tolerates({ key: 'node.kubernetes.io/not-ready', operator: 'Exists' }, unreachable)).toBe(false);
    expect(tolerates({ key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoSchedule' }, unreachable)).toBe(false);
  });
  it('computes when the taint manager evicts', () => {
    const pod = { spec: { tolerations: [{ key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 }] } };
    expect(noExecuteFate(pod, unreachable)).toMatchObject({ kind: 'at', tolerationSeconds: 300, evictAt: Date.parse('2026-11-30T10:00:00Z') });
    expect(noExecuteFate({ spec: { tolerations: [{ operator: 'Exists' }] } }, unreachable).kind).toBe('never');
    expect(noExecuteFate({ spec: {} }, unreachable).kind).toBe('now');
  });
});
