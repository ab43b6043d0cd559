// Traffic policies of kinds kdiag reads but does not evaluate: each is named in the verdict ("present, not
// evaluated"), never skipped as a kind kdiag does not read and never silently ignored.
import type { KObject } from '../model/k8s.js';

/** Kinds that select Pod traffic besides networking.k8s.io NetworkPolicy (Calico's NetworkPolicy is told apart by its group). */
const OTHER_POLICY_KINDS = new Set([
  'CiliumNetworkPolicy',
  'CiliumClusterwideNetworkPolicy',
  'GlobalNetworkPolicy',
  'AdminNetworkPolicy',
  'BaselineAdminNetworkPolicy',
  'ClusterNetworkPolicy',
]);

/** `Kind namespace/name` (with the group for a NetworkPolicy of another API) when the object is such a policy; undefined otherwise. */
export function otherPolicyName(obj: KObject): string | undefined {
  const kind = typeof obj.kind === 'string' ? obj.kind : '';
  const apiVersion = typeof obj.apiVersion === 'string' ? obj.apiVersion : '';
  const group = apiVersion.includes('/') ? apiVersion.slice(0, apiVersion.indexOf('/')) : '';
  const foreignNetpol = kind === 'NetworkPolicy' && group !== '' && group !== 'networking.k8s.io';
  if (!OTHER_POLICY_KINDS.has(kind) && !foreignNetpol) return undefined;
  const ns = typeof obj.metadata?.namespace === 'string' ? `${obj.metadata.namespace}/` : '';
  const name = typeof obj.metadata?.name === 'string' ? obj.metadata.name : '?';
  return `${foreignNetpol ? `${kind}.${group}` : kind} ${ns}${name}`;
}
