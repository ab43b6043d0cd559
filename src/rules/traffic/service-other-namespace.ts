import { pathFindings } from '../helpers/traffic-path.js';
import type { TrafficRule } from '../types.js';

const rule: TrafficRule = {
  id: 'traffic/service-other-namespace',
  scope: 'traffic',
  hop: 'service',
  stage: 'readiness',
  severity: 'error',
  failureClass: 'deterministic',
  title: "Service selects Pods only in another namespace",
  docs: {
    description: "A Service's selector matches no Pod of its own namespace, while Pods carrying its labels run in another namespace. A Service only ever selects Pods of its own namespace, so it has no endpoints and connections to it are refused or time out.",
    causes: [
      "the Service was applied to another namespace than the workload (a missing -n, a Helm release in the wrong namespace)",
      "the workload moved to a new namespace and the Service stayed behind"
    ],
    fix: [
      "Find where the Pods run: kubectl get pods -A -l KEY=VALUE",
      "Create the Service in the Pods' namespace (kubectl apply -n NAMESPACE -f service.yaml); clients in other namespaces use NAME.NAMESPACE.svc.cluster.local, or an ExternalName Service pointing there"
    ],
    links: ["https://kubernetes.io/docs/concepts/services-networking/service/#defining-a-service"],
  },
  match: (ctx) => pathFindings(ctx, 'traffic/service-other-namespace'),
};

export default rule;
