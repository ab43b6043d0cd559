import type { ContainerFacts } from '../../model/containers.js';
import { fieldEvidence } from '../helpers/evidence.js';
import { finding } from '../helpers/finding.js';
import { ownerRef, specPath } from '../helpers/restarts.js';
import type { Evidence, PodRule } from '../types.js';

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
  match({ pod }) {
    // Context for healthy Pods only: on a Pod that is failing or still starting it would read as a cause.
    if (pod.phase !== 'Running' || pod.conditions.Ready?.status !== 'True') return [];
    if (!pod.containers.some(isBare)) return [];
    const bare = pod.containers.filter(isBare);
    const names = bare.map((c) => `"${c.name}"`).join(', ');
    const qos = pod.pod.status?.qosClass;
    const evidence: Evidence[] = bare.map((c) => fieldEvidence('pod', `${specPath(c)}.resources`, c.spec.resources ?? {}));
    if (qos) evidence.push(fieldEvidence('pod', 'status.qosClass', qos));
    const bestEffort = qos === 'BestEffort' || bare.length === pod.containers.filter((c) => c.kind === 'app' || c.kind === 'sidecar').length;
    return [
      finding(rule, {
        message: `Container${bare.length > 1 ? 's' : ''} ${names} set${bare.length > 1 ? '' : 's'} no CPU or memory requests or limits${bestEffort ? ': the Pod is BestEffort, evicted first under node pressure' : ''}.`,
        evidence,
        remediation: [
          `Measure usage: kubectl top pod -n ${pod.namespace} ${pod.name} --containers`,
          `Set requests and a memory limit, e.g.: kubectl set resources -n ${pod.namespace} ${ownerRef(pod)} -c ${bare[0]!.name} --requests=cpu=100m,memory=128Mi --limits=memory=256Mi`,
        ],
      }),
    ];
  },
};

export default rule;
