import { ruleMessages } from '../messages/index.js';
import type { Pod } from '../../model/k8s.js';
import { fieldEvidence } from '../helpers/evidence.js';
import { finding } from '../helpers/finding.js';
import { copyEvidence } from '../helpers/memo.js';
import { clusterPods } from '../helpers/resources.js';
import { confidenceFor, nodesPhrase, reasonsIn, schedulingFailure, schedulingSeverity, schedulingTail, templateOf } from '../helpers/scheduler-message.js';
import type { Evidence, PodRule } from '../types.js';

interface HostPort {
  container: string;
  port: number;
  protocol: string;
}

function hostPorts(pod: Pod): HostPort[] {
  const out: HostPort[] = [];
  for (const c of [...(pod.spec?.initContainers ?? []), ...(pod.spec?.containers ?? [])]) {
    for (const p of Array.isArray(c?.ports) ? c.ports : []) {
      if (typeof p?.hostPort === 'number' && p.hostPort > 0) out.push({ container: c.name ?? '', port: p.hostPort, protocol: p.protocol ?? 'TCP' });
    }
  }
  return out;
}

const rule: PodRule = {
  id: 'scheduling/host-port-conflict',
  scope: 'pod',
  stage: 'scheduling',
  severity: 'error',
  failureClass: 'transient',
  title: 'The hostPort the Pod asks for is taken on every node',
  docs: {
    description: 'A container asks for a `hostPort`, and on each candidate node another Pod already holds that port and protocol (`node(s) didn\'t have free ports for the requested pod ports`). A hostPort allows one Pod per node.',
    causes: ['more replicas than nodes for a workload with a hostPort', 'a rolling update that surges a new Pod onto nodes where the old one still holds the port', 'another workload (an ingress controller, a node agent) using the same port'],
    fix: ['Drop the hostPort and expose the Pod with a Service (ClusterIP/NodePort/LoadBalancer) instead', 'Keep replicas ≤ nodes (or use a DaemonSet), and use maxSurge: 0 in the rollout strategy', 'Pick a different port'],
    links: ['https://kubernetes.io/docs/concepts/configuration/overview/#services'],
  },
  triggers: { unscheduled: true },
  match({ pod, cluster, now, options }) {
    const f = schedulingFailure(pod, now);
    if (!f) return [];
    const mine = reasonsIn(f, ['host-ports']);
    if (mine.length === 0) return [];
    const wanted = hostPorts(pod.pod);
    const evidence: Evidence[] = copyEvidence(f.evidence);
    for (const w of wanted) evidence.push(fieldEvidence('pod', `spec.containers[name=${w.container}].ports[hostPort=${w.port}]`, `${w.port}/${w.protocol}`));
    let holders: { pod: string; node: string }[] = [];
    const pods = clusterPods(cluster, pod.namespace);
    if (pods && wanted.length) {
      const taken = pods.filter((p) => p.metadata?.uid !== pod.uid && p.spec?.nodeName && p.status?.phase !== 'Succeeded' && p.status?.phase !== 'Failed' && hostPorts(p).some((h) => wanted.some((w) => w.port === h.port && w.protocol === h.protocol)));
      holders = taken.slice(0, 4).map((p) => ({ pod: `${p.metadata?.namespace}/${p.metadata?.name}`, node: String(p.spec?.nodeName) }));
    }
    const replicas = pod.owner.deployment?.spec?.replicas ?? pod.owner.replicaSet?.spec?.replicas ?? pod.owner.statefulSet?.spec?.replicas;
    const total = f.parsed.totalNodes ?? cluster.nodes.length;
    const surplus = typeof replicas === 'number' && total > 0 && replicas > total ? { surplus: { replicas, nodes: total } } : {};
    const sev = schedulingSeverity(pod, f, now, options, cluster.nodes);
    const t = ruleMessages(options.lang);
    return [
      finding(rule, {
        message: t.hostPortConflict.message({ ports: wanted, nodes: nodesPhrase(f, mine[0]!.count, t), holders, ...surplus, tail: schedulingTail(f, sev, t, mine) }),
        severity: sev.severity,
        failureClass: sev.failureClass,
        confidence: confidenceFor(pod, f, mine, cluster.nodes),
        evidence,
        remediation: t.hostPortConflict.fix({ ...(wanted[0] ? { port: wanted[0].port } : {}), template: templateOf(pod, t) }),
      }),
    ];
  },
};

export default rule;
