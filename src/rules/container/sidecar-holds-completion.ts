import { fieldEvidence } from '../helpers/evidence.js';
import { finding } from '../helpers/finding.js';
import { formatAge } from '../helpers/time.js';
import { ruleMessages } from '../messages/index.js';
import { parseTime } from '../../model/time.js';
import type { ContainerFacts } from '../../model/containers.js';
import type { Evidence, PodRule } from '../types.js';

/** Containers that are sidecars by what they are (service-mesh proxies, auth and log agents): they never exit by themselves. */
const KNOWN_SIDECAR = /^(istio-proxy|linkerd-proxy|envoy|envoy-sidecar|consul-dataplane|consul-connect-envoy-sidecar|cloud-sql-proxy|cloudsql-proxy|vault-agent|oauth2-proxy|fluent-bit|fluentd|datadog-agent|otel-collector|opentelemetry-collector|kuma-sidecar|dapr-sidecar|daprd|aws-xray-daemon)$/;

/**
 * A run-to-completion Pod (restartPolicy Never or OnFailure: every Job's Pod) whose main containers exited 0
 * while another app container keeps running: the Pod stays Running and its Job never completes.
 */
const rule: PodRule = {
  id: 'container/sidecar-holds-completion',
  scope: 'pod',
  stage: 'container',
  severity: 'error',
  failureClass: 'deterministic',
  title: 'A sidecar keeps a finished Pod running',
  docs: {
    description:
      'The Pod runs to completion (restartPolicy Never or OnFailure, as every Job\'s Pod does) and its main container exited 0, but another container listed in spec.containers is still running. A Pod completes only when all of its containers have stopped, so it stays Running and its Job never counts it as succeeded. A service-mesh proxy or agent injected as an ordinary container does not know the main work is done.',
    causes: [
      'a service-mesh proxy (istio-proxy, linkerd-proxy) or an agent (cloud-sql-proxy, vault-agent, a log shipper) injected into a Job\'s Pod as a classic sidecar',
      'a helper container written as a server that never exits, beside a one-shot main container',
    ],
    fix: [
      'Make the sidecar a native sidecar: move it to spec.initContainers with restartPolicy: Always (Kubernetes 1.29+, on by default); the kubelet stops it when the main containers finish',
      'With Istio: enable native sidecars (ENABLE_NATIVE_SIDECARS=true, the default from Istio 1.27) or have the job call the proxy\'s quit endpoint (curl -X POST localhost:15020/quitquitquit) when done; Linkerd: linkerd-await --shutdown, or native sidecars (config.alpha.linkerd.io/proxy-enable-native-sidecar)',
      'Or have the helper watch for the main container\'s end (a shared emptyDir file) and exit 0',
    ],
    links: ['https://kubernetes.io/docs/concepts/workloads/pods/sidecar-containers/', 'https://kubernetes.io/docs/concepts/workloads/controllers/job/#termination-of-job-pods'],
  },
  match({ pod, now, options }) {
    if (pod.deletingSince !== undefined || pod.phase !== 'Running') return [];
    if (pod.restartPolicy !== 'Never' && pod.restartPolicy !== 'OnFailure') return [];
    const apps = pod.containers.filter((c) => c.kind === 'app');
    const done = apps.filter((c) => c.terminated?.exitCode === 0);
    const running = apps.filter((c) => c.running !== undefined && c.terminated === undefined);
    // Every other app container done, with 0: a container that failed or still waits is another story.
    if (done.length === 0 || running.length === 0 || done.length + running.length !== apps.length) return [];
    const finished = Math.max(...done.map((c) => parseTime(c.terminated?.finishedAt) ?? 0));
    if (finished === 0) return [];
    const known = running.every((c) => KNOWN_SIDECAR.test(c.name));
    // A known proxy never exits by itself: fail after the grace period; two workers may end apart: wait stuckMs.
    const allowance = known ? options.graceMs : options.stuckMs;
    const since = now - finished;
    const evidence: Evidence[] = [
      ...done.map((c) => fieldEvidence('pod', `${c.statusPath}.state.terminated`, `exitCode 0, finishedAt ${c.terminated?.finishedAt ?? ''}`)),
      ...running.map((c: ContainerFacts) => fieldEvidence('pod', `${c.statusPath}.state.running.startedAt`, c.running?.startedAt ?? '')),
      fieldEvidence('pod', 'spec.restartPolicy', pod.restartPolicy),
    ];
    const m = ruleMessages(options.lang).sidecarHoldsCompletion;
    const job = pod.owner.ref?.kind === 'Job' ? pod.owner.ref.name : undefined;
    return [
      finding(rule, {
        severity: since > allowance ? 'error' : 'warning',
        confidence: known ? 'high' : 'medium',
        failureClass: since > allowance ? 'deterministic' : 'transient',
        message: m.message({ done: done.map((c) => c.name), sidecars: running.map((c) => c.name), since: formatAge(Math.max(since, 0)), ...(job ? { job } : {}) }),
        evidence,
        remediation: m.fix({ sidecars: running.map((c) => c.name) }),
      }),
    ];
  },
};

export default rule;
