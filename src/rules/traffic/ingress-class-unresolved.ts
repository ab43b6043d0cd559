import { pathFindings } from '../helpers/traffic-path.js';
import type { TrafficRule } from '../types.js';

const rule: TrafficRule = {
  id: 'traffic/ingress-class-unresolved',
  scope: 'traffic',
  hop: 'ingress',
  stage: 'readiness',
  severity: 'error',
  failureClass: 'deterministic',
  title: "Ingress class does not resolve: no controller serves it",
  docs: {
    description: "An Ingress names an IngressClass that does not exist, or names none while no IngressClass is marked as the default: no ingress controller picks it up, so it never gets an address and its hosts are not served.",
    causes: [
      "ingressClassName misspelt, or naming the class of a controller that is not installed",
      "no ingressClassName and no IngressClass carries ingressclass.kubernetes.io/is-default-class=true"
    ],
    fix: [
      "List the classes: kubectl get ingressclass",
      "Name one: kubectl patch ingress INGRESS -n NAMESPACE --type=merge -p '{\"spec\":{\"ingressClassName\":\"CLASS\"}}', or mark a default: kubectl annotate ingressclass CLASS ingressclass.kubernetes.io/is-default-class=true"
    ],
    links: ["https://kubernetes.io/docs/concepts/services-networking/ingress/#default-ingress-class"],
  },
  match: (ctx) => pathFindings(ctx, 'traffic/ingress-class-unresolved'),
};

export default rule;
