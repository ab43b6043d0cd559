import { writeReport } from '../io.js';
import { EXIT } from '../exit-codes.js';

const RBAC = `# The least privilege kdiag needs: read-only. kdiag never writes to a cluster.
# Namespaced reads (bind with a RoleBinding per namespace, or a ClusterRoleBinding for -A):
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata:
  name: kdiag-reader
rules:
- apiGroups: [""]
  resources: [pods, pods/log, events, services, persistentvolumeclaims, configmaps]
  verbs: [get, list, watch]
- apiGroups: [""]
  # existence only: kdiag asks for metadata (PartialObjectMetadata), never Secret data
  resources: [secrets]
  verbs: [get, list]
- apiGroups: [apps]
  resources: [deployments, replicasets, statefulsets, daemonsets]
  verbs: [get, list, watch]
- apiGroups: [batch]
  resources: [jobs]
  verbs: [get, list, watch]
- apiGroups: [discovery.k8s.io]
  resources: [endpointslices]
  verbs: [get, list]
---
# Cluster-scoped reads (optional: without them kdiag says "node state not visible" and lowers confidence):
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata:
  name: kdiag-cluster-reader
rules:
- apiGroups: [""]
  resources: [nodes, persistentvolumes]
  verbs: [get, list]
- apiGroups: [storage.k8s.io]
  resources: [storageclasses]
  verbs: [get, list]
`;

/** \`kdiag rbac\`: the minimal Role/ClusterRole kdiag needs. */
export async function rbacCommand(): Promise<number> {
  writeReport(RBAC);
  return EXIT.ok;
}
