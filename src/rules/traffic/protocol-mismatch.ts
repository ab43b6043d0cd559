import { pathFindings } from '../helpers/traffic-path.js';
import type { TrafficRule } from '../types.js';

const rule: TrafficRule = {
  id: 'traffic/protocol-mismatch',
  scope: 'traffic',
  hop: 'pod-port',
  stage: 'readiness',
  severity: 'error',
  failureClass: 'deterministic',
  title: "Service port protocol differs from the container port",
  docs: {
    description: "A Service port speaks one protocol (TCP unless it says otherwise) to a target port the container declares with another (UDP, SCTP): nothing answers that protocol there.",
    causes: [
      "protocol omitted on the Service port for a UDP listener (DNS, syslog, statsd): TCP is the default",
      "the container port's protocol changed and the Service was not updated"
    ],
    fix: [
      "Match the container's protocol: kubectl patch svc SERVICE -n NAMESPACE --type=json -p '[{\"op\":\"replace\",\"path\":\"/spec/ports/0/protocol\",\"value\":\"UDP\"}]' (a Service may list the same port twice, once per protocol)"
    ],
    links: ["https://kubernetes.io/docs/reference/networking/service-protocols/"],
  },
  match: (ctx) => pathFindings(ctx, 'traffic/protocol-mismatch'),
};

export default rule;
