import type { ContainerRef } from './types.js';
import { cap, noun } from './en-shared.js';

/** A readiness gate that is not True: its condition's status and reason, or no condition at all. */
export interface GateState {
  type: string;
  /** Absent when the Pod has no condition of this type. */
  status?: string;
  reason?: string;
}

/** A probe's timing with the API defaults filled in (helpers/probes.ts probeTiming). */
export interface ProbeTimingRef {
  initialDelaySeconds: number;
  periodSeconds: number;
  timeoutSeconds: number;
  failureThreshold: number;
}

/**
 * A spec probe as messages describe it (helpers/probes.ts probeRef): absent, or its handler as written
 * (`httpGet http://:8080/healthz`, `exec [cat /tmp/ready]`; absent: no handler), the port name it used, its timing.
 */
export type ProbeRef = { absent: true } | { absent?: false; handler?: string; namedPort?: string; timing: ProbeTimingRef };

/** The probe in English, after the word "probe": `httpGet http://:8080/healthz (port "http") (initialDelaySeconds=0 periodSeconds=10 …)`, or `(not in the spec)`. */
export function probeText(p: ProbeRef): string {
  if (p.absent) return '(not in the spec)';
  const t = p.timing;
  return `${p.handler ?? 'probe with no handler'}${p.namedPort !== undefined ? ` (port "${p.namedPort}")` : ''} (initialDelaySeconds=${t.initialDelaySeconds} periodSeconds=${t.periodSeconds} timeoutSeconds=${t.timeoutSeconds} failureThreshold=${t.failureThreshold})`;
}

/** An `Unhealthy` event's text, quoted; `empty`: the probe printed nothing (an exec command exited non-zero). */
export interface ProbeOutput {
  message: string;
  empty: boolean;
}

/** The probe output quoted in English. */
export const probeOutputText = ({ message, empty }: ProbeOutput): string => (empty ? `"${message}" (no output: the command exited non-zero)` : `"${message}"`);

/** A probe pointing at a port the container does not declare: a port name, or a number beside the declared ones. */
export type ProbePortMismatch = { kind: 'name'; port: string; container: string } | { kind: 'number'; port: number; container: string; declared: number[] };

/** How to run a probe by hand: its httpGet port and path, its tcpSocket port, or its exec command (empty: unknown). */
export type ProbeHandler = { kind: 'http'; port: number | string; path: string } | { kind: 'tcp'; port: number | string } | { kind: 'exec'; command: string[] };

/** One Pod's state in a few words, for a workload's list of Pods that are not Ready. */
export type PodStateRef = { kind: 'terminating' } | { kind: 'unschedulable'; gated: boolean } | { kind: 'waiting'; reason: string } | { kind: 'not-ready' } | { kind: 'phase'; phase: string };

/** What a Service's selector finds instead: a near miss on some Pods, the values the Pods carry, or no Pod with the keys. */
export type SelectsNothing =
  | { kind: 'near'; have: string; pods: number; names: string[]; more: boolean }
  | { kind: 'carry'; shown: Array<{ labels: string; pods: number }>; more: boolean }
  | { kind: 'no-key'; keys: string[] };

/** The readiness stage rules' messages and fix steps. */
export interface ReadinessMessages {
  readinessGates: {
    message(p: { gates: GateState[]; age?: string }): string;
    fix(p: { namespace: string; pod: string; gates: string[] }): string[];
  };
  serviceNoEndpoints: {
    /** `port`: the Service port and its name; `declared`: the Pod's ports as `8080 (http)`, empty when none. */
    namedPort(p: { service: string; port: string; portName?: string; target: string; declared: string }): string;
    namedPortFix(p: { namespace: string; service: string; target: string; index: number; value: string }): string[];
    numberPort(p: { service: string; port: string; portName?: string; target: number; declared: string }): string;
    numberPortFix(p: { namespace: string; service: string; pod: string; index: number; value: number }): string[];
  };
  serviceSelectorNearMiss: {
    /** `complete`: the input holds every Pod of the namespace, so no other Pod carries the selector. */
    message(p: { service: string; selector: string; have: string; complete: boolean }): string;
    fix(p: { namespace: string; service: string; selector: string; patch: string; owner?: string }): string[];
  };
  singleNodeReplicas: {
    message(p: { ready: number; kind: string; name: string; node: string; others: boolean }): string;
    fix(p: { namespace: string; short: string; name: string }): string[];
  };
  // ---- zh-b: probes (also used by the container stage's probe rules) and the four readiness rules below ----
  probe: {
    portMismatch(p: ProbePortMismatch): string;
  };
  notReadyLong: {
    /** `causes`: the probe each container has never passed (`container` named only when several are not Ready). */
    message(p: { containers: ContainerRef[]; age: string; causes: Array<{ container?: ContainerRef; startup: boolean; probe: ProbeRef }> }): string;
    fix(p: { namespace: string; pod: string; container: string }): string[];
  };
  probeFailing: {
    /** `running`: for how long (unknown: absent); `hint`: the probe's port is not one the container declares. */
    message(p: { container: ContainerRef; running?: string; probe: ProbeRef; errored: boolean; state?: string; output: ProbeOutput; count: number; hint?: ProbePortMismatch }): string;
    fix(p: { namespace: string; pod: string; container: string; handler: ProbeHandler }): string[];
  };
  progressDeadlineExceeded: {
    /**
     * `condition`: the Progressing message (`replicaSet` when it is the controller's usual "ReplicaSet … has timed out
     * progressing", else quoted); `why`: FailedCreate, the Pods not Ready (`pods`: name and podState), or Pods not in the input.
     */
    message(p: {
      name: string;
      namespace: string;
      deadline: number;
      condition: { kind: 'timed-out'; replicaSet: string } | { kind: 'message'; message: string } | { kind: 'none' };
      why: { kind: 'create' } | { kind: 'not-ready'; notReady: number; active: number; pods: Array<{ name: string; state: PodStateRef }>; more: boolean } | { kind: 'not-in-input'; updated: number; want: number; available: number };
    }): string;
    /** `diagnose`: a Pod to run kdiag on, or the Deployment's Pods (not in the input); none after FailedCreate. */
    /** `firstRevision`: the Deployment has only ever had revision 1, so there is nothing to roll back to. */
    fix(p: { name: string; namespace: string; diagnose?: { kind: 'pod'; pod: string } | { kind: 'deployment' }; firstRevision?: boolean }): string[];
  };
  serviceSelectsNothing: {
    /** `labels`: how many keys the selector has; `created`: how long ago the Service was created, when that is recent. */
    message(p: { service: string; selector: string; namespace: string; labels: number; found: SelectsNothing; created?: string }): string;
    /** `patch`: the selector patch toward the near miss, when there is one. */
    fix(p: { service: string; selector: string; namespace: string; patch?: string }): string[];
  };
  // ---- end zh-b ----
}

const podState = (p: PodStateRef): string =>
  p.kind === 'terminating'
    ? 'Terminating'
    : p.kind === 'unschedulable'
      ? `Pending: ${p.gated ? 'scheduling gated' : 'unschedulable'}`
      : p.kind === 'waiting'
        ? p.reason
        : p.kind === 'not-ready'
          ? 'Running, not Ready'
          : p.phase || 'unknown';
const pods = (n: number): string => `${n} Pod${n === 1 ? '' : 's'}`;
const label = (port: string, name: string | undefined): string => `port ${port}${name ? ` (${name})` : ''}`;

export const enReadiness: ReadinessMessages = {
  readinessGates: {
    message: ({ gates, age }) =>
      `The Pod's containers are ready, but readiness gate ${gates.map((g) => (g.status !== undefined ? `"${g.type}" is ${g.status}${g.reason ? ` (${g.reason})` : ''}` : `"${g.type}" has no condition on the Pod`)).join(', ')}${age !== undefined ? `, for ${age}` : ''}: the controller that owns ${gates.length > 1 ? 'these conditions' : 'that condition'} has not marked it True.`,
    fix: ({ namespace, pod, gates }) => [
      `Check the conditions: kubectl get pod -n ${namespace} ${pod} -o jsonpath='{range .status.conditions[*]}{.type}={.status} {.reason}{"\\n"}{end}'`,
      `Find the controller that sets ${gates.map((g) => `"${g}"`).join(', ')} (by its prefix) and check that it runs and can patch Pod status; read its logs.`,
      'If the gate is misspelled or no longer used, fix or remove it from the Pod template.',
    ],
  },
  serviceNoEndpoints: {
    namedPort: ({ service, port, portName, target, declared }) =>
      `Service "${service}" selects this Pod, but its ${label(port, portName)} targets port name "${target}", which no container of this Pod declares${declared ? ` (declared: ${declared})` : ''}: the Pod gets no endpoint for that port.`,
    namedPortFix: ({ namespace, service, target, index, value }) => [
      `Name the container port "${target}" in the Pod template, or point the Service at an existing port: kubectl patch svc -n ${namespace} ${service} --type=json -p '[{"op":"replace","path":"/spec/ports/${index}/targetPort","value":${value}}]'`,
      `Check the endpoints: kubectl get endpointslices -n ${namespace} -l kubernetes.io/service-name=${service}`,
    ],
    numberPort: ({ service, port, portName, target, declared }) =>
      `Service "${service}" selects this Pod, but its ${label(port, portName)} sends traffic to port ${target}, while this Pod's containers declare only ${declared}: unless the application also listens on ${target}, connections will be refused.`,
    numberPortFix: ({ namespace, service, pod, index, value }) => [
      `Point the Service at the application's port: kubectl patch svc -n ${namespace} ${service} --type=json -p '[{"op":"replace","path":"/spec/ports/${index}/targetPort","value":${value}}]'`,
      `Or check what the application listens on: kubectl exec -n ${namespace} ${pod} -- ss -tln`,
    ],
  },
  serviceSelectorNearMiss: {
    message: ({ service, selector, have, complete }) =>
      complete
        ? `Service "${service}" selects ${selector}, which this Pod nearly matches with ${have} (a typo?): the Service selects neither this Pod nor any other, so it has no endpoints.`
        : `Service "${service}" selects ${selector}, which this Pod nearly matches with ${have} (a typo?): the Service does not select this Pod, and unless other Pods carry ${selector} it has no endpoints.`,
    fix: ({ namespace, service, selector, patch, owner }) => [
      `See what the Service selects: kubectl get pods -n ${namespace} -l ${selector}; kubectl get endpointslices -n ${namespace} -l kubernetes.io/service-name=${service}`,
      `If the Service is meant for this Pod, fix its selector: kubectl patch svc -n ${namespace} ${service} --type=merge -p '${patch}'`,
      `Or change the labels in the Pod template${owner ? ` of ${owner}` : ''} to ${selector}${owner?.startsWith('deploy/') ? " (a Deployment's selector is immutable: changing it means recreating the Deployment)" : ''}`,
    ],
  },
  singleNodeReplicas: {
    message: ({ ready, kind, name, node, others }) =>
      `All ${ready} Ready replicas of ${kind} "${name}" run on node ${node}: losing that node takes the whole workload down${others ? '' : ' (the cluster has no other schedulable node)'}.`,
    fix: ({ namespace, short, name }) => [
      `Add to the Pod template: topologySpreadConstraints: [{maxSkew: 1, topologyKey: kubernetes.io/hostname, whenUnsatisfiable: ScheduleAnyway, labelSelector: {matchLabels: <the Pod labels>}}]`,
      `Then let the scheduler spread them: kubectl rollout restart -n ${namespace} ${short}/${name}`,
    ],
  },
  // ---- zh-b ----
  probe: {
    portMismatch: (p) =>
      p.kind === 'name' ? `the probe uses port name "${p.port}", which container ${p.container} does not declare` : `the probe targets port ${p.port}, but container ${p.container} declares ${p.declared.join(', ')}`,
  },
  notReadyLong: {
    message: ({ containers, age, causes }) =>
      `${containers.map(noun).join(', ')} ${containers.length > 1 ? 'have' : 'has'} been running but not Ready for ${age}${
        causes.length > 0 ? `: ${causes.map((c) => `${c.container ? noun(c.container) : 'it'} has not passed its ${c.startup ? 'startup' : 'readiness'} probe ${probeText(c.probe)}`).join('; ')}` : ''
      }, and no probe failure events explain it (they may have expired or not been captured).`,
    fix: ({ namespace, pod, container }) => [
      `Look at live events and probe settings: kubectl describe pod -n ${namespace} ${pod}`,
      `Run the readiness check by hand inside the container: kubectl exec -n ${namespace} ${pod} -c ${container} -- <probe command>`,
    ],
  },
  probeFailing: {
    message: ({ container, running, probe, errored, state, output, count, hint }) =>
      `${cap(noun(container))} has been Running${running !== undefined ? ` for ${running}` : ''} but is not Ready: its readiness probe ${probeText(probe)} ${errored ? `could not run${state ? ` (resulted in ${state} state)` : ''}` : 'fails'}: ${probeOutputText(output)}${count > 1 ? ` (×${count})` : ''}${hint ? `; ${enReadiness.probe.portMismatch(hint)}` : ''}.`,
    fix: ({ namespace, pod, container, handler }) => [
      handler.kind === 'http'
        ? `Run the probe by hand: kubectl exec -n ${namespace} ${pod} -c ${container} -- wget -qO- http://localhost:${handler.port}${handler.path} (or curl -sv)`
        : handler.kind === 'tcp'
          ? `Check that something listens on port ${handler.port}: kubectl exec -n ${namespace} ${pod} -c ${container} -- netstat -tln (or ss -tln)`
          : `Run the probe command by hand: kubectl exec -n ${namespace} ${pod} -c ${container} -- ${(handler.command.length > 0 ? handler.command : ['<command>']).join(' ')}`,
      `Read why the application reports not-ready: kubectl logs -n ${namespace} ${pod} -c ${container}`,
      'Fix the probe (path, port, timeoutSeconds, initialDelaySeconds) or the dependency it checks.',
    ],
  },
  progressDeadlineExceeded: {
    message: ({ name, namespace, deadline, condition, why }) => {
      const head = `Deployment "${name}" exceeded its progress deadline (${deadline}s)${
        condition.kind === 'timed-out' ? `: ReplicaSet "${condition.replicaSet}" has timed out progressing` : condition.kind === 'message' ? `: ${condition.message}` : ''
      }`;
      if (why.kind === 'create') return `${head}, because its ReplicaSet cannot create Pods (see the FailedCreate finding).`;
      if (why.kind === 'not-ready')
        return `${head}: ${why.notReady} of ${why.active} Pods are not Ready: ${why.pods.map((p) => `${p.name} (${podState(p.state)})`).join(', ')}${why.more ? ', …' : ''}. Diagnose them: kdiag pod ${why.pods[0]?.name ?? ''} -n ${namespace}.`;
      return `${head}; ${why.updated} of ${why.want} replicas are updated and ${why.available} available (the Pods are not in the input: diagnose them with kdiag pod deploy/${name} -n ${namespace}).`;
    },
    fix: ({ name, namespace, diagnose, firstRevision }) => [
      `See the rollout: kubectl rollout status deploy/${name} -n ${namespace}`,
      ...(diagnose?.kind === 'pod' ? [`Diagnose a stuck Pod: kdiag pod ${diagnose.pod} -n ${namespace}`] : diagnose?.kind === 'deployment' ? [`Diagnose the Deployment's Pods: kdiag pod deploy/${name} -n ${namespace}`] : []),
      ...(firstRevision ? [] : [`If the new version is broken, roll back: kubectl rollout undo deploy/${name} -n ${namespace}`]),
    ],
  },
  serviceSelectsNothing: {
    message: ({ service, selector, namespace, labels, found, created }) => {
      const those = labels > 1 ? 'those labels' : 'that label';
      const text =
        found.kind === 'near'
          ? `Service "${service}" selects ${selector}, but no Pod in namespace ${namespace} has ${those}; closest: ${found.have} on ${pods(found.pods)} (${found.names.join(', ')}${found.more ? ', …' : ''}): a typo? The Service has no endpoints.`
          : `Service "${service}" selects ${selector}, but no Pod in namespace ${namespace} has ${those}${
              found.kind === 'carry'
                ? `; the Pods there carry ${found.shown.map((s) => `${s.labels} (${pods(s.pods)})`).join(', ')}${found.more ? ', …' : ''}`
                : `; no Pod there has the label key${found.keys.length > 1 ? 's' : ''} ${found.keys.map((k) => `"${k}"`).join(', ')}`
            }. The Service has no endpoints.`;
      return created !== undefined ? `${text} It was created ${created} ago: its Pods may still be on their way.` : text;
    },
    fix: ({ service, selector, namespace, patch }) => [
      `See what the selector matches (nothing) and what the Pods carry: kubectl get pods -n ${namespace} -l ${selector}; kubectl get pods -n ${namespace} --show-labels`,
      ...(patch !== undefined
        ? [
            `If the Service should reach those Pods, fix its selector: kubectl patch svc -n ${namespace} ${service} --type=merge -p '${patch}'`,
            `Or, if the selector is right, change the Pod template labels to ${selector} (a Deployment's own selector is immutable: changing it means recreating the Deployment)`,
          ]
        : [
            `Set the selector to the labels of the Pods it should reach: kubectl edit svc -n ${namespace} ${service} (spec.selector), or kubectl patch svc -n ${namespace} ${service} --type=merge -p '{"spec":{"selector":{"KEY":"VALUE"}}}'`,
            `Or deploy the Pods it is meant for, labelled ${selector}`,
          ]),
      `Verify the endpoints: kubectl get endpointslices -n ${namespace} -l kubernetes.io/service-name=${service}`,
    ],
  },
  // ---- end zh-b ----
};
