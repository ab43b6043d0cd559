
/** What a histogram entry (or PreFilter text) says, grouped by the plugin family that wrote it. */
export type ReasonCategory =
  | 'insufficient-resource'
  | 'too-many-pods'
  | 'taint'
  | 'node-affinity'
  | 'node-name'
  | 'host-ports'
  | 'node-unschedulable'
  | 'node-unknown-conditions'
  | 'pod-affinity'
  | 'pod-anti-affinity'
  | 'existing-anti-affinity'
  | 'topology-spread'
  | 'volume-binding'
  | 'volume-node-affinity'
  | 'volume-capacity'
  | 'volume-lost'
  | 'pvc-unbound'
  | 'pvc-not-found'
  | 'pvc-deleting'
  | 'pvc-ephemeral-pending'
  | 'volume-rwop'
  | 'volume-disk-conflict'
  | 'volume-limits'
  | 'csi-driver-missing'
  | 'node-features'
  | 'dra'
  | 'sidecar-unsupported'
  | 'gang'
  | 'prefilter-excluded'
  | 'preemption-not-helpful'
  | 'preemption-no-victims'
  | 'other';

/** Why a scheduling failure is (not yet) failing, as helpers/scheduler-message.ts schedulingSeverity decides it. */
export type SchedulingClause =
  /** cluster-autoscaler triggered a scale-up `ago` (undefined: at an unknown time); `detail`: its event text. */
  | { kind: 'scale-up'; ago?: string; detail: string }
  | { kind: 'scale-up-late'; ago?: string }
  /** cluster-autoscaler will not add a node; `why` from its event, when it says. */
  | { kind: 'no-scale-up'; why?: string }
  | { kind: 'scale-up-failed'; message: string }
  | { kind: 'preempting'; node?: string }
  | { kind: 'autoscaled'; age: string }
  | { kind: 'fresh'; age: string }
  | { kind: 'for'; age: string }
  | { kind: 'none' };

/** What the scheduler's preemption concluded, as the message says it. */
export type PreemptionRef = { verdict: 'not-helpful' | 'no-victims' | 'not-eligible' | 'no-candidate' | 'in-progress' } | { verdict: 'mixed'; notHelpful: number; noVictims: number };

/** A histogram entry of the scheduler's message: `3 Insufficient cpu` (the text is quoted cluster text). */
export interface ReasonRef {
  count: number;
  text: string;
  category: ReasonCategory;
}

/** The scheduling stage rules' messages and fix steps, and the fragments their helpers share. */
export interface SchedulingMessages {
  /** ` <clause> <preemption>` after a scheduling message (leading space in English), or ''. */
  schedulingTail(p: { clause: SchedulingClause; preemption?: PreemptionRef }): string;
  /** `2 of 3 nodes`, `1 node` (`total` unknown). */
  nodes(p: { count: number; total?: number }): string;
  /** Where a Pod-spec change goes: the workload's Pod template (`ref`: `deploy/api`), or the bare Pod's spec. */
  podTemplate(p: { ref?: string; namespace: string }): string;
  noNodes: {
    /** `nodes`: how many the input lists; `notReady`: all of them are not Ready (the first is named, with why). */
    message(p: { tail: string; nodes: number; notReady?: { count: number; first: string; why: string[] | 'unknown' } }): string;
    fix(): string[];
  };
  notScheduledLong: {
    /** `condition`: the PodScheduled=False message; else whether a FailedScheduling event was seen, and the scheduler asked for. */
    message(p: { age: string; condition?: string; decided: boolean; scheduler: string; trace: string }): string;
    fix(p: { scheduler: string; pod: string; namespace: string }): string[];
  };
  pvcNotFound: {
    message(p: { claim: string; volume?: string; namespace: string; existsNow: boolean; tail: string }): string;
    fix(p: { claim: string; volume?: string; namespace: string; statefulSet?: string }): string[];
  };
  schedulingGated: {
    /** `long`: the stuck threshold, when the gate has held longer than it. */
    message(p: { gates: string[]; age?: string; long?: string }): string;
    fix(p: { pod: string; namespace: string }): string[];
  };
  tooManyPods: {
    message(p: { nodes: string; limits: { node: string; allows: string; runs?: number }[]; tail: string }): string;
    fix(): string[];
  };
  unschedulableNodes: {
    message(p: { cordoned?: { nodes: string; count: number; names: string[] }; unknown?: { nodes: string; count: number }; tail: string }): string;
    fix(p: { cordoned: string[]; unknown: boolean }): string[];
  };
  hostPortConflict: {
    /** `ports`: the Pod's hostPorts; `holders`: Pods that hold them (`ns/name` on a node); `surplus`: more replicas than nodes. */
    message(p: { ports: { port: number; protocol: string; container: string }[]; nodes: string; holders: { pod: string; node: string }[]; surplus?: { replicas: number; nodes: number }; tail: string }): string;
    fix(p: { port?: number; template: string }): string[];
  };
  topologySpread: {
    /** `lacking`: nodes without the topology label (`missing`: the scheduler says the label is missing). */
    message(p: { missing: boolean; nodes: string; constraints: { maxSkew: number; key: string; selector: string; minDomains?: number }[]; lacking: { node: string; key: string }[]; tail: string }): string;
    fix(p: { missing: boolean; keys: string[]; namespace: string; selector?: string; template: string }): string[];
  };
  unschedulable: {
    /** `failed`: not a FitError (the scheduler's own error); `reasons`: entries no other rule explains; else every entry (`all`) or the raw message. */
    message(p: { tail: string; failed?: { reason: string; error: string }; reasons?: ReasonRef[]; all?: ReasonRef[]; raw: string }): string;
    fix(p: { pod: string; namespace: string }): string[];
  };
}

const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;
const agoText = (ago: string | undefined): string => (ago === undefined ? 'at an unknown time' : `${ago} ago`);

const CLAUSE: { [K in SchedulingClause['kind']]: (c: Extract<SchedulingClause, { kind: K }>) => string } = {
  'scale-up': (c) => `cluster-autoscaler triggered a scale-up ${agoText(c.ago)} (${c.detail}); the Pod should schedule once the new node is Ready.`,
  'scale-up-late': (c) => `cluster-autoscaler triggered a scale-up ${agoText(c.ago)}, but the Pod is still unschedulable.`,
  'no-scale-up': (c) => `cluster-autoscaler will not add a node: ${c.why || 'no node group fits'}.`,
  'scale-up-failed': (c) => `cluster-autoscaler tried to add a node and failed: ${c.message}`,
  preempting: (c) => `The scheduler is preempting lower-priority Pods${c.node ? ` on node "${c.node}"` : ''} to make room.`,
  autoscaled: (c) => `Unschedulable for only ${c.age}: the nodes look autoscaled, so a node that fits may still be added.`,
  fresh: (c) => `Unschedulable for only ${c.age}: the scheduler keeps retrying and the cluster may still change (Pods finishing, a node recovering or being added).`,
  for: (c) => `Unschedulable for ${c.age}.`,
  none: () => '',
};

function preemption(p: PreemptionRef | undefined): string {
  switch (p?.verdict) {
    case 'not-helpful':
      return 'Preemption cannot help: evicting lower-priority Pods would not make any node fit.';
    case 'no-victims':
      return 'Preemption found no lower-priority Pods to evict.';
    case 'mixed':
      return `Preemption cannot help: evicting Pods would not fix ${plural(p.notHelpful, 'node')}, and ${plural(p.noVictims, 'node')} ${p.noVictims === 1 ? 'has' : 'have'} no lower-priority Pods to evict.`;
    case 'not-eligible':
      return 'The Pod may not preempt others (preemptionPolicy: Never).';
    case 'no-candidate':
      return 'Preemption found no candidate node.';
    case 'in-progress':
      return 'The scheduler is evicting lower-priority Pods to make room (preemption in progress).';
    default:
      return '';
  }
}

const HINTS: Partial<Record<ReasonCategory, string>> = {
  'node-name': 'spec.nodeName names a node the scheduler cannot use',
  'volume-rwop': 'a ReadWriteOncePod claim is already in use by another Pod',
  'volume-disk-conflict': 'a disk volume is already mounted by another Pod on those nodes',
  'volume-limits': 'the nodes reached their CSI volume attach limit',
  'csi-driver-missing': 'the CSI driver the volume needs is not installed on the node',
  'node-features': 'the nodes lack a feature the Pod requires',
  dra: 'a DRA ResourceClaim cannot be allocated',
  'sidecar-unsupported': 'the cluster does not support native sidecar containers',
  gang: 'the scheduler waits for the rest of the Pod group',
};

// The English text is exactly what the rules printed before they were converted (their tests pin it).
export const enScheduling: SchedulingMessages = {
  schedulingTail: ({ clause, preemption: p }) => {
    const text = [(CLAUSE[clause.kind] as (c: SchedulingClause) => string)(clause), preemption(p)].filter(Boolean).join(' ');
    return text ? ` ${text}` : '';
  },
  nodes: ({ count, total }) => (total === undefined ? plural(count, 'node') : `${count} of ${plural(total, 'node')}`),
  podTemplate: ({ ref, namespace }) => (ref === undefined ? 'the Pod spec (then recreate the Pod)' : `${ref}'s Pod template (kubectl edit ${ref} -n ${namespace})`),
  noNodes: {
    message: ({ tail, nodes, notReady }) => {
      let since = '';
      if (notReady) {
        const why = notReady.why === 'unknown' ? 'its kubelet stopped reporting (Ready=Unknown)' : notReady.why.join('; ');
        since = `: the input lists ${notReady.count === 1 ? `node ${notReady.first}` : `${notReady.count} nodes`}, none Ready — ${notReady.count === 1 ? '' : `node ${notReady.first}: `}${why}`;
      } else if (nodes > 0) since = ` (the input now lists ${nodes} node${nodes === 1 ? '' : 's'}, so nodes may have joined since the scheduler's last attempt)`;
      return `The cluster had no nodes to schedule the Pod on${since}.${tail}`;
    },
    fix: () => ['kubectl get nodes', 'Add or start nodes (or scale a node group up from zero); on a machine that should have joined, read the kubelet logs: journalctl -u kubelet'],
  },
  notScheduledLong: {
    message: ({ age, condition, decided, scheduler, trace }) => {
      let message = `Pod has waited ${age} to be scheduled`;
      if (condition !== undefined) message += ` and the scheduler still cannot place it: ${JSON.stringify(condition)}.`;
      else {
        message += decided ? ' and no scheduling decision is current.' : ' and no scheduler has recorded a decision about it (no PodScheduled condition, no FailedScheduling event).';
        message += scheduler === 'default-scheduler' ? ' Check that kube-scheduler is running.' : ` It asks for scheduler "${scheduler}" (spec.schedulerName): check that a scheduler of that name runs, or fix the name.`;
      }
      return message + trace;
    },
    fix: ({ scheduler, pod, namespace }) => [
      `Check the scheduler the Pod asks for runs: kubectl get pods -A -l component=kube-scheduler${scheduler === 'default-scheduler' ? '' : ` (and the Deployment of "${scheduler}")`}`,
      `Look at live events: kubectl describe pod -n ${namespace} ${pod}`,
    ],
  },
  pvcNotFound: {
    message: ({ claim, volume, namespace, existsNow, tail }) =>
      `Pod mounts PersistentVolumeClaim "${claim}"${volume !== undefined ? ` (volume "${volume}")` : ''}, which does not exist in namespace ${namespace}${existsNow ? ' when the scheduler last tried (it exists in the input now, so the next attempt may succeed)' : ''}.${tail}`,
    fix: ({ claim, volume, namespace, statefulSet }) => {
      const out = [`List the claims in the namespace: kubectl get pvc -n ${namespace}`, `Create PersistentVolumeClaim "${claim}" in namespace ${namespace}, or correct the claimName${volume !== undefined ? ` of volume "${volume}"` : ''}.`];
      if (statefulSet !== undefined) out.push(`For StatefulSet ${statefulSet}: declare the claim in spec.volumeClaimTemplates (its claims are named <template>-${statefulSet}-<ordinal>) instead of naming it in spec.template volumes.`);
      return out;
    },
  },
  schedulingGated: {
    message: ({ gates, age, long }) => {
      const named = gates.length ? `scheduling gate${gates.length === 1 ? '' : 's'} ${gates.map((g) => `"${g}"`).join(', ')}` : 'scheduling gates';
      return `Pod is held back by ${named}${age !== undefined ? ` for ${age}` : ''}: the scheduler ignores it until the controller that added the gate removes it.${long !== undefined ? ` That is longer than ${long}: check that the controller owning the gate is running and why it has not admitted the Pod.` : ''}`;
    },
    fix: ({ pod, namespace }) => [
      `See the gates: kubectl get pod ${pod} -n ${namespace} -o jsonpath='{.spec.schedulingGates}'`,
      'Check the controller that owns the gate (its name usually tells which) and its view of this workload (queue, quota)',
      `Only if no controller owns the gate, remove it by hand: kubectl patch pod ${pod} -n ${namespace} --type=json -p '[{"op":"remove","path":"/spec/schedulingGates"}]'`,
    ],
  },
  tooManyPods: {
    message: ({ nodes, limits, tail }) =>
      `The Pod limit (maxPods) is reached on ${nodes}${limits.length ? ` (${limits.map((l) => `${l.node} allows ${l.allows}${l.runs !== undefined ? ` and runs ${l.runs}` : ''}`).join('; ')})` : ''}.${tail}`,
    fix: () => [
      "Compare each node's Pod limit with what runs there: kubectl get nodes -o custom-columns=NAME:.metadata.name,MAXPODS:.status.allocatable.pods; kubectl get pods -A --field-selector spec.nodeName=NODE --no-headers | wc -l",
      'Add nodes (or let the cluster autoscaler add them), or raise the kubelet maxPods where the CNI has IPs for it',
      `Scale down or remove workloads that are not needed: kubectl get pods -A -o wide --field-selector status.phase=Running`,
    ],
  },
  unschedulableNodes: {
    message: ({ cordoned, unknown, tail }) => {
      const parts: string[] = [];
      if (cordoned) parts.push(`${cordoned.nodes} ${cordoned.count === 1 ? 'is' : 'are'} cordoned${cordoned.names.length ? ` (${cordoned.names.join(', ')})` : ''}`);
      if (unknown) parts.push(`${unknown.nodes} report${unknown.count === 1 ? 's' : ''} no conditions (the kubelet never posted its status)`);
      return `${parts.join('; ')}.${tail}`.replace(/^./, (c) => c.toUpperCase());
    },
    fix: ({ cordoned, unknown }) => {
      const out = [
        'List the nodes: kubectl get nodes (cordoned ones show SchedulingDisabled)',
        cordoned.length ? `If the maintenance is over, allow Pods again: ${cordoned.slice(0, 3).map((n) => `kubectl uncordon ${n}`).join('; ')}` : 'If the maintenance is over, allow Pods again: kubectl uncordon NODE',
        'Otherwise add schedulable nodes',
      ];
      if (unknown) out.push('For nodes with no conditions: kubectl describe node NODE, and check that its kubelet runs and reaches the API server');
      return out;
    },
  },
  hostPortConflict: {
    message: ({ ports, nodes, holders, surplus, tail }) => {
      const list = ports.map((w) => `${w.port}/${w.protocol} (container "${w.container}")`).join(', ');
      const held = holders.length ? `; held by ${holders.map((h) => `${h.pod} on ${h.node}`).join(', ')}` : '';
      const more = surplus ? ` The workload wants ${surplus.replicas} replicas on ${surplus.nodes} nodes, but a hostPort allows one per node.` : '';
      return `${list ? `The Pod's hostPort ${list} is` : "The Pod's hostPorts are"} already taken on ${nodes}${held}.${more}${tail}`;
    },
    fix: ({ port, template }) => [
      `Find who holds the port: kubectl get pods -A -o custom-columns=NS:.metadata.namespace,NAME:.metadata.name,NODE:.spec.nodeName,HOSTPORTS:.spec.containers[*].ports[*].hostPort${port !== undefined ? ` | grep -w ${port}` : ''}`,
      `Expose the Pod with a Service instead of a hostPort (remove ports[].hostPort in ${template})`,
      'Or keep replicas ≤ nodes (a DaemonSet), and roll out with maxSurge: 0 so the old Pod frees the port first',
    ],
  },
  topologySpread: {
    message: ({ missing, nodes, constraints, lacking, tail }) => {
      const described = constraints.map((c) => `maxSkew ${c.maxSkew} over ${c.key} for Pods with ${c.selector}${c.minDomains ? `, minDomains ${c.minDomains}` : ''}`);
      const detail = lacking.length ? `: ${lacking.map((l) => `${l.node} has no ${l.key}`).join('; ')}` : '';
      return `${missing ? 'Nodes lack the topology label its spread constraint needs' : 'Placing the Pod would break its topology spread constraint'} on ${nodes}${described.length ? ` (${described.join('; ')})` : ''}${detail}.${tail}`;
    },
    fix: ({ missing, keys, namespace, selector, template }) => [
      `See how the matching Pods are spread: kubectl get nodes${keys.length ? ` -L ${keys.join(',')}` : ''}; kubectl get pods -n ${namespace} -o wide${selector !== undefined ? ` -l ${selector}` : ''}`,
      missing ? `Label every node with ${keys.join(', ') || 'the topologyKey'} (kubectl label node NODE KEY=VALUE)` : 'Add capacity in the domain with the fewest matching Pods, or raise maxSkew',
      `Or make the constraint soft (whenUnsatisfiable: ScheduleAnyway) in ${template}`,
    ],
  },
  unschedulable: {
    message: ({ tail, failed, reasons, all, raw }) => {
      let what: string;
      if (failed) what = `the scheduler failed${failed.reason ? ` (${failed.reason})` : ''}: ${failed.error}`;
      else if (reasons && reasons.length > 0) what = reasons.map((r) => `${r.count} ${r.text}${HINTS[r.category] ? ` (${HINTS[r.category]})` : ''}`).join(', ');
      else what = `no node passed its filters (${(all ?? []).map((r) => `${r.count} ${r.text}`).join(', ') || raw})`;
      return `Pod cannot be scheduled: ${what}.${tail}`.replace(/\.\.(\s|$)/, '.$1');
    },
    fix: ({ pod, namespace }) => [
      `Read the full scheduler message and events: kubectl describe pod ${pod} -n ${namespace}`,
      'Each "<count> <reason>" entry is how many nodes failed for that reason; fix the one covering the nodes the Pod should run on',
      `Check the scheduler's own log for details: kubectl logs -n kube-system -l component=kube-scheduler --tail=200 | grep ${pod}`,
    ],
  },
};
