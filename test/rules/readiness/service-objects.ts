// Realistic Service-side objects for the readiness Service rules: Ready Deployment Pods, Services and
// the EndpointSlices the controller keeps for them (shapes as `kubectl get -o yaml` prints them).
import { at, conditions, containerStatus, IMAGE, merge, obj, pod } from '../../harness/builders.js';

export type Labels = Record<string, string>;

/** A Running, Ready Pod of ReplicaSet `rs` with these labels (a Deployment's Pod). */
export function readyPod(name: string, labels: Labels, rs = 'front-end-5c4bb9db57', patch: Record<string, any> = {}) {
  return pod(
    merge(
      {
        metadata: { name, labels: { ...labels, 'pod-template-hash': rs.split('-').pop() }, ownerReferences: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: rs, controller: true }] },
        spec: { containers: [{ name: 'app', image: IMAGE, ports: [{ name: 'http', containerPort: 8080, protocol: 'TCP' }] }] },
        status: { phase: 'Running', podIP: '10.244.0.17', conditions: conditions({ sandbox: true, ready: true }), containerStatuses: [containerStatus({ running: { startedAt: at(-500) }, ready: true, started: true })] },
      },
      patch,
    ),
  );
}

export const deployment = (name: string, labels: Labels, replicas = 1) =>
  obj('Deployment', name, { metadata: { labels }, spec: { replicas, selector: { matchLabels: labels }, template: { metadata: { labels }, spec: { containers: [{ name: 'app', image: IMAGE }] } } } }, 'apps/v1');

export const replicaSet = (name: string, deploy: string, labels: Labels) =>
  obj('ReplicaSet', name, { metadata: { labels, ownerReferences: [{ apiVersion: 'apps/v1', kind: 'Deployment', name: deploy, controller: true }] }, spec: { replicas: 1, selector: { matchLabels: labels }, template: { metadata: { labels } } } }, 'apps/v1');

export const service = (name: string, selector: Labels | undefined, patch: Record<string, any> = {}) =>
  obj('Service', name, merge({ spec: { type: 'ClusterIP', clusterIP: '10.96.133.222', ...(selector ? { selector } : {}), ports: [{ name: 'http', port: 80, protocol: 'TCP', targetPort: 'http' }] } }, patch));

/** The EndpointSlice the controller keeps for a Service: `endpoints: null` when nothing is selected. */
export const slice = (svc: string, endpoints: unknown[] | null, ns = 'shop') =>
  obj(
    'EndpointSlice',
    `${svc}-hdwvt`,
    { metadata: { namespace: ns, labels: { 'kubernetes.io/service-name': svc, 'endpointslice.kubernetes.io/managed-by': 'endpointslice-controller.k8s.io' } }, addressType: 'IPv4', endpoints, ports: endpoints ? [{ name: 'http', port: 8080, protocol: 'TCP' }] : null },
    'discovery.k8s.io/v1',
  );

export const endpoint = (ip: string, podName: string) => ({ addresses: [ip], conditions: { ready: true, serving: true, terminating: false }, nodeName: 'node-1', targetRef: { kind: 'Pod', name: podName, namespace: 'shop' } });
