import { eventEvidence, eventsWith } from '../helpers/events.js';
import { fieldEvidence } from '../helpers/evidence.js';
import { finding } from '../helpers/finding.js';
import { conditionEvidence, nodeReadiness } from '../helpers/node-health.js';
import { formatAge } from '../helpers/time.js';
import { ruleMessages } from '../messages/index.js';
import type { Evidence, PodRule } from '../types.js';
import { cniDeleteError, teardownOf, unmountFailure } from '../../model/teardown.js';
import { MOUNT_BUSY, volumeFailureClass } from '../helpers/volume-failure-class.js';

const rule: PodRule = {
  id: 'kubelet/stuck-terminating',
  scope: 'pod',
  stage: 'kubelet',
  severity: 'error',
  failureClass: 'deterministic',
  title: 'The Pod is stuck Terminating',
  docs: {
    description:
      'The Pod has a deletionTimestamp (which the API server sets to the deletion time plus the grace period) and it has passed, yet the Pod object remains. Either finalizers are still pending, the kubelet cannot confirm the containers stopped because its node is unreachable, or the containers do not exit.',
    causes: [
      'the node is NotReady / unreachable / deleted: only its kubelet may confirm the deletion, so the Pod stays Terminating forever',
      'metadata.finalizers still lists entries whose controller has not removed them (controller down, or a finalizer nobody owns)',
      'containers ignore SIGTERM and the runtime cannot kill them (ExceededGracePeriod, FailedKillPod), or a preStop hook hangs',
      'the containers stopped but the runtime cannot remove the sandbox: FailedKillPod "failed to \\"KillPodSandbox\\" … failed to destroy network for sandbox", the CNI plugin\'s DEL failing',
      'a volume will not unmount ("UnmountVolume.TearDown failed for volume …"): a process on the node still holds it (umount: target is busy; device or resource busy), which waiting does not change, or its driver is not answering',
      'the kubelet finished (deletionGracePeriodSeconds 0) and only finalizers hold the object: their controller, not the kubelet, must act',
    ],
    fix: [
      'kubectl get pod POD -n NS -o jsonpath="{.metadata.deletionTimestamp} {.metadata.finalizers}"',
      'Node unreachable: fix the node, or once it is confirmed down, apply the out-of-service taint (kubectl taint node NODE node.kubernetes.io/out-of-service=nodeshutdown:NoExecute) or force-delete: kubectl delete pod POD -n NS --grace-period=0 --force',
      'Finalizers: find and fix the controller that owns them; remove them by hand only when you know it is safe',
      'Containers not exiting: check the runtime on the node (crictl ps, crictl stop) and the app\'s SIGTERM handling / preStop hook',
    ],
    links: ['https://kubernetes.io/docs/concepts/workloads/pods/pod-lifecycle/#pod-termination', 'https://kubernetes.io/docs/concepts/cluster-administration/node-shutdown/#non-graceful-node-shutdown'],
  },
  triggers: { deleting: true },
  match({ pod, cluster, now, options }) {
    const deadline = pod.deletingSince;
    // deletionTimestamp already includes the grace period; allow graceMs more for the kubelet to report.
    if (deadline === undefined || now - deadline <= options.graceMs) return [];
    const overdue = formatAge(now - deadline);
    const ns = pod.namespace;
    const meta = pod.pod.metadata ?? {};
    const finalizers = Array.isArray(meta.finalizers) ? meta.finalizers.filter((f): f is string => typeof f === 'string') : [];
    const evidence: Evidence[] = [fieldEvidence('pod', 'metadata.deletionTimestamp', meta.deletionTimestamp)];
    if (typeof meta.deletionGracePeriodSeconds === 'number') evidence.push(fieldEvidence('pod', 'metadata.deletionGracePeriodSeconds', meta.deletionGracePeriodSeconds));
    if (finalizers.length > 0) evidence.push(fieldEvidence('pod', 'metadata.finalizers', finalizers));
    const t = ruleMessages(options.lang).stuckTerminating;
    const finalizerNote = t.finalizers({ finalizers });
    const force = `kubectl delete pod ${pod.name} -n ${ns} --grace-period=0 --force`;
    const statefulCaveat = t.caution(pod.owner.ref?.kind === 'StatefulSet' ? { statefulSet: pod.owner.ref.name } : {});

    const teardown = teardownOf(pod);
    // 0. The kubelet is done (its final delete set the grace period to 0): only the finalizers' controllers remain.
    if (teardown?.kubeletDone) {
      return [finding(rule, { message: t.waitingFinalizers({ overdue, finalizers }), evidence, remediation: t.waitingFinalizersFix({ pod: pod.name, namespace: ns }) })];
    }

    // 1. The node cannot confirm: NotReady, unreachable, or gone.
    const readiness = nodeReadiness(pod.node);
    const nodeGone = pod.nodeName !== '' && !pod.node && cluster.saw('Node', undefined, pod.nodeName);
    if (pod.nodeName && (nodeGone || (pod.node && readiness.state !== 'ready'))) {
      if (pod.node && readiness.condition) evidence.push(conditionEvidence(pod.node, readiness.condition, now));
      const state = nodeGone ? 'gone' : readiness.state === 'unknown' ? 'unknown' : 'not-ready';
      return [
        finding(rule, {
          message: t.nodeDown({ overdue, node: pod.nodeName, state, finalizers: finalizerNote }),
          evidence,
          remediation: nodeGone ? t.nodeGoneFix({ force }) : t.nodeDownFix({ node: pod.nodeName, force, caution: statefulCaveat }),
        }),
      ];
    }

    // 2. The containers stopped but the sandbox will not go (KillPodSandbox, often the CNI plugin's DEL).
    const sandboxError = teardown?.sandboxError;
    if (sandboxError && !pod.containers.some((c) => c.running && c.kind !== 'ephemeral')) {
      evidence.push(eventEvidence(sandboxError, now));
      const cni = cniDeleteError(sandboxError.message);
      return [
        finding(rule, {
          message: t.sandboxFailed({ overdue, node: pod.nodeName, ...(cni ? { cni } : {}), finalizers: finalizerNote }),
          evidence,
          remediation: t.sandboxFailedFix({ node: pod.nodeName, force, caution: statefulCaveat }),
          failureClass: 'repeated',
        }),
      ];
    }

    // 3. The containers and the sandbox are gone but a volume will not unmount: classed as any umount error is
    // (a mount point held by a process on the node does not free itself; a driver that is down may come back).
    const unmountError = teardown?.unmountError;
    if (unmountError && !pod.containers.some((c) => c.running && c.kind !== 'ephemeral')) {
      evidence.push(eventEvidence(unmountError, now));
      const { volume, error } = unmountFailure(unmountError.message);
      const failureClass = volumeFailureClass(error);
      const busy = MOUNT_BUSY.test(error);
      return [
        finding(rule, {
          message: t.unmountFailed({ overdue, node: pod.nodeName, ...(volume ? { volume } : {}), error, busy, finalizers: finalizerNote }),
          evidence,
          remediation: t.unmountFailedFix({ node: pod.nodeName, uid: pod.uid || pod.name, busy, force, caution: statefulCaveat }),
          failureClass: failureClass === 'deterministic' ? 'deterministic' : 'repeated',
        }),
      ];
    }

    // 4. Containers still running past the grace period.
    const running = pod.containers.filter((c) => c.running && c.kind !== 'ephemeral');
    const killEvents = eventsWith(pod.events, ['FailedKillPod', 'ExceededGracePeriod', 'FailedPreStopHook']);
    if (running.length > 0 || killEvents.length > 0) {
      for (const c of running) evidence.push(fieldEvidence('pod', `${c.statusPath}.state.running.startedAt`, c.running?.startedAt ?? ''));
      for (const e of killEvents.slice(-3)) evidence.push(eventEvidence(e, now));
      return [
        finding(rule, {
          message: t.running({ overdue, node: pod.nodeName, containers: running.map((c) => ({ kind: c.kind, name: c.name })), finalizers: finalizerNote }),
          evidence,
          remediation: t.runningFix({ node: pod.nodeName, force, caution: statefulCaveat }),
          confidence: running.length > 0 ? 'high' : 'medium',
        }),
      ];
    }

    // 5. Finalizers pending.
    if (finalizers.length > 0) {
      return [
        finding(rule, {
          message: t.waitingFinalizers({ overdue, finalizers }),
          evidence,
          remediation: t.waitingFinalizersFix({ pod: pod.name, namespace: ns }),
        }),
      ];
    }

    // 6. Nothing visible: the kubelet has not reported the containers gone.
    return [
      finding(rule, {
        message: t.teardown({ overdue, node: pod.nodeName }),
        evidence,
        remediation: t.teardownFix({ node: pod.nodeName, uid: pod.uid || pod.name, force, caution: statefulCaveat }),
        confidence: 'low',
      }),
    ];
  },
};

export default rule;
