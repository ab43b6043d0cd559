import { ruleMessages } from '../messages/index.js';
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
  match({ pod, options }) {
    if (pod.deletingSince !== undefined || pod.phase === 'Succeeded' || pod.phase === 'Failed' || pod.services.length === 0) return [];
    const ports = pod.containers
      .filter((c) => c.kind === 'app' || c.kind === 'sidecar')
      .flatMap((c) => asList<NonNullable<typeof c.spec.ports>[number]>(c.spec.ports).filter((p) => typeof p === 'object').map((p) => ({ ...p, container: c.name })));
    const declared = ports.map((p) => `${p.containerPort}${p.name ? ` (${p.name})` : ''}`).join(', ');
    const out: Finding[] = [];
    const t = ruleMessages(options.lang).serviceNoEndpoints;
    for (const svc of pod.services) {
      const name = svc.metadata?.name ?? '';
      const svcPorts = asList<ServicePort>(svc.spec?.ports).filter((p) => typeof p === 'object');
      for (const [i, sp] of svcPorts.entries()) {
        const target = sp.targetPort ?? sp.port;
        if (target === undefined) continue;
        const proto = sp.protocol ?? 'TCP';
        const numeric = typeof target === 'number' || /^\d+$/.test(target);
        const port = { service: name, port: String(sp.port ?? '?'), ...(sp.name ? { portName: sp.name } : {}) };
        const evidence = [fieldEvidence('service', `services/${name}.spec.ports[${i}]`, sp), fieldEvidence('pod', 'spec.containers[*].ports', ports)];
        if (!numeric) {
          if (ports.some((p) => p.name === target && (p.protocol ?? 'TCP') === proto)) continue;
          out.push(
            finding(rule, {
              message: t.namedPort({ ...port, target, declared }),
              evidence,
              remediation: t.namedPortFix({ namespace: pod.namespace, service: name, target, index: i, value: ports[0] ? (ports[0].name ? `"${ports[0].name}"` : String(ports[0].containerPort)) : '"<port>"' }),
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
            message: t.numberPort({ ...port, target: n, declared }),
            evidence,
            remediation: t.numberPortFix({ namespace: pod.namespace, service: name, pod: pod.name, index: i, value: ports[0]!.containerPort! }),
          }),
        );
      }
    }
    return out;
  },
};

export default rule;
