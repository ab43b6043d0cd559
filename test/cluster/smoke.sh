#!/usr/bin/env bash
# End-to-end check of the running local cluster: a busybox Pod pulled from the local registry becomes
# Running and Ready, and a Pod with a missing tag gets ErrImagePull/ImagePullBackOff from the real
# kubelet. Exits 0 when both hold. Leaves nothing behind (namespace kdiag-smoke is deleted).
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
NS=kdiag-smoke
k() { kubectl_admin -n "$NS" "$@"; }
kubectl_admin delete namespace "$NS" --ignore-not-found --wait=true --timeout=120s >/dev/null
kubectl_admin create namespace "$NS" >/dev/null
trap 'kubectl_admin delete namespace "$NS" --wait=false >/dev/null 2>&1 || true' EXIT
wait_for "default ServiceAccount" 60 k get serviceaccount default
T0=$SECONDS
k apply -f - >/dev/null <<YAML
apiVersion: v1
kind: Pod
metadata: {name: ok}
spec:
  terminationGracePeriodSeconds: 1
  containers:
    - name: app
      image: 127.0.0.1:$REGISTRY_PORT/busybox:pulled
      imagePullPolicy: Always
      command: [sh, -c, 'trap "exit 143" TERM; while true; do sleep 1; done']
---
apiVersion: v1
kind: Pod
metadata: {name: bad-tag}
spec:
  terminationGracePeriodSeconds: 1
  containers:
    - name: app
      image: 127.0.0.1:$REGISTRY_PORT/busybox:no-such-tag
      command: [sleep, "3600"]
YAML
ready() { [ "$(k get pod ok -o jsonpath='{.status.conditions[?(@.type=="Ready")].status}')" = True ]; }
pull_failed() { k get pod bad-tag -o jsonpath='{.status.containerStatuses[0].state.waiting.reason}' | grep -qE '^(ErrImagePull|ImagePullBackOff)$'; }
rc=0
if wait_for "pod ok Ready" 90 ready; then log "PASS pod ok Running+Ready after $((SECONDS - T0))s"; else log "FAIL pod ok not Ready"; rc=1; fi
if wait_for "pod bad-tag ErrImagePull" 90 pull_failed; then
  log "PASS pod bad-tag: $(k get pod bad-tag -o jsonpath='{.status.containerStatuses[0].state.waiting.reason}: {.status.containerStatuses[0].state.waiting.message}')"
else log "FAIL pod bad-tag did not get ErrImagePull"; rc=1; fi
k get pods -o wide >&2
k get events --sort-by=.lastTimestamp >&2
exit $rc
