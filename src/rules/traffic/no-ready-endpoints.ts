import { pathFindings } from '../helpers/traffic-path.js';
import type { TrafficRule } from '../types.js';

const rule: TrafficRule = {
  id: 'traffic/no-ready-endpoints',
  scope: 'traffic',
  hop: 'endpoints',
  stage: 'readiness',
  severity: 'error',
  failureClass: 'transient',
  title: "Service has no ready endpoints",
  docs: {
    description: "A Service selects Pods, but none of them is Ready (its EndpointSlices list no ready endpoint), so kube-proxy has nowhere to send a connection: it is refused or times out, and an Ingress in front answers 503. The cause is in the Pods: diagnose one of them.",
    causes: [
      "the Pods' readiness probe fails (a wrong path or port, a dependency down)",
      "the Pods are not running at all (Pending, CrashLoopBackOff, ImagePullBackOff)",
      "a rollout replaced every Pod at once and the new ones are not Ready yet"
    ],
    fix: [
      "See the endpoints: kubectl get endpointslices -n NAMESPACE -l kubernetes.io/service-name=SERVICE",
      "Diagnose one of the selected Pods: kdiag pod POD -n NAMESPACE"
    ],
    links: ["https://kubernetes.io/docs/tasks/debug/debug-application/debug-service/#does-the-service-have-any-endpoints"],
  },
  match: (ctx) => pathFindings(ctx, 'traffic/no-ready-endpoints'),
};

export default rule;
