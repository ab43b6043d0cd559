import { pathFindings } from '../helpers/traffic-path.js';
import type { TrafficRule } from '../types.js';

const rule: TrafficRule = {
  id: 'traffic/target-port-undeclared',
  scope: 'traffic',
  hop: 'pod-port',
  stage: 'readiness',
  severity: 'error',
  failureClass: 'deterministic',
  title: "Service targetPort names no container port",
  docs: {
    description: "A Service port's targetPort is a name that no container of the selected Pods declares, so the EndpointSlice controller leaves those Pods out of that port: the port has no endpoints.",
    causes: [
      "the container port is named differently (web vs http)",
      "the container port has no name at all"
    ],
    fix: [
      "Name the container port as the Service says, or point the Service at it: kubectl patch svc SERVICE -n NAMESPACE --type=json -p '[{\"op\":\"replace\",\"path\":\"/spec/ports/0/targetPort\",\"value\":8080}]'"
    ],
    links: ["https://kubernetes.io/docs/concepts/services-networking/service/#field-spec-ports"],
  },
  match: (ctx) => pathFindings(ctx, 'traffic/target-port-undeclared'),
};

export default rule;
