import { writeReport } from '../io.js';
import { EXIT } from '../exit-codes.js';

// Only what the rules read. Nothing on Secrets: in RBAC, `get`/`list` on secrets returns their values to
// anyone who asks, whatever kdiag itself asks for. A missing Secret or key is diagnosed from the kubelet's
// own events and container statuses ("secret "db" not found", "couldn't find key password in Secret …").
const RBAC = `# The least privilege kdiag needs: read-only, nothing on Secrets. kdiag never writes to a cluster.
# Namespaced reads (bind with a RoleBinding per namespace, or a ClusterRoleBinding for -A):
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata:
  name: kdiag-reader
rules:
- apiGroups: [""]
  resources: [pods, pods/log, events, services, persistentvolumeclaims, configmaps, limitranges]
  verbs: [get, list, watch]
- apiGroups: [apps]
  resources: [deployments, replicasets, statefulsets, daemonsets, controllerrevisions]
  verbs: [get, list, watch]
- apiGroups: [batch]
  resources: [jobs, cronjobs]
  verbs: [get, list, watch]
- apiGroups: [discovery.k8s.io]
  resources: [endpointslices]
  verbs: [get, list]
- apiGroups: [networking.k8s.io]
  resources: [networkpolicies, ingresses]
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
- apiGroups: [""]
  resources: [namespaces]
  verbs: [get, list]
- apiGroups: [networking.k8s.io]
  resources: [ingressclasses]
  verbs: [get, list]
`;

const SECRET_EXISTENCE = `---
# OPTIONAL, AND IT EXPOSES SECRET VALUES. With it kdiag can tell "Secret db exists but has no key x" before
# the kubelet says so. kdiag asks only for metadata, but RBAC cannot limit a grant to metadata: whoever holds
# this Role can read every Secret's data in the namespaces it is bound in. Without it kdiag reports Secrets
# as "not visible" and relies on the kubelet's messages. Bind it per namespace, never cluster-wide.
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata:
  name: kdiag-secret-existence-exposes-values
rules:
- apiGroups: [""]
  resources: [secrets]
  verbs: [list]
`;

/** \`kdiag rbac [--with-secret-names]\`: the least-privilege ClusterRoles kdiag needs. */
export async function rbacCommand(opts: { withSecretNames?: boolean } = {}): Promise<number> {
  writeReport(opts.withSecretNames ? RBAC + SECRET_EXISTENCE : RBAC);
  return EXIT.ok;
}
