import { pathFindings } from '../helpers/traffic-path.js';
import type { TrafficRule } from '../types.js';

const rule: TrafficRule = {
  id: 'traffic/ingress-tls-secret-missing',
  scope: 'traffic',
  hop: 'ingress',
  stage: 'readiness',
  severity: 'warning',
  failureClass: 'deterministic',
  title: "Ingress TLS Secret does not exist",
  docs: {
    description: "An Ingress's tls section names a Secret that does not exist in its namespace: the controller serves its default (self-signed) certificate for those hosts. kdiag checks the Secret by name only and never reads its data.",
    causes: [
      "the certificate was never issued (cert-manager still waiting, or failing)",
      "the Secret is in another namespace or named differently"
    ],
    fix: [
      "Check it: kubectl get secret SECRET -n NAMESPACE",
      "Create it: kubectl create secret tls SECRET -n NAMESPACE --cert=tls.crt --key=tls.key (or see why cert-manager did not: kubectl describe certificate -n NAMESPACE)"
    ],
    links: ["https://kubernetes.io/docs/concepts/services-networking/ingress/#tls"],
  },
  match: (ctx) => pathFindings(ctx, 'traffic/ingress-tls-secret-missing'),
};

export default rule;
