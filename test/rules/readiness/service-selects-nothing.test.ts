import { describe, expect, it } from 'vitest';
import { Engine } from '../../../src/engine/diagnose.js';
import rule from '../../../src/rules/readiness/service-selects-nothing.js';
import { SnapshotBuilder } from '../../../src/sources/build-snapshot.js';
import { at, node, obj, pod, T0 } from '../../harness/builders.js';
import { runRuleTests } from '../../harness/rule-tester.js';
import { deployment, endpoint, readyPod as ready, service, slice } from './service-objects.js';

const frontEnd = ready('front-end-5c4bb9db57-jxcn5', { app: 'front-end' });
const typo = [node(), deployment('front-end', { app: 'front-end' }), frontEnd, service('frontend', { app: 'frontend' }), slice('frontend', null)];

runRuleTests(rule, {
  valid: [
    { name: 'the Service selects the Pod', target: 'Service/frontend', objects: [node(), frontEnd, service('frontend', { app: 'front-end' }), slice('frontend', [endpoint('10.244.0.17', 'front-end-5c4bb9db57-jxcn5')])] },
    {
      name: 'EndpointSlice lists endpoints although no selected Pod is in the dump (a partial dump)',
      target: 'Service/frontend',
      objects: [node(), frontEnd, service('frontend', { app: 'frontend' }), slice('frontend', [endpoint('10.244.0.31', 'frontend-6f7d9c-abcde')])],
    },
    {
      name: 'legacy Endpoints object with addresses',
      target: 'Service/frontend',
      objects: [node(), frontEnd, service('frontend', { app: 'frontend' }), obj('Endpoints', 'frontend', { subsets: [{ addresses: [{ ip: '10.244.0.31' }], ports: [{ name: 'http', port: 8080 }] }] })],
    },
    {
      name: 'headless Service without a selector (endpoints managed by hand)',
      target: 'Service/db-external',
      objects: [node(), frontEnd, service('db-external', undefined, { spec: { clusterIP: 'None' } }), slice('db-external', null)],
    },
    { name: 'the real capture of a Service selecting a Ready Pod', target: 'Service/hello', fixture: 'real/healthy-ready.yaml' },
    { name: 'ExternalName Service', target: 'Service/payments', objects: [node(), frontEnd, obj('Service', 'payments', { spec: { type: 'ExternalName', externalName: 'payments.billing.svc.cluster.local' } })] },
    {
      name: 'the selector matches a Deployment template scaled to zero: not a selector problem',
      target: 'Service/frontend',
      objects: [node(), frontEnd, deployment('frontend', { app: 'frontend' }, 0), service('frontend', { app: 'frontend' }), slice('frontend', null)],
    },
    {
      name: 'dump of one pending Pod: the Pod list says nothing about the rest',
      target: 'Service/frontend',
      objects: [node(), pod({ metadata: { labels: { app: 'front-end' } }, spec: { nodeName: undefined }, status: { phase: 'Pending' } }), service('frontend', { app: 'frontend' })],
    },
    {
      name: 'no Pod of the Service\'s namespace is in the dump (the namespace may not have been dumped)',
      target: 'Service/frontend',
      objects: [node(), frontEnd, service('frontend', { app: 'frontend' }, { metadata: { namespace: 'web' } }), slice('frontend', null, 'web')],
    },
  ],
  invalid: [
    {
      name: 'selector app=frontend, Pods labelled app=front-end (typo)',
      target: 'Service/frontend',
      objects: typo,
      expect: [
        {
          severity: 'error',
          confidence: 'high',
          message: 'Service "frontend" selects app=frontend, but no Pod in namespace shop has that label; closest: app=front-end on 1 Pod (front-end-5c4bb9db57-jxcn5): a typo?',
          evidence: 'endpointslices/frontend-hdwvt.endpoints: null',
          remediation: `kubectl patch svc -n shop frontend --type=merge -p '{"spec":{"selector":{"app":"front-end"}}}'`,
        },
      ],
    },
    {
      name: 'the real capture (Kubernetes 1.34, endpoints: null)',
      target: 'Service/frontend',
      fixture: 'real/readiness-service-no-endpoints.yaml',
      expect: [{ severity: 'error', message: /closest: app=front-end on 1 Pod \(front-end-[a-z0-9]+-[a-z0-9]+\): a typo\?/, remediation: 'kubectl get pods -n kdiag-readiness-service-no-endpoints -l app=frontend' }],
    },
    {
      name: 'selector uses app.kubernetes.io/name, the Pods carry app (three replicas)',
      target: 'Service/web',
      objects: [
        node(),
        deployment('web', { app: 'web' }, 3),
        ready('web-7c9d8-a1b2c', { app: 'web' }, 'web-7c9d8'),
        ready('web-7c9d8-d3e4f', { app: 'web' }, 'web-7c9d8'),
        ready('web-7c9d8-g5h6i', { app: 'web' }, 'web-7c9d8'),
        service('web', { 'app.kubernetes.io/name': 'web' }),
      ],
      expect: [{ message: 'closest: app=web on 3 Pods (web-7c9d8-a1b2c, web-7c9d8-d3e4f, web-7c9d8-g5h6i)', remediation: `'{"spec":{"selector":{"app.kubernetes.io/name":null,"app":"web"}}}'` }],
    },
    {
      name: 'two-key selector with one value misspelt',
      target: 'Service/shop-frontend',
      objects: [
        node(),
        ready('shop-fe-5d7f-q1w2e', { app: 'shop', tier: 'front-end' }, 'shop-fe-5d7f'),
        ready('shop-be-6a8b-r3t4y', { app: 'shop', tier: 'backend' }, 'shop-be-6a8b'),
        service('shop-frontend', { app: 'shop', tier: 'frontend' }),
        slice('shop-frontend', null),
      ],
      expect: [{ message: 'selects app=shop,tier=frontend, but no Pod in namespace shop has those labels; closest: app=shop,tier=front-end on 1 Pod (shop-fe-5d7f-q1w2e)' }],
    },
    {
      name: 'nothing close: names the labels the Pods do carry',
      target: 'Service/billing',
      objects: [node(), ready('api-7d9f-x2k', { app: 'api' }, 'api-7d9f'), ready('api-7d9f-y3m', { app: 'api' }, 'api-7d9f'), ready('db-0', { app: 'db' }, 'db-5b6c'), service('billing', { app: 'billing' }), slice('billing', null)],
      expect: [{ severity: 'error', message: /selects app=billing, but no Pod in namespace shop has that label; the Pods there carry app=api \(2 Pods\), app=db \(1 Pod\)\. The Service has no endpoints\./, remediation: 'kubectl edit svc -n shop billing' }],
    },
    {
      name: 'nothing close and the Service is 20s old: its workload may still be on its way (warning)',
      target: 'Service/billing',
      objects: [node(), ready('api-7d9f-x2k', { app: 'api' }, 'api-7d9f'), service('billing', { app: 'billing' }, { metadata: { creationTimestamp: at(-20) } })],
      expect: [{ severity: 'warning', confidence: 'medium', message: /selects app=billing, .*It was created 20s ago: its Pods may still be on their way\./ }],
    },
    {
      name: 'a near miss is a typo even on a Service created seconds ago (error)',
      target: 'Service/frontend',
      objects: [node(), frontEnd, service('frontend', { app: 'frontend' }, { metadata: { creationTimestamp: at(-4) } }), slice('frontend', null)],
      expect: [{ severity: 'error', message: 'closest: app=front-end on 1 Pod' }],
    },
    {
      name: 'a headless Service with a selector is still served by the EndpointSlice controller',
      target: 'Service/db',
      objects: [node(), ready('postgres-0', { app: 'postgres' }, 'postgres'), service('db', { app: 'database' }, { spec: { clusterIP: 'None' } })],
      expect: [{ message: /selects app=database, .* the Pods there carry app=postgres \(1 Pod\)/ }],
    },
  ],
});

describe('readiness/service-selects-nothing on a live single-Pod read', () => {
  it('never claims "no Pod matches" when only the diagnosed Pod was read', () => {
    // `kdiag pod NAME` live: the Pod by GET (not a list), the namespace's Services listed.
    const b = new SnapshotBuilder();
    b.addSource('cluster:test');
    b.add(structuredClone(frontEnd), { markSeen: false });
    b.add({ apiVersion: 'v1', kind: 'ServiceList', items: [structuredClone(service('frontend', { app: 'frontend' }))] });
    b.add({ apiVersion: 'v1', kind: 'EventList', items: [] });
    b.add(structuredClone(node()), { markSeen: false });
    const engine = new Engine(b.finish(), { rules: [rule], now: T0 });
    const svc = engine.workloads().find((w) => w.kind === 'Service' && w.name === 'frontend');
    expect(svc).toBeDefined();
    expect(engine.diagnoseWorkload(svc!)).toBeUndefined();
  });
});
