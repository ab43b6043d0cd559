import { fieldEvidence } from '../helpers/evidence.js';
import { finding } from '../helpers/finding.js';
import { asList } from '../helpers/probes.js';
import type { Finding, PodRule } from '../types.js';

interface ServicePort {
  name?: string;
  port?: number;
  targetPort?: number | string;
  protocol?: string;
}

const rule: PodRule = {
  id: 'readiness/service-no-endpoints',
  scope: 'pod',
  stage: 'readiness',
  severity: 'warning',
  failureClass: 'transient',
  title: 'Service targets a port this Pod does not have',
  docs: {
    description:
      'A Service selects this Pod by its labels, but the Service port\'s targetPort matches nothing on the Pod: a named targetPort that no container port carries (the Pod is then left out of that port\'s endpoints), or a number that differs from every declared containerPort (traffic goes to a port the application may not listen on).',
    causes: [
      'the targetPort name differs from the container port\'s name (e.g. "http" vs "web")',
      'the application port changed but the Service was not updated',
      'targetPort omitted, so it defaults to the Service port, which is not the application\'s port',
    ],
    fix: [
      'Compare: kubectl get svc SVC -o jsonpath=\'{.spec.ports}\' and the Pod\'s containers[].ports',
      'Set targetPort to the container port\'s name or number: kubectl patch svc SVC --type=json -p \'[{"op":"replace","path":"/spec/ports/0/targetPort","value":"http"}]\'',
    ],
    links: ['https://kubernetes.io/docs/concepts/services-networking/service/#defining-a-service'],
  },
  triggers: { services: true },
  match({ pod }) {
    if (pod.deletingSince !== undefined || pod.phase === 'Succeeded' || pod.phase === 'Failed' || pod.services.length === 0) return [];
    const ports = pod.containers
      .filter((c) => c.kind === 'app' || c.kind === 'sidecar')
      .flatMap((c) => asList<NonNullable<typeof c.spec.ports>[number]>(c.spec.ports).filter((p) => typeof p === 'object').map((p) => ({ ...p, container: c.name })));
    const declared = ports.map((p) => `${p.containerPort}${p.name ? ` (${p.name})` : ''}`).join(', ');
    const out: Finding[] = [];
    for (const svc of pod.services) {
      const name = svc.metadata?.name ?? '';
      const svcPorts = asList<ServicePort>(svc.spec?.ports).filter((p) => typeof p === 'object');
      for (const [i, sp] of svcPorts.entries()) {
        const target = sp.targetPort ?? sp.port;
        if (target === undefined) continue;
        const proto = sp.protocol ?? 'TCP';
        const numeric = typeof target === 'number' || /^\d+$/.test(target);
        const label = `port ${sp.port ?? '?'}${sp.name ? ` (${sp.name})` : ''}`;
        const evidence = [fieldEvidence('service', `services/${name}.spec.ports[${i}]`, sp), fieldEvidence('pod', 'spec.containers[*].ports', ports)];
        if (!numeric) {
          if (ports.some((p) => p.name === target && (p.protocol ?? 'TCP') === proto)) continue;
          out.push(
            finding(rule, {
              message: `Service "${name}" selects this Pod, but its ${label} targets port name "${target}", which no container of this Pod declares${declared ? ` (declared: ${declared})` : ''}: the Pod gets no endpoint for that port.`,
              evidence,
              remediation: [
                `Name the container port "${target}" in the Pod template, or point the Service at an existing port: kubectl patch svc -n ${pod.namespace} ${name} --type=json -p '[{"op":"replace","path":"/spec/ports/${i}/targetPort","value":${ports[0] ? (ports[0].name ? `"${ports[0].name}"` : ports[0].containerPort) : '"<port>"'}}]'`,
                `Check the endpoints: kubectl get endpointslices -n ${pod.namespace} -l kubernetes.io/service-name=${name}`,
              ],
            }),
          );
          continue;
        }
        // Declared ports are informational: with none declared there is nothing to compare.
        if (ports.length === 0) continue;
        const n = Number(target);
        if (ports.some((p) => p.containerPort === n)) continue;
        out.push(
          finding(rule, {
            confidence: 'medium',
            message: `Service "${name}" selects this Pod, but its ${label} sends traffic to port ${n}, while this Pod's containers declare only ${declared}: unless the application also listens on ${n}, connections will be refused.`,
            evidence,
            remediation: [
              `Point the Service at the application's port: kubectl patch svc -n ${pod.namespace} ${name} --type=json -p '[{"op":"replace","path":"/spec/ports/${i}/targetPort","value":${ports[0]!.containerPort}}]'`,
              `Or check what the application listens on: kubectl exec -n ${pod.namespace} ${pod.name} -- ss -tln`,
            ],
          }),
        );
      }
    }
    return out;
  },
};

export default rule;
