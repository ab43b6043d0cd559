// A small live cluster for the team tests (a loopback API server's handler): Deployment web, done, with both
// replicas on one of two Ready nodes (readiness/single-node-replicas, a warning), and a bare Pod crasher in a
// crash loop (container/crash-loop, an error); annotations on the Pod, the Deployment or the Namespace.
import type http from 'node:http';
import { isList, json, kindOf, list } from './server.js';

// Old enough that every verdict is settled whenever the suite runs.
const OLD = '2024-01-01T00:00:00Z';
type Annotations = Record<string, string>;

const node = (name: string) => ({ apiVersion: 'v1', kind: 'Node', metadata: { name, uid: `node-${name}`, creationTimestamp: OLD }, status: { conditions: [{ type: 'Ready', status: 'True', lastTransitionTime: OLD }] } });

/** Deployment web: 2 replicas, done, both on n1 of two Ready nodes (readiness/single-node-replicas, a warning). A bare Pod crasher in a crash loop (an error). */
export function cluster(annotate: { pod?: Annotations; deployment?: Annotations; namespace?: Annotations } = {}) {
  const ns = { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'shop', uid: 'ns-shop', creationTimestamp: OLD, ...(annotate.namespace ? { annotations: annotate.namespace } : {}) } };
  const deployment = {
    apiVersion: 'apps/v1', kind: 'Deployment',
    metadata: { name: 'web', namespace: 'shop', uid: 'd-web', generation: 1, creationTimestamp: OLD, ...(annotate.deployment ? { annotations: annotate.deployment } : {}) },
    spec: { replicas: 2, selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'app', image: 'web:1', resources: { requests: { cpu: '10m' } } }] } } },
    status: { observedGeneration: 1, replicas: 2, updatedReplicas: 2, readyReplicas: 2, availableReplicas: 2, conditions: [{ type: 'Available', status: 'True' }, { type: 'Progressing', status: 'True', reason: 'NewReplicaSetAvailable' }] },
  };
  const rs = {
    apiVersion: 'apps/v1', kind: 'ReplicaSet',
    metadata: { name: 'web-5d4f', namespace: 'shop', uid: 'rs-web', creationTimestamp: OLD, labels: { app: 'web', 'pod-template-hash': '5d4f' }, annotations: { 'deployment.kubernetes.io/revision': '1' }, ownerReferences: [{ apiVersion: 'apps/v1', kind: 'Deployment', name: 'web', uid: 'd-web', controller: true }] },
    spec: { replicas: 2, selector: { matchLabels: { app: 'web', 'pod-template-hash': '5d4f' } } },
    status: { replicas: 2, readyReplicas: 2, availableReplicas: 2 },
  };
  const webPod = (name: string) => ({
    apiVersion: 'v1', kind: 'Pod',
    metadata: { name, namespace: 'shop', uid: `p-${name}`, creationTimestamp: OLD, labels: { app: 'web', 'pod-template-hash': '5d4f' }, ownerReferences: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'web-5d4f', uid: 'rs-web', controller: true }] },
    spec: { nodeName: 'n1', containers: [{ name: 'app', image: 'web:1', resources: { requests: { cpu: '10m' } } }] },
    status: { phase: 'Running', conditions: [{ type: 'PodScheduled', status: 'True', lastTransitionTime: OLD }, { type: 'Ready', status: 'True', lastTransitionTime: OLD }], containerStatuses: [{ name: 'app', ready: true, restartCount: 0, state: { running: { startedAt: OLD } } }] },
  });
  const crasher = {
    apiVersion: 'v1', kind: 'Pod',
    metadata: { name: 'crasher', namespace: 'shop', uid: 'p-crasher', creationTimestamp: OLD, labels: { app: 'crasher' }, ...(annotate.pod ? { annotations: annotate.pod } : {}) },
    spec: { nodeName: 'n2', containers: [{ name: 'app', image: 'crasher:1', resources: { requests: { cpu: '10m' } } }] },
    status: {
      phase: 'Running', conditions: [{ type: 'Ready', status: 'False', lastTransitionTime: OLD }],
      containerStatuses: [{ name: 'app', ready: false, restartCount: 7, state: { waiting: { reason: 'CrashLoopBackOff', message: 'back-off 5m0s restarting failed container=app pod=crasher_shop(p-crasher)' } }, lastState: { terminated: { exitCode: 1, reason: 'Error', startedAt: OLD, finishedAt: OLD } } }],
    },
  };
  const pods = [webPod('web-5d4f-a'), webPod('web-5d4f-b'), crasher];
  const byKind: Record<string, unknown[]> = { Pod: pods, Node: [node('n1'), node('n2')], Namespace: [ns], Deployment: [deployment], ReplicaSet: [rs] };
  return (req: http.IncomingMessage, res: http.ServerResponse): void => {
    const url = req.url ?? '';
    if (url.includes('watch=1') || url.includes('watch=true')) return; // watches stay open (the gate's)
    if (url.includes('/log')) return json(res, 200, 'panic: boom\n');
    const kind = kindOf(url);
    if (isList(url)) return json(res, 200, list(kind, byKind[kind] ?? []));
    const name = decodeURIComponent((url.split('?')[0] ?? '').split('/').pop() ?? '');
    const found = (byKind[kind] ?? []).find((o) => (o as { metadata: { name: string } }).metadata.name === name);
    if (found) return json(res, 200, found);
    json(res, 404, { kind: 'Status', apiVersion: 'v1', status: 'Failure', reason: 'NotFound', code: 404, message: `${kind.toLowerCase()}s "${name}" not found` });
  };
}
