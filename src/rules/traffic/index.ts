import type { Rule } from '../types.js';
import dnsEgressDenied from './dns-egress-denied.js';
import dnsPodsNotReady from './dns-pods-not-ready.js';
import ingressBackendMissing from './ingress-backend-missing.js';
import ingressBackendPort from './ingress-backend-port.js';
import ingressClassUnresolved from './ingress-class-unresolved.js';
import ingressTlsSecretMissing from './ingress-tls-secret-missing.js';
import noReadyEndpoints from './no-ready-endpoints.js';
import policyDenies from './policy-denies.js';
import protocolMismatch from './protocol-mismatch.js';
import publishNotReady from './publish-not-ready.js';
import serviceOtherNamespace from './service-other-namespace.js';
import statefulsetServiceName from './statefulset-service-name.js';
import targetPortUndeclared from './target-port-undeclared.js';

/** The traffic path's rules (`traffic/<slug>`), sorted by id. */
export const trafficRules: readonly Rule[] = [dnsEgressDenied, dnsPodsNotReady, ingressBackendMissing, ingressBackendPort, ingressClassUnresolved, ingressTlsSecretMissing, noReadyEndpoints, policyDenies, protocolMismatch, publishNotReady, serviceOtherNamespace, statefulsetServiceName, targetPortUndeclared];
