import { pathFindings } from '../helpers/traffic-path.js';
import type { TrafficRule } from '../types.js';

const rule: TrafficRule = {
  id: 'traffic/ingress-backend-missing',
  scope: 'traffic',
  hop: 'ingress',
  stage: 'readiness',
  severity: 'error',
  failureClass: 'deterministic',
  title: "Ingress backend Service does not exist",
  docs: {
    description: "An Ingress sends a path to a Service that does not exist in its namespace: the controller answers 503 (or 404) for it.",
    causes: [
      "the Service is named differently, or lives in another namespace (an Ingress backend is always in the Ingress's namespace)",
      "the Service was deleted or not yet created"
    ],
    fix: [
      "List the Services: kubectl get svc -n NAMESPACE",
      "Create the Service, or point the backend at the right one: kubectl edit ingress INGRESS -n NAMESPACE"
    ],
    links: ["https://kubernetes.io/docs/concepts/services-networking/ingress/#the-ingress-resource"],
  },
  match: (ctx) => pathFindings(ctx, 'traffic/ingress-backend-missing'),
};

export default rule;
