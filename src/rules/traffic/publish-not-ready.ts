import { pathFindings } from '../helpers/traffic-path.js';
import type { TrafficRule } from '../types.js';

const rule: TrafficRule = {
  id: 'traffic/publish-not-ready',
  scope: 'traffic',
  hop: 'endpoints',
  stage: 'readiness',
  severity: 'warning',
  failureClass: 'deterministic',
  title: "Service sends traffic to unready Pods (publishNotReadyAddresses)",
  docs: {
    description: "A Service sets spec.publishNotReadyAddresses: true, so the EndpointSlice controller lists its Pods as ready endpoints whether or not they pass their readiness probe, and some selected Pods are not Ready: traffic reaches Pods that said they cannot serve it.",
    causes: [
      "a headless Service of a StatefulSet needs peers to find each other before they are Ready, and the same Service is also used by clients",
      "the setting was copied from a StatefulSet's Service into a Service for ordinary clients"
    ],
    fix: [
      "Give clients a Service without it: kubectl patch svc SERVICE -n NAMESPACE --type=merge -p '{\"spec\":{\"publishNotReadyAddresses\":false}}' (keep the headless peer-discovery Service as it is)"
    ],
    links: ["https://kubernetes.io/docs/reference/kubernetes-api/service-resources/service-v1/#ServiceSpec"],
  },
  match: (ctx) => pathFindings(ctx, 'traffic/publish-not-ready'),
};

export default rule;
