import rule from '../../../src/rules/cni/node-network-unavailable.js';
import { at, node } from '../../harness/builders.js';
import { runRuleTests } from '../../harness/rule-tester.js';
import { creatingPod, runningPod, sandboxFailed, setup } from './sandbox-builders.js';

// NetworkUnavailable (k8s-messages.md §5.1): route controller reasons; CNIs may set their own.
const unavailable = (reason: string, message: string, since = -900) =>
  node({
    status: {
      conditions: [
        { type: 'NetworkUnavailable', status: 'True', reason, message, lastHeartbeatTime: at(-5), lastTransitionTime: at(since) },
        { type: 'Ready', status: 'True', reason: 'KubeletReady', message: 'kubelet is posting ready status', lastHeartbeatTime: at(-5), lastTransitionTime: at(-86000) },
      ],
    },
  });
const p = creatingPod();

runRuleTests(rule, {
  valid: [
    { name: 'NetworkUnavailable=False (RouteCreated) is normal', objects: [p, node({ status: { conditions: [{ type: 'NetworkUnavailable', status: 'False', reason: 'RouteCreated', message: 'RouteController created a route' }] } })] },
    { name: 'a completed Pod', objects: [creatingPod({ status: { phase: 'Succeeded' } }), unavailable('NoRouteCreated', 'RouteController failed to create a route')] },
  ],
  invalid: [
    { name: 'route not created, Pod waiting for its sandbox', objects: [p, unavailable('NoRouteCreated', 'RouteController failed to create a route')], expect: [{ severity: 'error', confidence: 'high', message: 'NetworkUnavailable=True (NoRouteCreated: RouteController failed to create a route)', remediation: 'route controller' }] },
    { name: 'corroborating a specific sandbox error: lower confidence', objects: [p, unavailable('CalicoIsDown', 'Calico is shutting down on this node'), sandboxFailed(p, setup('plugin type="calico" failed (add): stat /var/lib/calico/nodename: no such file or directory'))], expect: [{ severity: 'error', confidence: 'medium' }] },
    { name: 'a running Pod gets a warning', objects: [runningPod(), unavailable('NoRouteCreated', 'RouteController failed to create a route')], expect: [{ severity: 'warning', message: 'traffic to and from other nodes may fail' }] },
  ],
});
