import { pathFindings } from '../helpers/traffic-path.js';
import type { TrafficRule } from '../types.js';

const rule: TrafficRule = {
  id: 'traffic/ingress-backend-port',
  scope: 'traffic',
  hop: 'ingress',
  stage: 'readiness',
  severity: 'error',
  failureClass: 'deterministic',
  title: "Ingress backend port is not a port of the Service",
  docs: {
    description: "An Ingress backend names a port (by number or name) that the Service does not have: the controller cannot route the path.",
    causes: [
      "the backend names the Pod's port (the targetPort) instead of the Service's port",
      "the Service's port was renamed or renumbered"
    ],
    fix: [
      "See the Service's ports: kubectl get svc SERVICE -n NAMESPACE -o jsonpath='{.spec.ports}'",
      "Use one of them: kubectl edit ingress INGRESS -n NAMESPACE"
    ],
    links: ["https://kubernetes.io/docs/reference/kubernetes-api/service-resources/ingress-v1/#IngressBackend"],
  },
  match: (ctx) => pathFindings(ctx, 'traffic/ingress-backend-port'),
};

export default rule;
