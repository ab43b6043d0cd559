// Objects of a Deployment rolling from a working revision to a failing one, in the shapes the API server returns.
import { at, conditions, containerStatus, merge, obj, pod } from '../harness/builders.js';

export type Obj = Record<string, any>;
export const OLD = '127.0.0.1:5000/shop/web:1.4.2';
export const NEW = '127.0.0.1:5000/shop/web:1.4.3';
export const NOT_FOUND = `rpc error: code = NotFound desc = failed to pull and unpack image "${NEW}": failed to resolve reference "${NEW}": ${NEW}: not found`;

export const container = (patch: Obj = {}) =>
  merge({ name: 'app', image: OLD, env: [{ name: 'MODE', value: 'blue-green-mode' }, { name: 'DATABASE_URL', valueFrom: { secretKeyRef: { name: 'db', key: 'url' } } }], resources: { limits: { memory: '128Mi' } } }, patch);
export const template = (hash: string, c: Obj = {}, meta: Obj = {}) => ({ metadata: merge({ labels: { app: 'web', 'pod-template-hash': hash } }, meta), spec: { containers: [container(c)] } });

export const deployment = (revision: number, c: Obj = {}, meta: Obj = {}) =>
  obj('Deployment', 'web', { metadata: { uid: 'web-uid', generation: revision, annotations: { 'deployment.kubernetes.io/revision': String(revision) } }, spec: { replicas: 2, selector: { matchLabels: { app: 'web' } }, template: template('x', c, meta) }, status: { observedGeneration: revision, replicas: 3, updatedReplicas: 1, readyReplicas: 2 } }, 'apps/v1');
export const replicaSet = (name: string, revision: number, created: number, tpl: Obj, status: Obj = {}) =>
  obj('ReplicaSet', name, { metadata: { creationTimestamp: at(created), annotations: { 'deployment.kubernetes.io/revision': String(revision) }, ownerReferences: [{ apiVersion: 'apps/v1', kind: 'Deployment', name: 'web', uid: 'web-uid', controller: true }] }, spec: { replicas: 1, template: tpl }, status }, 'apps/v1');
export const ownedBy = (rs: string, name: string, c: Obj = {}) => ({ metadata: { name, labels: { app: 'web' }, ownerReferences: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: rs, controller: true, uid: rs }] }, spec: { containers: [container(c)] } });
export const readyPod = (rs: string, name: string) => pod(merge(ownedBy(rs, name), { status: { phase: 'Running', conditions: conditions({ sandbox: true, ready: true }), containerStatuses: [containerStatus({ image: OLD, running: { startedAt: at(-3000) }, ready: true })] } }));
export const pullingPod = (rs: string, name: string) =>
  pod(merge(ownedBy(rs, name, { image: NEW }), { status: { phase: 'Pending', conditions: conditions({ sandbox: true }), containerStatuses: [containerStatus({ image: NEW, waiting: { reason: 'ErrImagePull', message: NOT_FOUND } })] } }));
export const crashingPod = (rs: string, name: string, c: Obj, lastTerminated: Obj) =>
  pod(merge(ownedBy(rs, name, c), { status: { phase: 'Running', conditions: conditions({ sandbox: true }), containerStatuses: [containerStatus({ waiting: { reason: 'CrashLoopBackOff', message: 'back-off 5m0s restarting failed container=app' }, lastTerminated: { startedAt: at(-100), finishedAt: at(-99), ...lastTerminated }, restartCount: 6 })] } }));

