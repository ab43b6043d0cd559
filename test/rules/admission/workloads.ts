// Workload objects as `kubectl get deploy,rs,sts,ds,job -o yaml` prints them, and their controllers' events.
import { at, event, merge, obj } from '../../harness/builders.js';

type Obj = Record<string, any>;

export function deployment(patch: Obj = {}): Obj {
  return obj(
    'Deployment',
    'api',
    merge(
      {
        metadata: { generation: 2, uid: 'deploy-api-uid' },
        spec: { replicas: 3, progressDeadlineSeconds: 600, selector: { matchLabels: { app: 'api' } } },
        status: {
          observedGeneration: 2,
          replicas: 0,
          conditions: [
            { type: 'Available', status: 'False', reason: 'MinimumReplicasUnavailable', message: 'Deployment does not have minimum availability.', lastUpdateTime: at(-600), lastTransitionTime: at(-600) },
            { type: 'Progressing', status: 'True', reason: 'ReplicaSetUpdated', message: 'ReplicaSet "api-7d9f" is progressing.', lastUpdateTime: at(-600), lastTransitionTime: at(-600) },
          ],
        },
      },
      patch,
    ),
    'apps/v1',
  );
}

export function replicaSet(name = 'api-7d9f', patch: Obj = {}, revision = '2'): Obj {
  return obj(
    'ReplicaSet',
    name,
    merge(
      {
        metadata: { annotations: { 'deployment.kubernetes.io/revision': revision }, ownerReferences: [{ apiVersion: 'apps/v1', kind: 'Deployment', name: 'api', uid: 'deploy-api-uid', controller: true }], labels: { app: 'api' } },
        spec: { replicas: 3 },
        status: { replicas: 0, observedGeneration: 1 },
      },
      patch,
    ),
    'apps/v1',
  );
}

/** A controller event (`FailedCreate` by default) about `about`. */
export function controllerEvent(about: Obj, message: string, patch: Obj = {}): Obj {
  const source = { ReplicaSet: 'replicaset-controller', StatefulSet: 'statefulset-controller', DaemonSet: 'daemonset-controller', Job: 'job-controller' }[about.kind as string] ?? 'controller';
  return event(about, { reason: 'FailedCreate', message, source, count: 7, first: at(-590), last: at(-30), ...patch });
}

export const quotaError = 'pods "api-7d9f-" is forbidden: exceeded quota: compute, requested: requests.cpu=500m, used: requests.cpu=3800m, limited: requests.cpu=4';
