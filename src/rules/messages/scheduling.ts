
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

/** A label selector as kdiag shows it: its expression (`app=api,tier In [web, api]`), none at all, or an empty one (every Pod). */
export type SelectorRef = { kind: 'expr'; text: string } | { kind: 'none' } | { kind: 'all' };

/** One node-selector term: its requirements as Kubernetes expressions (`disktype=ssd`, `zone In [a, b]`), ANDed; [] is an empty term. */
export type TermRef = string[];

/** Why a node fails the Pod's nodeSelector or required node affinity (helpers/node-affinity.ts nodeConstraintMismatch). */
export type NodeMismatch =
  | { node: string; kind: 'no-label'; key: string }
  /** `label`: the node's `key=value`. */
  | { node: string; kind: 'label'; label: string }
  /** No required term matches; `labels`: the node's value of each key the terms use (`value` absent: no such label). */
  | { node: string; kind: 'no-term'; labels: { key: string; value?: string }[] };

/** The node-health and control-plane taints kdiag explains (untolerated-taint maps their keys here). */
export type WellKnownTaint =
  | 'not-ready'
  | 'unreachable'
  | 'memory-pressure'
  | 'disk-pressure'
  | 'pid-pressure'
  | 'network-unavailable'
  | 'unschedulable'
  | 'out-of-service'
  | 'control-plane'
  | 'uninitialized'
  | 'shutdown';

/** Why one PersistentVolumeClaim is not bound (unbound-pvc reads the PVC, its StorageClass and its events). */
export type ClaimProblem =
  /** The input holds PVCs and not this one; `volume`: the Pod's volume that names it. */
  | { kind: 'missing'; volume: string }
  /** The input holds no PVCs at all. */
  | { kind: 'unknown' }
  | { kind: 'lost'; volume: string }
  | { kind: 'deleting' }
  | { kind: 'no-class'; className: string }
  /** `error`: the ProvisioningFailed event's message (cluster text). */
  | { kind: 'provisioning-failed'; error: string; provisioner: string }
  /** `error`: the VolumeMismatch event's message. */
  | { kind: 'mismatch'; error: string }
  /** storageClassName "" and no PersistentVolume matches. */
  | { kind: 'static' }
  | { kind: 'no-default' }
  | { kind: 'external'; provisioner: string }
  | { kind: 'no-provisioner'; className: string }
  | { kind: 'pending'; phase: string; className?: string };

/** A claim and why it is not bound. */
export interface ClaimProblemRef {
  claim: string;
  problem: ClaimProblem;
}

/** What a Pod affinity rule found, per kind of histogram entry. */
export type AffinityPart =
  /** `terms`: the Pod's required terms; `unmatched`: selectors no scheduled Pod matches. */
  | { kind: 'affinity'; nodes: string; terms: { selector: SelectorRef; key: string }[]; unmatched: SelectorRef[] }
  /** `surplus`: more replicas than nodes with a per-node anti-affinity. */
  | { kind: 'anti-affinity'; nodes: string; terms: { selector: SelectorRef; key: string }[]; surplus?: { replicas: number; nodes: number } }
  /** `blockers`: running Pods (`ns/name`) whose anti-affinity selects this Pod. */
  | { kind: 'existing'; nodes: string; blockers: { pod: string; node: string }[] };

/** What one Insufficient entry says about a resource, beyond the Pod's request. */
export type ResourceFit =
  | { kind: 'not-advertised' }
  /** The largest node's allocatable is below the request. */
  | { kind: 'too-small'; allocatable: string; node: string }
  /** The node with the most free room (other Pods' requests counted). */
  | { kind: 'roomiest'; node: string; free: string; allocatable: string }
  /** The largest node, other Pods' requests not known. */
  | { kind: 'largest'; allocatable: string; node: string };

/** How the untolerated taints were found: on the nodes, in the message (≤1.33), or not at all. */
export type TaintsNamed =
  | { kind: 'nodes'; taints: { taint: string; nodes: string[]; meaning?: WellKnownTaint }[] }
  | { kind: 'message'; taints: { key: string; value: string; count: number; meaning?: WellKnownTaint }[] }
  | { kind: 'not-found' }
  | { kind: 'no-nodes' };

/** What unbound-pvc says blocks the Pod. */
export type UnboundWhat =
  | { kind: 'ephemeral'; claim: string }
  | { kind: 'capacity' }
  | { kind: 'problems'; problems: ClaimProblemRef[] }
  /** No claim problem found: the claims the Pod names ([]: none known). */
  | { kind: 'unbound'; claims: string[] };

/** The scheduling stage rules' messages and fix steps, and the fragments their helpers share. */
export interface SchedulingMessages {
  /** ` <clause> <preemption>` after a scheduling message (leading space in English), or ''. */
  /** `said`: the scheduler's own words for the reasons the finding explains (`1 node(s) had untolerated taint(s)`), quoted so a person can search for them. */
  schedulingTail(p: { clause: SchedulingClause; preemption?: PreemptionRef; said?: string }): string;
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
    message(p: { missing: boolean; nodes: string; constraints: { maxSkew: number; key: string; selector: SelectorRef; minDomains?: number }[]; lacking: { node: string; key: string }[]; tail: string }): string;
    fix(p: { missing: boolean; keys: string[]; namespace: string; selector?: string; template: string }): string[];
  };
  insufficientResources: {
    /** `neverFits`: some request is larger than any node; one entry per Insufficient resource (`requests`: formatted, `6 cpu`). */
    message(p: { neverFits: boolean; parts: { resource: string; nodes: string; requests?: string; fit?: ResourceFit }[]; tail: string }): string;
    /** `workload`: `deploy/api` (undefined for a bare Pod); `unknownFree`: other Pods were not in the input. */
    fix(p: { neverFits: boolean; workload?: string; template: string; pod: string; namespace: string; resources: string[]; unknownFree: boolean }): string[];
  };
  nodeSelectorMismatch: {
    /** `selector`: the nodeSelector as `k=v,k2=v2`; `terms`: required node-affinity terms (ORed); `pinnedGone`: a DaemonSet Pod's node no longer in the cluster; `more`: mismatching nodes not shown. */
    message(p: { selector?: string; terms: TermRef[]; nodes: string; pinnedGone?: string; mismatches: NodeMismatch[]; more: number; matching: string[]; tail: string }): string;
    /** `keys`: the label keys the Pod selects on; `first`: the nodeSelector's first label. */
    fix(p: { keys: string[]; first?: { key: string; value: string }; template: string }): string[];
  };
  podAffinity: {
    message(p: { parts: AffinityPart[]; tail: string }): string;
    fix(p: { pod: string; namespace: string; template: string }): string[];
  };
  unboundPvc: {
    message(p: { what: UnboundWhat; tail: string }): string;
    /** `claims`: every claim the Pod names, for the fallback steps when no problem was found. */
    fix(p: { problems: ClaimProblemRef[]; namespace: string; claims: string[] }): string[];
  };
  untoleratedTaint: {
    message(p: { nodes: string; named: TaintsNamed; tail: string }): string;
    /**
     * `custom`: taints kdiag does not explain, with the toleration that accepts each (YAML, as typed);
     * `mistakes`: one node per such taint, to remove it; `health`: node-health taints; `none`: no taint known.
     */
    fix(p: { custom: { taint: string; toleration: string }[]; template: string; mistakes: { node: string; taint: string }[]; health: { taint: string; meaning: WellKnownTaint }[]; none: boolean }): string[];
  };
  volumeNodeAffinity: {
    /** `pinned`: each bound PersistentVolume with node affinity (`allowed`: the nodes it allows, undefined when the input has no nodes); `blocked`: allowed nodes with a taint the Pod does not tolerate. */
    message(p: { nodes: string; pinned: { pv: string; claim: string; terms: TermRef[]; allowed?: string[] }[]; blocked: { node: string; taint: string }[]; tail: string }): string;
    /** `pv`: the first claim's volume, when one is bound. */
    fix(p: { pv?: string; namespace: string }): string[];
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

const selectorText = (s: SelectorRef): string => (s.kind === 'expr' ? s.text : s.kind === 'none' ? '(no selector)' : '(all Pods)');
const termText = (t: TermRef): string => t.join(' and ') || '(empty term)';

function mismatchText(m: NodeMismatch): string {
  switch (m.kind) {
    case 'no-label':
      return `${m.node} has no label ${m.key}`;
    case 'label':
      return `${m.node} has ${m.label}`;
    case 'no-term':
      return `${m.node} matches no required node-affinity term${m.labels.length ? ` (${m.labels.map((l) => (l.value === undefined ? `no ${l.key}` : `${l.key}=${l.value}`)).join(', ')})` : ''}`;
  }
}

function fitText(resource: string, f: ResourceFit): string {
  switch (f.kind) {
    case 'not-advertised':
      return `no node advertises ${resource} at all`;
    case 'too-small':
      return `the largest node has only ${f.allocatable} allocatable (${f.node})`;
    case 'roomiest':
      return `the node with the most free ${resource} is ${f.node} with ${f.free} free of ${f.allocatable} allocatable`;
    case 'largest':
      return `the largest node has ${f.allocatable} allocatable (${f.node}), before other Pods' requests`;
  }
}

const affinityTerms = (terms: { selector: SelectorRef; key: string }[]): string => terms.map((t) => `Pods with ${selectorText(t.selector)} per ${t.key}`).join('; ');

function affinityText(p: AffinityPart): string {
  switch (p.kind) {
    case 'affinity':
      return `its required affinity (${p.terms.length ? `be with ${affinityTerms(p.terms)}` : 'pod affinity'}) excludes ${p.nodes}${p.unmatched.length ? `; no scheduled Pod matches ${p.unmatched.map(selectorText).join(', ')}` : ''}`;
    case 'anti-affinity':
      return `its required anti-affinity (${p.terms.length ? `not with ${affinityTerms(p.terms)}` : 'pod anti-affinity'}) excludes ${p.nodes}${p.surplus ? `; the workload wants ${plural(p.surplus.replicas, 'replica')} but there ${p.surplus.nodes === 1 ? 'is' : 'are'} only ${plural(p.surplus.nodes, 'node')}, one replica each` : ''}`;
    case 'existing':
      return `Pods already running on ${p.nodes} have required anti-affinity against this Pod's labels${p.blockers.length ? ` (${p.blockers.map((b) => `${b.pod} on ${b.node}`).join(', ')})` : ''}`;
  }
}

function claimText({ claim, problem: p }: ClaimProblemRef): string {
  const pvc = `PersistentVolumeClaim "${claim}"`;
  switch (p.kind) {
    case 'missing':
      return `${pvc} does not exist`;
    case 'unknown':
      return `${pvc} is not in the input, so its state is unknown`;
    case 'lost':
      return `${pvc} is Lost: its PersistentVolume "${p.volume}" no longer exists`;
    case 'deleting':
      return `${pvc} is being deleted`;
    case 'pending':
      return `${pvc} is ${p.phase}${p.className ? ` (StorageClass "${p.className}")` : ''}`;
    case 'no-class':
      return `${pvc}: its StorageClass "${p.className}" does not exist`;
    case 'provisioning-failed':
      return `${pvc}: provisioning a volume failed: ${p.error}`;
    case 'mismatch':
      return `${pvc}: it cannot bind to the volume it asks for: ${p.error}`;
    case 'static':
      return `${pvc}: it sets storageClassName "" (only pre-created PersistentVolumes can bind) and no PersistentVolume matches it`;
    case 'no-default':
      return `${pvc}: it names no StorageClass and the cluster has no default StorageClass to provision one`;
    case 'external':
      return `${pvc}: it waits for the external provisioner${p.provisioner ? ` "${p.provisioner}"` : ''}, which has not started provisioning (is its CSI controller running?)`;
    case 'no-provisioner':
      return `${pvc}: its StorageClass "${p.className}" does not provision volumes and no available PersistentVolume matches the claim on a node the Pod can use`;
  }
}

function claimFix(namespace: string, { claim, problem: p }: ClaimProblemRef): string[] {
  const describe = `kubectl describe pvc ${claim} -n ${namespace}`;
  switch (p.kind) {
    case 'missing':
      return [`Create the PersistentVolumeClaim "${claim}" in namespace ${namespace}, or fix the claimName of volume "${p.volume}".`];
    case 'unknown':
      return [`Look at the claim: ${describe}`];
    case 'lost':
      return [`Restore the PersistentVolume "${p.volume}" if its disk still exists, or delete and recreate the claim (its data is gone): ${describe}`];
    case 'deleting':
      return [`Recreate the claim once it is gone, or stop deleting it: kubectl get pvc ${claim} -n ${namespace} -o jsonpath='{.metadata.finalizers}'`];
    case 'no-class':
      return ['List the classes: kubectl get storageclass', `Recreate the claim with an existing storageClassName (the field is immutable), or create the StorageClass "${p.className}".`];
    case 'provisioning-failed':
      return [describe, `Check the provisioner${p.provisioner ? ` "${p.provisioner}"` : ''}: its controller Pod's logs usually say why (kubectl get pods -A | grep -i csi).`];
    case 'mismatch':
      return [describe, 'Fix spec.volumeName or the PersistentVolume so size, access modes, volume mode and class agree.'];
    case 'static':
      return ["Create a PersistentVolume that matches the claim's size and access modes, or set a StorageClass that provisions volumes (recreate the claim).", describe];
    case 'no-default':
      return [
        describe,
        'List the classes: kubectl get storageclass',
        `Mark one class as default: kubectl patch storageclass NAME -p '{"metadata":{"annotations":{"storageclass.kubernetes.io/is-default-class":"true"}}}' (then recreate the claim), or create a matching PersistentVolume by hand.`,
      ];
    case 'external':
      return [`Check that the CSI driver's controller (external-provisioner) runs: kubectl get pods -A | grep -i ${p.provisioner.split('.')[0] || 'csi'}`, 'kubectl get csidrivers', describe];
    case 'no-provisioner':
      return ['List the available local PersistentVolumes and their nodes: kubectl get pv -o wide', 'Create a PersistentVolume for the claim on a node the Pod can run on.'];
    case 'pending':
      return [describe];
  }
}

// Taints the control plane sets for a reason (k8s-messages.md §5.2).
const MEANING: Record<WellKnownTaint, string> = {
  'not-ready': 'the node is NotReady',
  unreachable: 'the node is unreachable (its kubelet stopped reporting)',
  'memory-pressure': 'the node is under memory pressure',
  'disk-pressure': 'the node is under disk pressure',
  'pid-pressure': 'the node is under PID pressure',
  'network-unavailable': 'the node network is not configured',
  unschedulable: 'the node is cordoned',
  'out-of-service': 'the node was marked out of service',
  'control-plane': 'a control-plane node, which takes no workloads by design',
  uninitialized: 'the cloud controller has not initialised the node yet',
  shutdown: 'the cloud provider reports the instance shut down',
};

function taintsText(named: TaintsNamed): string {
  const meaning = (m: WellKnownTaint | undefined): string => (m ? `: ${MEANING[m]}` : '');
  switch (named.kind) {
    case 'nodes':
      return named.taints.map((t) => `${t.taint} (${t.nodes.join(', ')}${meaning(t.meaning)})`).join(', ');
    case 'message':
      return named.taints.map((t) => `${t.key}${t.value ? `=${t.value}` : ''} (${plural(t.count, 'node')}${meaning(t.meaning)})`).join(', ');
    case 'not-found':
      return 'taints not found on the nodes in the input';
    case 'no-nodes':
      return 'the message no longer names the taints and no Node objects are in the input';
  }
}

// The English text is exactly what the rules printed before they were converted (their tests pin it).
export const enScheduling: SchedulingMessages = {
  schedulingTail: ({ clause, preemption: p, said }) => {
    const text = [said ? `The scheduler: "${said}".` : '', (CLAUSE[clause.kind] as (c: SchedulingClause) => string)(clause), preemption(p)].filter(Boolean).join(' ');
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
      const more = surplus ? ` The workload wants ${plural(surplus.replicas, 'replica')} on ${plural(surplus.nodes, 'node')}, but a hostPort allows one per node.` : '';
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
      const described = constraints.map((c) => `maxSkew ${c.maxSkew} over ${c.key} for Pods with ${selectorText(c.selector)}${c.minDomains ? `, minDomains ${c.minDomains}` : ''}`);
      const detail = lacking.length ? `: ${lacking.map((l) => `${l.node} has no ${l.key}`).join('; ')}` : '';
      return `${missing ? 'Nodes lack the topology label its spread constraint needs' : 'Placing the Pod would break its topology spread constraint'} on ${nodes}${described.length ? ` (${described.join('; ')})` : ''}${detail}.${tail}`;
    },
    fix: ({ missing, keys, namespace, selector, template }) => [
      `See how the matching Pods are spread: kubectl get nodes${keys.length ? ` -L ${keys.join(',')}` : ''}; kubectl get pods -n ${namespace} -o wide${selector !== undefined ? ` -l ${selector}` : ''}`,
      missing ? `Label every node with ${keys.join(', ') || 'the topologyKey'} (kubectl label node NODE KEY=VALUE)` : 'Add capacity in the domain with the fewest matching Pods, or raise maxSkew',
      `Or make the constraint soft (whenUnsatisfiable: ScheduleAnyway) in ${template}`,
    ],
  },
  insufficientResources: {
    message: ({ neverFits, parts, tail }) => {
      const each = parts.map((p) => {
        const bits = [...(p.requests !== undefined ? [`the Pod requests ${p.requests}`] : []), ...(p.fit ? [fitText(p.resource, p.fit)] : [])];
        return `Insufficient ${p.resource} on ${p.nodes}${bits.length ? ` (${bits.join('; ')})` : ''}`;
      });
      return `${neverFits ? 'Pod is larger than any node can hold' : 'Pod does not fit on any node'}: ${each.join('; ')}.${tail}`;
    },
    fix: ({ neverFits, workload, template, pod, namespace, resources, unknownFree }) => {
      const out = [
        neverFits
          ? workload === undefined
            ? `Lower the requests in ${template} so they fit a node, or add a node large enough.`
            : `Lower the requests to fit a node, or add a node large enough: kubectl set resources ${workload} -n ${namespace} --requests=${resources.map((r) => `${r}=<amount>`).join(',')}`
          : 'See what is using the nodes: kubectl describe nodes | grep -A8 "Allocated resources"',
        `Compare with the Pod's requests: kubectl get pod ${pod} -n ${namespace} -o jsonpath='{range .spec.containers[*]}{.name}{"\\t"}{.resources.requests}{"\\n"}{end}'`,
        `Add capacity (more or larger nodes), or check why the cluster autoscaler did not: kubectl get events -n ${namespace} --field-selector involvedObject.name=${pod},reason=NotTriggerScaleUp`,
      ];
      if (unknownFree && !neverFits) out.push('Other Pods on the nodes were not in the input, so free capacity per node was not computed; `kubectl describe node NODE` shows it.');
      return out;
    },
  },
  nodeSelectorMismatch: {
    message: ({ selector, terms, nodes, pinnedGone, mismatches, more, matching, tail }) => {
      const wants = [...(selector !== undefined ? [`nodeSelector ${selector}`] : []), ...(terms.length > 0 ? [`required node affinity ${terms.map(termText).join(' OR ')}`] : [])];
      let detail = '';
      if (pinnedGone !== undefined) detail = ` The DaemonSet Pod is pinned to node "${pinnedGone}", which is not in the cluster any more.`;
      else if (mismatches.length > 0) {
        detail = ` ${mismatches.map(mismatchText).join('; ')}${more > 0 ? `; and ${more} more` : ''}.`;
        if (matching.length > 0) detail += ` Matching node${matching.length === 1 ? '' : 's'} ${matching.join(', ')} failed for other reasons.`;
      }
      return `The Pod's ${wants.join(' and ') || 'node affinity'} excludes ${nodes}.${detail}${tail}`;
    },
    fix: ({ keys, first, template }) => [
      `Show the labels the Pod selects on: kubectl get nodes${keys.length ? ` -L ${keys.join(',')}` : ' --show-labels'}`,
      first ? `Label the node that should run it: kubectl label node NODE ${first.key}=${first.value}` : 'Label the node that should run it so it satisfies the affinity term: kubectl label node NODE KEY=VALUE',
      `Or correct the nodeSelector / node affinity in ${template}`,
    ],
  },
  podAffinity: {
    message: ({ parts, tail }) => `Pod affinity rules leave no node: ${parts.map(affinityText).join('; ')}.${tail}`,
    fix: ({ pod, namespace, template }) => [
      `Read the Pod's rules: kubectl get pod ${pod} -n ${namespace} -o jsonpath='{.spec.affinity}'`,
      `Where spreading is a preference, use preferredDuringSchedulingIgnoredDuringExecution in ${template}`,
      'Add nodes or zones, or lower the replica count to the number of topology domains',
      "For existing Pods' anti-affinity, find the Pods that declare it: kubectl get pods -A -o custom-columns=NS:.metadata.namespace,NAME:.metadata.name,NODE:.spec.nodeName,ANTI:.spec.affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution",
    ],
  },
  unboundPvc: {
    message: ({ what, tail }) => {
      let text: string;
      switch (what.kind) {
        case 'ephemeral':
          text = `the ephemeral volume controller has not created PersistentVolumeClaim "${what.claim}" yet`;
          break;
        case 'capacity':
          text = 'the storage driver reports too little free capacity for its claims on the nodes';
          break;
        case 'problems':
          text = what.problems.map(claimText).join('; ');
          break;
        case 'unbound':
          text = what.claims.length > 0 ? `its PersistentVolumeClaims (${what.claims.map((c) => `"${c}"`).join(', ')}) are not bound yet` : 'its PersistentVolumeClaims are not bound';
      }
      return `Pod cannot be scheduled until its volumes can bind: ${text}.${tail}`;
    },
    fix: ({ problems, namespace, claims }) => {
      const out = problems.flatMap((p) => claimFix(namespace, p));
      if (out.length === 0) out.push(`Read the claims' events: kubectl describe pvc -n ${namespace} ${claims.join(' ')}`.trim(), 'List the StorageClasses: kubectl get storageclass');
      return [...new Set(out)];
    },
  },
  untoleratedTaint: {
    message: ({ nodes, named, tail }) => `Pod does not tolerate the taints on ${nodes}: ${taintsText(named)}.${tail}`,
    fix: ({ custom, template, mistakes, health, none }) => [
      "See every node's taints: kubectl get nodes -o custom-columns=NAME:.metadata.name,TAINTS:.spec.taints",
      ...custom.map((c) => `If the Pod belongs on nodes tainted ${c.taint}, add to ${template}: ${c.toleration}`),
      ...mistakes.map((m) => `If the taint is a mistake, remove it: kubectl taint node ${m.node} ${m.taint}-`),
      ...health.map((h) => `${h.taint} means ${MEANING[h.meaning]}: fix the node (kubectl describe node), do not tolerate the taint.`),
      ...(none ? ['Add a toleration for the taint the Pod should accept, or remove the taint from the nodes that should run it.'] : []),
    ],
  },
  volumeNodeAffinity: {
    message: ({ nodes, pinned, blocked, tail }) => {
      const pins = pinned.map(
        (p) =>
          `PersistentVolume "${p.pv}" (claim "${p.claim}") is limited to ${p.terms.map(termText).join(' OR ')}${p.allowed === undefined ? '' : p.allowed.length === 0 ? '; no node in the cluster matches' : `; allowed node${p.allowed.length === 1 ? '' : 's'}: ${p.allowed.join(', ')}`}`,
      );
      const blocks = blocked.map((b) => `Node "${b.node}", where the volume may be used, has taint ${b.taint}, which the Pod does not tolerate.`);
      return `The Pod's volume is pinned to nodes it cannot use (conflict on ${nodes})${pins.length ? `: ${pins.join('; ')}` : ''}.${blocks.length ? ` ${blocks.join(' ')}` : ''}${tail}`;
    },
    fix: ({ pv, namespace }) => [
      pv !== undefined ? `See where the volume may be used: kubectl get pv ${pv} -o jsonpath='{.spec.nodeAffinity}'` : `Find the claims' volumes: kubectl get pvc -n ${namespace} -o wide`,
      "Make a node available where the volume lives (add a node in that zone, uncordon it, or free capacity there); check that the Pod's own node affinity does not exclude that zone",
      'For a local volume whose node is gone, the data went with it: delete the claim (and the PersistentVolume) so the workload gets a new one',
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
