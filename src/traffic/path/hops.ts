// The traffic path's hops in order, with what kdiag checks at each and the commands that inspect it: the
// data `kdiag lifecycle` prints beside the lifecycle's stages (owners and words live in src/i18n/traffic.ts).
import type { TrafficHopName } from '../../model/hops.js';

/** The hops a request crosses, then what the Pod itself must reach by name. */
export const TRAFFIC_HOPS = ['ingress', 'service', 'endpoints', 'network-policy', 'pod-port', 'dns'] as const;

export const HOP_COMMANDS: Record<TrafficHopName, string[]> = {
  ingress: ['kubectl get ingress NAME -n NAMESPACE -o yaml', 'kubectl get ingressclass'],
  service: ['kubectl get svc NAME -n NAMESPACE -o wide', 'kubectl get pods -n NAMESPACE -l KEY=VALUE'],
  endpoints: ['kubectl get endpointslices -n NAMESPACE -l kubernetes.io/service-name=NAME'],
  'network-policy': ['kubectl get networkpolicy -n NAMESPACE -o yaml', 'kdiag pod svc/NAME -n NAMESPACE --from ns/CLIENT'],
  'pod-port': ["kubectl get pod POD -n NAMESPACE -o jsonpath='{.spec.containers[*].ports}'"],
  dns: ['kubectl get pods -n kube-system -l k8s-app=kube-dns', 'kubectl exec POD -n NAMESPACE -- nslookup kubernetes.default'],
};
