// The traffic path's words, English; src/i18n/traffic.zh-TW.ts holds the same keys in Traditional Chinese
// (both implement traffic-text.ts), loaded by loadLanguage().
import type { Lang } from '../model/lang.js';
import type { PolicyCause } from '../traffic/path/policy-cause.js';
import type { TrafficText } from './traffic-text.js';

const causeText = (c: PolicyCause, many: boolean): string => {
  switch (c.kind) {
    case 'namespace-label':
      // A namespace with no label of its own carries the one every namespace has: said once, not twice.
      return c.has === `kubernetes.io/metadata.name=${c.namespace}`
        ? `${c.policy} ingress[${c.rule}] selects namespaces labelled ${c.key}=${c.value}, but namespace ${c.namespace} carries only the label every namespace has, ${c.has}`
        : `${c.policy} ingress[${c.rule}] selects namespaces labelled ${c.key}=${c.value}, but namespace ${c.namespace} carries ${c.has} (the label every namespace has is kubernetes.io/metadata.name=${c.namespace})`;
    case 'and-peer':
      return `${c.policy} ingress[${c.rule}] holds namespaceSelector and podSelector in one entry, so both must match (AND); the client matches only the ${c.matched} selector, not ${c.selector}. Two entries (two dashes) would admit either (OR)`;
    case 'service-port':
      return `${c.policy} ingress[${c.rule}] opens port ${c.opened}, the Service's ${c.which}, but policies see the Pod's port: ${c.targetPort}`;
    case 'no-rule':
      return `no ingress rule of ${c.policies.join(', ')} admits ${many ? 'any of them' : 'it'}`;
  }
};

export const TRAFFIC_EN: TrafficText = {
  hop: { ingress: 'ingress', service: 'service', endpoints: 'endpoints', 'network-policy': 'network policy', 'pod-port': 'pod port' },
  owner: {
    ingress: 'the ingress controller its IngressClass names',
    service: "kube-proxy (or the CNI's service implementation)",
    endpoints: 'the EndpointSlice controller (kube-controller-manager)',
    'network-policy': "the CNI's network policy engine",
    'pod-port': 'the application in the Pod (its container ports)',
    dns: "the cluster DNS (CoreDNS in kube-system), the CNI's policy engine for the Pod's egress, and a StatefulSet's headless Service",
  },
  hopChecks: {
    ingress: 'the class resolves to a controller; each backend Service exists and has the port; TLS Secrets exist (by name)',
    service: "the selector matches Pods of the Service's own namespace",
    endpoints: 'some selected Pod is Ready (the EndpointSlices list a ready endpoint); publishNotReadyAddresses',
    'network-policy': "each client reaches the Pods on their port: the source's egress and the destination's ingress",
    'pod-port': 'the targetPort resolves on a container port, with the same protocol',
    dns: 'an egress-isolated Pod may send UDP and TCP 53 to the cluster DNS Pods; the DNS Pods are Ready; a StatefulSet names an existing headless Service',
  },
  hopNameDns: 'egress and DNS',
  lifecycleTitle: 'The traffic path (a Pod that runs but gets no traffic), diagnosed with:',
  lifecycleChecks: 'kdiag checks:',
  lifecycleOwner: 'owned by:',
  lifecycleCommands: 'look with:',
  explainHop: ({ hop, owner }: { hop: string; owner: string }) => `Traffic path hop: ${hop}, owned by ${owner}`,
  pathTitle: 'Traffic path',
  rulesHeading: 'traffic',
  podTrafficTitle: 'Traffic',
  and: ' and ',
  dnsDeniedTitle: 'Egress policy blocks DNS: the Pod cannot resolve names',
  dnsDenied: ({ pod, protocols, by, server }: { pod: string; protocols: string; by: string; server: string }) =>
    `Pod ${pod} cannot resolve names: its egress is isolated by ${by}, and no egress rule admits DNS (${protocols}) to the cluster DNS Pods${server ? ` (${server})` : ''}. Every lookup of a Service or host name times out.`,
  dnsDeniedFix: 'Admit DNS to the cluster DNS Pods from the namespace (policies add up; nothing else changes):',
  dnsNotReadyTitle: 'Cluster DNS Pods are not Ready: names do not resolve',
  dnsNotReady: ({ pod, servers }: { pod: string; servers: string }) => `Pod ${pod} cannot resolve names: none of the cluster DNS Pods (${servers}) is Ready, so the kube-dns Service has no endpoint.`,
  dnsNotReadyFix: ({ server }: { server: string }) => [`Diagnose the DNS Pod: kdiag pod ${server} -n kube-system`],
  stsServiceTitle: 'StatefulSet serviceName is not an existing headless Service',
  stsServiceMissing: ({ sts, service }: { sts: string; service: string }) => `StatefulSet ${sts} names serviceName ${service}, which does not exist: the per-Pod DNS names (${sts}-0.${service}) never resolve.`,
  stsServiceNotHeadless: ({ sts, service, ip }: { sts: string; service: string; ip: string }) => `StatefulSet ${sts} names serviceName ${service}, which is not headless (clusterIP ${ip}): the per-Pod DNS names (${sts}-0.${service}) never resolve.`,
  stsServiceFix: ({ namespace, sts, service }: { namespace: string; sts: string; service: string }) => [
    `Create the headless Service it names (serviceName cannot be changed on an existing StatefulSet): kubectl create service clusterip ${service} --clusterip=None -n ${namespace} (then set its selector to the Pods' labels)`,
    `See the StatefulSet's Pod labels: kubectl get sts ${sts} -n ${namespace} -o jsonpath='{.spec.template.metadata.labels}'`,
  ],
  serviceLine: ({ service, strip }: { service: string; strip: string }) => `Service ${service}: ${strip}`,
  keptOutLine: ({ clients }: { clients: string }) => `a NetworkPolicy keeps out ${clients}`,
  pathPasses: 'every hop of the traffic path passes',
  pathUnknown: 'no hop of the traffic path is broken, but some could not be judged (see the notes)',
  clientLine: ({ client }: { client: string }) => `client: ${client}`,
  /** A client's label (`namespace NAME`, `pod NS/NAME`, as clients.ts writes it, and JSON keeps it) in words. */
  clientName: (label: string): string => label,
  /** Between a hop's name and its detail, between a hop's details, between names in a list. */
  detailSep: ': ',
  detailJoin: '; ',
  listSep: ', ',
  defaultClients: 'every namespace a policy distinguishes',
  ownerLine: ({ owner }: { owner: string }) => `owned by ${owner}`,
  noSelector: 'no selector: endpoints are managed by hand or by another controller',
  podsNotRead: 'the Pods were not read: whether the selector matches is unknown',
  selectsNothing: 'the selector matches no Pod',
  selects: ({ pods }: { pods: number }) => `selects ${pods} Pod(s)`,
  selectsOnlyElsewhere: ({ others }: { others: string }) => `selects Pods only in another namespace (${others})`,
  otherNamespaceTitle: 'Service selects Pods only in another namespace',
  otherNamespace: ({ service, namespace, others, pods }: { service: string; namespace: string; others: string; pods: number }) =>
    `Service ${service} in namespace ${namespace} selects no Pod there; ${pods} Pod(s) with its labels run in ${others}. A Service selects Pods of its own namespace only.`,
  otherNamespaceFix: ({ service, namespace, other }: { service: string; namespace: string; other: string }) => [
    `Create the Service in the Pods' namespace: kubectl get svc ${service} -n ${namespace} -o yaml | sed 's/namespace: ${namespace}/namespace: ${other}/' | kubectl apply -f -`,
    `Clients in ${namespace} then use ${service}.${other}.svc.cluster.local (or an ExternalName Service pointing there)`,
  ],
  noEndpointsTitle: 'Service has no ready endpoints',
  noEndpoints: ({ service, pods }: { service: string; pods: number }) => `Service ${service} selects ${pods} Pod(s) but none is Ready, so it has no ready endpoint: connections are refused or time out.`,
  noEndpointsFix: ({ namespace, pod }: { namespace: string; pod: string }) => [`Find why the Pods are not Ready: kdiag pod ${pod} -n ${namespace}`],
  readyEndpoints: ({ ready, total }: { ready: number; total: number }) => `${ready} ready of ${total} endpoint(s)`,
  publishNotReadyTitle: 'Service sends traffic to unready Pods (publishNotReadyAddresses)',
  publishNotReady: ({ service, pods }: { service: string; pods: number }) => `Service ${service} sets publishNotReadyAddresses: true, so its ${pods} unready Pod(s) receive traffic before they pass their readiness probe.`,
  publishNotReadyFix: ({ namespace, service }: { namespace: string; service: string }) => [
    `Unless the Service is the headless Service of a StatefulSet that must find its peers before it is Ready: kubectl patch svc ${service} -n ${namespace} --type=merge -p '{"spec":{"publishNotReadyAddresses":false}}'`,
  ],
  policiesNotRead: 'NetworkPolicies not read: whether traffic is allowed is unknown',
  policiesUnknownNote: 'NetworkPolicies were not read (forbidden, or not in the input): the network policy hop is unknown, not allowed. Add `kubectl get netpol,ingress,ingressclass,ns -A -o yaml` to the dump, or grant list on networkpolicies.networking.k8s.io',
  notEvaluatedNote: ({ policies }: { policies: string }) => `present, not evaluated (kdiag evaluates networking.k8s.io NetworkPolicies only): ${policies}`,
  policiesUnreadableNote: ({ policies }: { policies: string }) => `NetworkPolicies with a field that is not of its API type, not evaluated (the network policy hop is unknown where they could decide it): ${policies}`,
  keptOut: ({ clients, admitted }: { clients: string; admitted: number }) => `keeps out ${clients}${admitted > 0 ? `; admits the other ${admitted} client(s) asked about` : ''}`,
  admitted: ({ clients }: { clients: number }) => `admits the ${clients} client(s) asked about`,
  unknownFor: ({ clients, admitted }: { clients: string; admitted: number }) => `cannot tell for ${clients}${admitted > 0 ? `; admits the other ${admitted} client(s) asked about` : ''}`,
  clientAbsentNote: ({ client }: { client: string }) => `${client} (--from) does not exist in what kdiag read: check the name`,
  clientUnreadNote: ({ client, pod, namespace }: { client: string; pod: boolean; namespace: string }) => (pod ? `${client} (--from) was not read: judged as any Pod of namespace ${namespace}, its own labels unknown` : `${client} (--from) was not read: its labels are unknown`),
  policyDeniesTitle: 'NetworkPolicy keeps the client out',
  policyDenies: ({ client, many, service, port, protocol, by, cause }: { client: string; many: boolean; service: string; port: string; protocol: string; by: string; cause: PolicyCause }) =>
    `A NetworkPolicy keeps ${client} out of Service ${service} (Pod port ${port}/${protocol})${by ? `: selected by ${by}` : ''}; ${causeText(cause, many)}.`,
  labelNamespaceFix: ({ namespace, key, value }: { namespace: string; key: string; value: string }) => `Either label the namespace as the policy expects: kubectl label namespace ${namespace} ${key}=${value}`,
  admitFix: ({ or }: { or: boolean }) => `${or ? 'Or admit' : 'Admit'} the client with the smallest policy (policies add up; nothing else changes):`,
  admitOneFix: ({ client, or }: { client: string; or: boolean }) => `${or ? 'Or admit' : 'Admit'} each client that should reach it with the smallest policy, here for ${client} (policies add up; nothing else changes):`,
  namespaceGroup: ({ names, more }: { names: string[]; more: number }) => `namespaces ${names.join(', ')}${more > 0 ? ` and ${more} more` : ''}`,
  noPorts: 'the Service has no ports',
  protocolTitle: 'Service port protocol differs from the container port',
  protocol: ({ service, port, protocol, target, has }: { service: string; port: string; protocol: string; target: string; has: string }) =>
    `Service ${service} port ${port} speaks ${protocol} to target port ${target}, but the container declares that port as ${has}: nothing answers ${protocol} there.`,
  protocolFix: ({ namespace, service, index, protocol }: { namespace: string; service: string; index: number; protocol: string }) => [
    `Match the container's protocol: kubectl patch svc ${service} -n ${namespace} --type=json -p '[{"op":"replace","path":"/spec/ports/${index}/protocol","value":"${protocol}"}]'`,
  ],
  portProtocol: ({ target, protocol, has }: { target: string; protocol: string; has: string }) => `target port ${target} is ${has} on the Pod, the Service speaks ${protocol}`,
  namedPortTitle: 'Service targetPort names no container port',
  namedPort: ({ service, target, pod }: { service: string; target: string; pod: string }) => `Service ${service} targets port "${target}", which no container of Pod ${pod} declares: the Pod is left out of that port's endpoints.`,
  namedPortFix: ({ namespace, service, index }: { namespace: string; service: string; index: number }) => [
    `Name the container port, or point targetPort at its number: kubectl patch svc ${service} -n ${namespace} --type=json -p '[{"op":"replace","path":"/spec/ports/${index}/targetPort","value":8080}]'`,
  ],
  portMissing: ({ target }: { target: string }) => `no container port named ${target}`,
  portOk: ({ port, protocol }: { port: number; protocol: string }) => `container port ${port}/${protocol}`,
  portNotDeclared: ({ port }: { port: number }) => `port ${port} is not declared by the container (it may still listen)`,
  ingressClassTitle: 'Ingress class does not resolve: no controller serves it',
  ingressClassMissing: ({ ingress, cls }: { ingress: string; cls: string }) => `Ingress ${ingress} names IngressClass ${cls}, which does not exist: no ingress controller serves it.`,
  ingressClassNone: ({ ingress }: { ingress: string }) => `Ingress ${ingress} has no ingressClassName and no IngressClass is the default: no ingress controller serves it.`,
  ingressClassFix: ({ namespace, ingress, classes }: { namespace: string; ingress: string; classes: string }) => [
    classes ? `Name a class that exists (${classes}): kubectl patch ingress ${ingress} -n ${namespace} --type=merge -p '{"spec":{"ingressClassName":"${classes.split(', ')[0]}"}}'` : 'Install an ingress controller; it creates its IngressClass',
    'Or mark one IngressClass as the default: kubectl annotate ingressclass NAME ingressclass.kubernetes.io/is-default-class=true',
  ],
  ingressClassUnknown: 'IngressClasses were not read: whether a controller serves it is unknown',
  ingressClassOk: ({ cls }: { cls: string }) => `class ${cls}`,
  backendMissingTitle: 'Ingress backend Service does not exist',
  backendMissing: ({ ingress, service, namespace }: { ingress: string; service: string; namespace: string }) => `Ingress ${ingress} sends traffic to Service ${service}, which does not exist in namespace ${namespace}: the controller answers 503 (or 404).`,
  backendMissingFix: ({ namespace, service }: { namespace: string; service: string }) => [`List the Services there: kubectl get svc -n ${namespace}`, `Create Service ${service}, or point the Ingress backend at the right one`],
  backendPortTitle: 'Ingress backend port is not a port of the Service',
  backendPort: ({ ingress, service, port, ports }: { ingress: string; service: string; port: string; ports: string }) => `Ingress ${ingress} sends traffic to port ${port} of Service ${service}, which has no such port (it has ${ports}).`,
  backendPortFix: ({ namespace, ingress, ports }: { namespace: string; ingress: string; ports: string }) => [`Use a port the Service has (${ports}): kubectl edit ingress ${ingress} -n ${namespace}`],
  tlsTitle: 'Ingress TLS Secret does not exist',
  tlsMissing: ({ ingress, secret }: { ingress: string; secret: string }) => `Ingress ${ingress} names TLS Secret ${secret}, which does not exist: the controller serves its default certificate.`,
  tlsFix: ({ namespace, secret }: { namespace: string; secret: string }) => [`Create it: kubectl create secret tls ${secret} -n ${namespace} --cert=tls.crt --key=tls.key`],
  tlsNotRead: 'Secrets were not read: the TLS Secret is checked by name only, and its existence is unknown',
  backends: ({ services }: { services: string }) => `backends ${services}`,
  noBackends: 'the Ingress names no backend Service',
  controllerClients: ({ pods }: { pods: string }) => `the ingress controller's Pods (${pods})`,
};

// Other languages' words are registered by loadLanguage() (i18n/load.ts): an English run never loads them.
const REGISTERED: Partial<Record<Lang, TrafficText>> = {};

export function registerTrafficText(lang: Lang, text: TrafficText): void {
  REGISTERED[lang] = text;
}

/** The traffic path's words in `lang` (English when undefined, or when loadLanguage(lang) was never awaited). */
export function trafficText(lang: Lang): TrafficText {
  return REGISTERED[lang] ?? TRAFFIC_EN;
}
