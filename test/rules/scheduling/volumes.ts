// PersistentVolumeClaims, volumes and StorageClasses as `kubectl get -o yaml` prints them.
import { merge, obj, pod } from '../../harness/builders.js';

type Obj = Record<string, any>;

export function pvc(name: string, patch: Obj = {}): Obj {
  return obj('PersistentVolumeClaim', name, merge({ spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } }, volumeMode: 'Filesystem' }, status: { phase: 'Pending' } }, patch));
}

export function storageClass(name: string, patch: Obj = {}): Obj {
  const sc = obj('StorageClass', name, merge({ provisioner: 'csi.example.com', reclaimPolicy: 'Delete', volumeBindingMode: 'Immediate' }, patch), 'storage.k8s.io/v1');
  delete sc.metadata.namespace;
  return sc;
}

export function pv(name: string, patch: Obj = {}): Obj {
  const v = obj('PersistentVolume', name, merge({ spec: { capacity: { storage: '1Gi' }, accessModes: ['ReadWriteOnce'] }, status: { phase: 'Bound' } }, patch));
  delete v.metadata.namespace;
  return v;
}

/** Pod spec patch mounting claim `claim` as volume "data". */
export function mounting(claim: string): Obj {
  return {
    spec: {
      volumes: [{ name: 'data', persistentVolumeClaim: { claimName: claim } }],
      containers: [{ name: 'app', image: '127.0.0.1:5000/shop/api:1.4.2', volumeMounts: [{ name: 'data', mountPath: '/data' }] }],
    },
  };
}

export { pod };
