/** `kdiag gate --help`: exactly what ends the gate before its timeout (kept in step with README's table). */
export const GATE_HELP = `
Fails fast (exit 1, before --timeout) only on what cannot clear by itself:
  - a deterministic finding: image not found / unauthorized / invalid name,
    invalid spec, quota or PodSecurity rejection, a node selector or taint
    no node satisfies, a missing command
  - a ConfigMap, Secret or PVC the Pod needs, still missing --grace after
    the Pod was created
  - a crash loop (or OOM / liveness / init back-off loop) past --max-restarts
  - a Job past its backoffLimit or activeDeadlineSeconds (Failed condition)
  - a Deployment past its progressDeadlineSeconds (ProgressDeadlineExceeded)
Waits (until it clears, turns doomed, or --timeout: exit 5): Pods not yet
Ready (slow warm-up), a first FailedMount, a Job Pod failing within its
backoffLimit, a transient FailedScheduling, registry timeouts.
Only current-revision Pods count: the newest ReplicaSet, the StatefulSet's
updateRevision, the DaemonSet's generation, the Job's own Pods.
A suppressed finding (--ignore, .kdiag.yaml, kdiag.io/ignore) neither dooms a
rollout nor fails it under --fail-on warning, and the report counts it; it
cannot make a rollout finish (Pods that never get Ready still time out).
A named workload that does not exist is exit 4 after one re-check (~1 s),
unless --wait-for-creation.
Exit codes: 0 passed, 1 doomed, 2 usage, 3 cluster unreachable or forbidden,
4 not found, 5 timed out.`;
