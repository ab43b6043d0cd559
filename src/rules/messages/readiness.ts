/** A readiness gate that is not True: its condition's status and reason, or no condition at all. */
export interface GateState {
  type: string;
  /** Absent when the Pod has no condition of this type. */
  status?: string;
  reason?: string;
}

/** The readiness stage rules' messages and fix steps (those converted so far). */
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
}

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
};
