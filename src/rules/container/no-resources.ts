import type { ContainerFacts } from '../../model/containers.js';
import { fieldEvidence } from '../helpers/evidence.js';
import { finding } from '../helpers/finding.js';
import { ownerRef, specPath } from '../helpers/restarts.js';
import type { Evidence, PodRule } from '../types.js';
import { ruleMessages } from '../messages/index.js';

function isBare(c: ContainerFacts): boolean {
  return (c.kind === 'app' || c.kind === 'sidecar') && empty(c.spec.resources?.requests) && empty(c.spec.resources?.limits);
}

function empty(r: Record<string, unknown> | undefined): boolean {
  if (!r || typeof r !== 'object') return true;
  for (const k in r) if (Object.hasOwn(r, k)) return false; // Object.keys(r).length === 0, without the array
  return true;
}

const rule: PodRule = {
  id: 'container/no-resources',
  scope: 'pod',
  stage: 'container',
  severity: 'info',
  title: 'Container sets no resource requests or limits',
  docs: {
    description:
      'Reported for Running and Ready Pods. A container with neither requests nor limits gives the scheduler nothing to place it by, and a Pod whose containers all lack them is BestEffort: the first to be evicted under node pressure, and free to starve its neighbours.',
    causes: ['resources were never set in the manifest or Helm values', 'no LimitRange in the namespace supplies defaults'],
    fix: [
      'Set requests from observed usage (kubectl top pod --containers) and a memory limit: kubectl set resources deploy/NAME -c CONTAINER --requests=cpu=100m,memory=128Mi --limits=memory=256Mi',
      'Or add a LimitRange with defaults to the namespace',
    ],
    links: ['https://kubernetes.io/docs/concepts/configuration/manage-resources-containers/'],
  },
  triggers: { phase: ['Running'] },
  match({ pod, options }) {
    // Context for healthy Pods only: on a Pod that is failing or still starting it would read as a cause.
    if (pod.phase !== 'Running' || pod.conditions.Ready?.status !== 'True') return [];
    if (!pod.containers.some(isBare)) return [];
    const bare = pod.containers.filter(isBare);
    const qos = pod.pod.status?.qosClass;
    const evidence: Evidence[] = bare.map((c) => fieldEvidence('pod', `${specPath(c)}.resources`, c.spec.resources ?? {}));
    if (qos) evidence.push(fieldEvidence('pod', 'status.qosClass', qos));
    const bestEffort = qos === 'BestEffort' || bare.length === pod.containers.filter((c) => c.kind === 'app' || c.kind === 'sidecar').length;
    const t = ruleMessages(options.lang).noResources;
    return [
      finding(rule, {
        message: t.message({ containers: bare.map((c) => c.name), bestEffort }),
        evidence,
        remediation: t.fix({ namespace: pod.namespace, pod: pod.name, owner: ownerRef(pod), container: bare[0]!.name }),
      }),
    ];
  },
};

export default rule;
