// `kdiag lifecycle` and `kdiag explain` carry the traffic path's hops and who owns each.
import { describe, expect, it } from 'vitest';
import { lifecycleData, renderLifecycle } from '../../src/report/lifecycle.js';
import { renderRuleDocs } from '../../src/report/rule-docs.js';
import { ALL_RULES } from '../../src/rules/index.js';

describe('traffic hops in the lifecycle and the rule docs', () => {
  it('kdiag lifecycle lists the hops after the stages, each with its owner and commands', () => {
    const text = renderLifecycle('en');
    const at = text.indexOf('The traffic path');
    expect(at).toBeGreaterThan(text.indexOf('7. readiness'));
    expect(text.slice(at)).toContain("4. network policy\n   kdiag checks: each client reaches the Pods on their port: the source's egress and the destination's ingress\n   owned by: the CNI's network policy engine");
    expect(text.slice(at)).toContain('owned by: kube-proxy (or the CNI\'s service implementation)');
    expect(text.slice(at)).toContain('owned by: the EndpointSlice controller (kube-controller-manager)');
    expect(text.slice(at)).toContain('owned by: the ingress controller its IngressClass names');
    expect(text.slice(at)).toContain('$ kubectl get endpointslices -n NAMESPACE -l kubernetes.io/service-name=NAME');
  });
  it('one stage asked for: no traffic section', () => {
    expect(renderLifecycle('en', 'image')).not.toContain('The traffic path');
  });
  it('JSON carries the hops; zh-TW translates them', () => {
    const data = lifecycleData('zh-TW') as { trafficPath: Array<{ hop: string; owner: string; commands: string[] }> };
    expect(data.trafficPath.map((h) => h.hop)).toEqual(['ingress', 'service', 'endpoints', 'network-policy', 'pod-port', 'dns']);
    expect(data.trafficPath[3]!.owner).toBe('CNI 的網路政策引擎');
    expect(renderLifecycle('zh-TW')).toContain('負責者：EndpointSlice 控制器（kube-controller-manager）');
  });
  it('kdiag explain of every traffic rule names its hop and owner; a lifecycle rule does not', () => {
    for (const rule of ALL_RULES.filter((r) => r.scope === 'traffic')) expect(renderRuleDocs(rule, 'en'), rule.id).toMatch(/\nTraffic path hop: .+, owned by .+\n/);
    const policy = ALL_RULES.find((r) => r.id === 'traffic/policy-denies')!;
    expect(renderRuleDocs(policy, 'en')).toContain("Traffic path hop: network policy, owned by the CNI's network policy engine");
    expect(renderRuleDocs(policy, 'zh-TW')).toContain('流量路徑節點：網路政策，負責者：CNI 的網路政策引擎');
    expect(renderRuleDocs(ALL_RULES.find((r) => r.id === 'image/not-found')!, 'en')).not.toContain('Traffic path hop');
  });
});
