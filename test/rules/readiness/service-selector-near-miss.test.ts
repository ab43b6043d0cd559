import { describe, expect, it } from 'vitest';
import { Engine } from '../../../src/engine/diagnose.js';
import rule from '../../../src/rules/readiness/service-selector-near-miss.js';
import { SnapshotBuilder } from '../../../src/sources/build-snapshot.js';
import { at, node, T0 } from '../../harness/builders.js';
import { runRuleTests } from '../../harness/rule-tester.js';
import { deployment, endpoint, readyPod, replicaSet, service, slice } from './service-objects.js';

const frontEnd = readyPod('front-end-5c4bb9db57-jxcn5', { app: 'front-end' });
const owners = [deployment('front-end', { app: 'front-end' }), replicaSet('front-end-5c4bb9db57', 'front-end', { app: 'front-end', 'pod-template-hash': '5c4bb9db57' })];

runRuleTests(rule, {
  valid: [
    { name: 'the Service selects this Pod', objects: [node(), frontEnd, ...owners, service('front-end', { app: 'front-end' })] },
    {
      name: 'the Service also selects another Pod (app=frontend exists): the near miss is ambiguous',
      objects: [node(), frontEnd, ...owners, readyPod('frontend-6f7d9c-abcde', { app: 'frontend' }, 'frontend-6f7d9c'), service('frontend', { app: 'frontend' })],
    },
    {
      name: 'the Service has endpoints (its Pods are not in this dump)',
      objects: [node(), frontEnd, ...owners, service('frontend', { app: 'frontend' }), slice('frontend', [endpoint('10.244.0.31', 'frontend-6f7d9c-abcde')])],
    },
    { name: 'headless Service without a selector', objects: [node(), frontEnd, ...owners, service('front-end-peers', undefined, { spec: { clusterIP: 'None' } })] },
    { name: 'ExternalName Service', objects: [node(), frontEnd, ...owners, { ...service('frontend', undefined), spec: { type: 'ExternalName', externalName: 'frontend.web.svc.cluster.local' } }] },
    {
      name: 'blue/green: selector version=v2, this Pod version=v1 (a version, not a typo)',
      objects: [node(), readyPod('api-v1-7d9f-x2k', { app: 'api', version: 'v1' }, 'api-v1-7d9f'), service('api', { app: 'api', version: 'v2' })],
    },
    { name: 'an unrelated Service', objects: [node(), frontEnd, ...owners, service('billing', { app: 'billing' })] },
    {
      name: 'the selector matches a Deployment scaled to zero: meant for that workload',
      objects: [node(), frontEnd, ...owners, deployment('frontend', { app: 'frontend' }, 0), service('frontend', { app: 'frontend' })],
    },
    { name: 'the Pod is being deleted', objects: [node(), readyPod('front-end-5c4bb9db57-jxcn5', { app: 'front-end' }, 'front-end-5c4bb9db57', { metadata: { deletionTimestamp: at(-5), deletionGracePeriodSeconds: 30 } }), service('frontend', { app: 'frontend' })] },
    { name: 'the real capture of a healthy Pod its Service selects', fixture: 'real/healthy-ready.yaml' },
  ],
  invalid: [
    {
      name: 'selector app=frontend, this Pod app=front-end, nothing else selected',
      objects: [node(), frontEnd, ...owners, service('frontend', { app: 'frontend' }), slice('frontend', null)],
      expect: [
        {
          severity: 'warning',
          confidence: 'high',
          message: 'Service "frontend" selects app=frontend, which this Pod nearly matches with app=front-end (a typo?): the Service selects neither this Pod nor any other, so it has no endpoints.',
          evidence: 'endpointslices/frontend-hdwvt.endpoints: null',
          remediation: /kubectl get pods -n shop -l app=frontend/,
        },
      ],
    },
    {
      name: 'the real capture (Kubernetes 1.34)',
      fixture: 'real/readiness-service-no-endpoints.yaml',
      expect: [{ confidence: 'high', message: 'Service "frontend" selects app=frontend, which this Pod nearly matches with app=front-end', remediation: `kubectl patch svc -n kdiag-readiness-service-no-endpoints frontend --type=merge -p '{"spec":{"selector":{"app":"front-end"}}}'` }],
    },
    {
      name: 'selector key app.kubernetes.io/name, the Pod carries app=web',
      objects: [node(), readyPod('web-7c9d8-a1b2c', { app: 'web' }, 'web-7c9d8'), service('web', { 'app.kubernetes.io/name': 'web' })],
      expect: [{ message: 'selects app.kubernetes.io/name=web, which this Pod nearly matches with app=web', remediation: `'{"spec":{"selector":{"app.kubernetes.io/name":null,"app":"web"}}}'` }],
    },
    {
      name: 'the Pod\'s label value is the Service\'s name (app=checkout vs selector app=checkout-svc)',
      objects: [node(), readyPod('checkout-5d7f-q1w2e', { app: 'checkout', tier: 'web' }, 'checkout-5d7f'), service('checkout', { app: 'checkout-svc', tier: 'web' })],
      expect: [{ message: 'selects app=checkout-svc,tier=web, which this Pod nearly matches with app=checkout,tier=web' }],
    },
    {
      name: 'one of two Services nearly selects the Pod, the other selects it',
      objects: [node(), frontEnd, ...owners, service('front-end', { app: 'front-end' }), service('frontend-admin', { app: 'frontend', tier: 'admin' }), service('frontend', { app: 'frontend' })],
      expect: [{ message: 'Service "frontend" selects app=frontend' }],
    },
  ],
});

describe('readiness/service-selector-near-miss on a live single-Pod read', () => {
  function liveSnapshot(extra: unknown[] = []) {
    // `kdiag pod NAME` live: the Pod by GET (not a list), its events and the namespace's Services listed.
    const b = new SnapshotBuilder();
    b.addSource('cluster:test');
    b.add(structuredClone(frontEnd), { markSeen: false });
    b.add({ apiVersion: 'v1', kind: 'ServiceList', items: [structuredClone(service('frontend', { app: 'frontend' }))] });
    b.add({ apiVersion: 'v1', kind: 'EventList', items: [] });
    b.add(structuredClone(node()), { markSeen: false });
    for (const o of extra) b.add(structuredClone(o));
    return b.finish();
  }

  it('still tells the user, with low confidence and without claiming no Pod matches', () => {
    const engine = new Engine(liveSnapshot(), { rules: [rule], now: T0 });
    const d = engine.diagnosePod(engine.snapshot.pods[0]!);
    expect(d.status).toBe('healthy');
    expect(d.findings.map((f) => [f.severity, f.confidence, f.message])).toEqual([
      ['warning', 'low', 'Service "frontend" selects app=frontend, which this Pod nearly matches with app=front-end (a typo?): the Service does not select this Pod, and unless other Pods carry app=frontend it has no endpoints.'],
    ]);
  });

  it('stays quiet when the Service\'s EndpointSlices show endpoints', () => {
    const engine = new Engine(liveSnapshot([{ apiVersion: 'discovery.k8s.io/v1', kind: 'EndpointSliceList', items: [slice('frontend', [endpoint('10.244.0.31', 'frontend-6f7d9c-abcde')])] }]), { rules: [rule], now: T0 });
    expect(engine.diagnosePod(engine.snapshot.pods[0]!).findings).toEqual([]);
  });
});
