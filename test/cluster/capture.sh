#!/usr/bin/env bash
# Applies each scenario (scenarios/<name>.yaml) in its own namespace kdiag-<name> on the running local
# cluster, polls until the scenario's failure state is reached, and saves what kdiag reads to
# fixtures/real/<name>.yaml (override the folder with KDIAG_FIXTURES_DIR). Secret values are never
# saved: Secrets are written with their keys and empty values.
#
#   capture.sh [--keep] [NAME...]     (default: every scenario; --keep leaves the namespaces)
#
# Scenario header directives (comment lines):
#   # expect: stage=<stage> rule=<rule-id>      copied into the fixture (so are # expect-<word>: lines)
#   # expect-workload: workload=Kind/name ...   copied into the fixture (workload verdicts; kdiag pod Kind/name live too)
#   # expect-scan: failing=Kind/name:rule,...   copied into the fixture (kdiag scan -n NS live too, with its exit code)
#   # wait: <condition>                         all must hold; see check_cond below (age:N waits until
#                                               the Pod is N s old, past kdiag's 60 s grace period;
#                                               node-ready:NAME=Unknown waits for a Node's Ready status;
#                                               scheduled-message:TEXT for the scheduler's latest message;
#                                               event-count:REASON=N: that reason's Events count N or more;
#                                               deleting:N: a Pod's deletionTimestamp is N s past;
#                                               workload-reason:R: a Deployment or Job condition has reason R)
#   # timeout: <seconds>                        default 120
#   # setup: kubectl ... / # teardown: kubectl ...   run before apply / after capture
#   # cleanup: kubectl ... -n "$NS" ...          run after capture, before the namespace is deleted (only
#                                               that namespace: e.g. remove a finalizer; not exclusive)
#   # cni: missing-plugin|tiny-range            node CNI config during the scenario (restored after)
#   # capture: then-after-ready                 the part below is applied once the part above is Ready
#   # exclusive: <why>                          run alone (see below)
#   # capture-also: <namespace>                 also save that namespace's objects (the same namespaced kinds,
#                                               Secrets with values emptied) in the fixture: the traffic rules
#                                               that look across namespaces (Pods a Service selects elsewhere, the
#                                               cluster DNS Pods in kube-system). What lives there is created by
#                                               the scenario's # setup: lines and deleted by its # teardown: lines
#                                               (so the scenario runs alone); the namespace itself is never deleted
#                                               by capture.sh
#
# Scenarios that change node-wide state (a cni, setup or teardown line) or say `# exclusive:` run one at a
# time with nothing else on the cluster; the others only touch their own namespace and run side by side
# (KDIAG_CAPTURE_JOBS at a time, default 8, longest timeout first), after the exclusive ones.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
[ "$(id -u)" = 0 ] || die "capture.sh needs root (it rewrites the node's CNI config for cni scenarios)"

KEEP=0
if [ "${1:-}" = --keep ]; then KEEP=1; shift; fi
OUT="${KDIAG_FIXTURES_DIR:-$(cd "$CLUSTER_HOME/../.." && pwd)/fixtures/real}"
mkdir -p "$OUT"
kubectl_admin get node "$NODE_NAME" >/dev/null || die "cluster not running: start it with up.sh"
# one capture.sh at a time: some scenarios change node-wide state (CNI config, taints, cordon)
exec 9> "$RUN/capture.lock"
flock -n 9 || die "another capture.sh is running on this cluster"

kubectl() { kubectl_admin "$@"; }   # used by setup/teardown lines
# the runner of the commands kdiag suggests (see capture_one), bundled once: it reads kdiag's JSON with kdiag's own code
if [ -n "${KDIAG_LIVE_DIR:-}" ]; then
  mkdir -p "$KDIAG_LIVE_DIR"
  "$CLUSTER_HOME/../../node_modules/.bin/esbuild" "$CLUSTER_HOME/lib/run-suggested-commands.ts" --bundle --platform=node \
    --format=esm --log-level=warning --outfile="$KDIAG_LIVE_DIR/run-suggested-commands.mjs" || die "cannot bundle lib/run-suggested-commands.ts"
  # kubectl top reads the Metrics API: where no metrics-server serves it, its commands are counted, not run
  export KDIAG_METRICS_API=1
  kubectl get --raw /apis/metrics.k8s.io/v1beta1 >/dev/null 2>&1 || KDIAG_METRICS_API=0
fi

directive() { sed -n "s/^# $2: //p" "$1"; }

pods_json_path() { kubectl get pods -n "$NS" -o jsonpath="$1" 2>/dev/null; }

check_cond() { # check_cond CONDITION: true when the namespace's Pods/events show it
  local c="$1" kind="${1%%:*}" arg="${1#*:}"
  case "$kind" in
    event)
      kubectl get events -n "$NS" --field-selector "reason=$arg" -o name 2>/dev/null | grep -q . ;;
    event-count) # REASON=N: the Events of that reason count N occurrences or more (the kubelet folds repeats into one count)
      kubectl get events -n "$NS" --field-selector "reason=${arg%%=*}" -o jsonpath='{range .items[*]}{.count}{"\n"}{end}' 2>/dev/null \
        | awk -v n="${arg#*=}" '{s += ($1 == "" ? 1 : $1)} END {exit !(s >= n)}' ;;
    waiting)
      pods_json_path '{range .items[*]}{range .status.initContainerStatuses[*]}{.state.waiting.reason}{"\n"}{end}{range .status.containerStatuses[*]}{.state.waiting.reason}{"\n"}{end}{end}' | grep -qx "$arg" ;;
    terminated)
      pods_json_path '{range .items[*]}{range .status.containerStatuses[*]}{.state.terminated.reason}{"\n"}{.lastState.terminated.reason}{"\n"}{end}{end}' | grep -qx "$arg" ;;
    restarts)
      pods_json_path '{range .items[*]}{range .status.containerStatuses[*]}{.restartCount}{"\n"}{end}{end}' | awk -v n="$arg" '$1 >= n {f=1} END {exit !f}' ;;
    init-restarts)
      pods_json_path '{range .items[*]}{range .status.initContainerStatuses[*]}{.restartCount}{"\n"}{end}{end}' | awk -v n="$arg" '$1 >= n {f=1} END {exit !f}' ;;
    reason)
      pods_json_path '{range .items[*]}{.status.reason}{"\n"}{end}' | grep -qx "$arg" ;;
    phase)
      pods_json_path '{range .items[*]}{.status.phase}{"\n"}{end}' | grep -qx "$arg" ;;
    running)
      pods_json_path '{range .items[*]}{.status.phase}{"\n"}{end}' | grep -qx Running ;;
    ready) # at least one Pod, and every Pod Ready
      local r; r=$(pods_json_path '{range .items[*]}{.status.conditions[?(@.type=="Ready")].status}{"\n"}{end}')
      [ -n "$r" ] && ! grep -qvx True <<<"$r" ;;
    age) # the oldest Pod is at least N seconds old (past kdiag's grace period for transient causes)
      local oldest; oldest=$(pods_json_path '{range .items[*]}{.metadata.creationTimestamp}{"\n"}{end}' | sort | head -n1)
      [ -n "$oldest" ] && [ $(( $(date +%s) - $(date -d "$oldest" +%s) )) -ge "$arg" ] ;;
    node-ready) # NAME=STATUS: the Node's Ready condition has that status (True, False, Unknown)
      [ "$(kubectl get node "${arg%%=*}" -o jsonpath='{.status.conditions[?(@.type=="Ready")].status}' 2>/dev/null)" = "${arg#*=}" ] ;;
    scheduled-message) # the scheduler's latest word on a Pod (PodScheduled condition message) contains TEXT
      pods_json_path '{range .items[*]}{.status.conditions[?(@.type=="PodScheduled")].message}{"\n"}{end}' | grep -qF "$arg" ;;
    deleting) # some Pod's deletion deadline (deletionTimestamp: the request plus the grace period) is N s past
      local ts; ts=$(pods_json_path '{range .items[*]}{.metadata.deletionTimestamp}{"\n"}{end}' | grep . | sort | head -n1)
      [ -n "$ts" ] && [ $(( $(date +%s) - $(date -d "$ts" +%s) )) -ge "$arg" ] ;;
    workload-reason)
      kubectl get deployments,jobs -n "$NS" -o jsonpath='{range .items[*]}{range .status.conditions[*]}{.reason}{"\n"}{end}{end}' 2>/dev/null | grep -qx "$arg" ;;
    job-complete)
      kubectl get jobs -n "$NS" -o jsonpath='{range .items[*]}{.status.conditions[?(@.type=="Complete")].status}{"\n"}{end}' 2>/dev/null | grep -qx True ;;
    *) die "unknown wait condition '$c'" ;;
  esac
}

all_conds() { local c; for c in "$@"; do check_cond "$c" || return 1; done; }

secrets_yaml() { # Secrets of namespace $1 (default $NS) with every value emptied (keys kept so rules can name missing keys)
  kubectl get secrets -n "${1:-$NS}" -o go-template='apiVersion: v1
kind: List
items:{{if not .items}} []{{end}}
{{- range .items}}
- apiVersion: v1
  kind: Secret
  metadata:
    name: {{printf "%q" .metadata.name}}
    namespace: {{printf "%q" .metadata.namespace}}
    uid: {{printf "%q" .metadata.uid}}
    creationTimestamp: {{printf "%q" .metadata.creationTimestamp}}
    annotations:
      "kdiag.dev/values-redacted": "true"
  type: {{printf "%q" .type}}
  data:{{if not .data}} {}{{end}}
{{- range $k, $v := .data}}
    {{printf "%q" $k}}: ""
{{- end}}
{{- end}}
'
}

capture_one() {
  local file="$1" name; name=$(basename "$file" .yaml)
  NS="kdiag-$name"
  local timeout cni; timeout=$(directive "$file" timeout)
  timeout=${timeout:-120}; cni=$(directive "$file" cni)
  local -a conds; mapfile -t conds < <(directive "$file" wait)
  log "=== $name (ns $NS): waiting for ${conds[*]} (max ${timeout}s)"

  kubectl delete namespace "$NS" --ignore-not-found --wait=true --timeout=120s >/dev/null
  kubectl create namespace "$NS" >/dev/null
  wait_for "default ServiceAccount in $NS" 60 kubectl -n "$NS" get serviceaccount default
  local line
  CUR_FILE="$file"; CUR_CNI="$cni"; CUR_NS="$NS"   # undone by undo_node_changes, also if interrupted
  while IFS= read -r line; do [ -n "$line" ] && eval "$line" >/dev/null; done < <(directive "$file" setup)
  [ -n "$cni" ] && { write_cni_conf "$cni"; sleep 2; }   # let containerd's config watcher reload

  if grep -qx '# capture: then-after-ready' "$file"; then
    sed '/^# capture: then-after-ready$/,$d' "$file" | kubectl apply -n "$NS" -f - >/dev/null
    wait_for "first part of $name Ready" 90 check_cond ready || true
    sed -n '/^# capture: then-after-ready$/,$p' "$file" | kubectl apply -n "$NS" -f - >/dev/null
  else
    kubectl apply -n "$NS" -f "$file" >/dev/null
  fi

  # reach the state, give its events 2s to land, and capture right after checking it again (states such
  # as CrashLoopBackOff come and go)
  local ok=0 t0=$SECONDS
  for _ in 1 2 3 4 5; do
    wait_for "$name: ${conds[*]}" "$((timeout - (SECONDS - t0) > 5 ? timeout - (SECONDS - t0) : 5))" \
      all_conds "${conds[@]}" || break
    sleep 2
    if all_conds "${conds[@]}"; then ok=1; break; fi
  done

  local dest="$OUT/$name.yaml"
  [ "$ok" = 1 ] || { mkdir -p "$RUN/capture-failed"; dest="$RUN/capture-failed/$name.yaml"; }
  local kver cver
  kver=$(kubectl get node "$NODE_NAME" -o jsonpath='{.status.nodeInfo.kubeletVersion}')
  cver=$(kubectl get node "$NODE_NAME" -o jsonpath='{.status.nodeInfo.containerRuntimeVersion}')
  {
    echo "# kdiag real fixture: scenario $name (test/cluster/scenarios/$name.yaml), namespace $NS"
    grep -E '^# expect(-[a-z]+)?:' "$file"   # every expect line, verbatim (tests read them)
    echo "# captured $(date -u +%Y-%m-%dT%H:%M:%SZ) from the local test cluster: Kubernetes $kver, $cver, runc $(runc --version | sed -n 's/^runc version //p')"
    echo "# reached: ${conds[*]} after $((SECONDS - t0))s; Secret values omitted"
    kubectl get pods,events,nodes,pvc,pv,storageclasses,configmaps,services,endpointslices,replicasets,deployments,statefulsets,daemonsets,controllerrevisions,jobs,cronjobs,networkpolicies,ingresses \
      -n "$NS" -o yaml
    local also
    for also in $(directive "$file" capture-also); do   # other namespaces the scenario reads across (no cluster-scoped kinds again)
      echo "---"
      kubectl get pods,events,pvc,configmaps,services,endpointslices,replicasets,deployments,statefulsets,daemonsets,controllerrevisions,jobs,cronjobs,networkpolicies,ingresses \
        -n "$also" -o yaml
      echo "---"
      secrets_yaml "$also"
    done
    echo "---"
    # the traffic path: every Namespace (their labels) and IngressClass (cluster-scoped)
    kubectl get namespaces,ingressclasses -o yaml
    echo "---"
    secrets_yaml
    # the capture time, as a kdiag bundle records it: ages are measured from it, not from the file's mtime
    # and, since an empty List names no kind, the traffic kinds listed above (complete lists, even when empty)
    printf -- '---\napiVersion: v1\nkind: List\nmetadata:\n  annotations:\n    kdiag.io/captured-at: "%s"\n    kdiag.io/seen-kinds: NetworkPolicy,Ingress,IngressClass,Namespace\nitems: []\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)"
  } > "$dest.tmp"
  mv -f "$dest.tmp" "$dest"
  # kdiag's live diagnosis of every Pod, taken now, before teardown restores the node (npm run test:cluster
  # compares it with the diagnosis of the dump just saved)
  if [ -n "${KDIAG_LIVE_DIR:-}" ] && [ "$ok" = 1 ]; then
    mkdir -p "$KDIAG_LIVE_DIR/$name"
    local p
    for p in $(kubectl get pods -n "$NS" -o jsonpath='{.items[*].metadata.name}'); do
      KUBECONFIG="$ADMIN_KUBECONFIG" node "$CLUSTER_HOME/../../bin/kdiag.js" pod "$p" -n "$NS" -o json \
        > "$KDIAG_LIVE_DIR/$name/$p.json" 2> "$KDIAG_LIVE_DIR/$name/$p.stderr" || true
    done
    # and of every `# expect-traffic:` target, in header order (traffic-1.json, ...): test/live/scenarios.test.ts
    local tline target from i=0
    while IFS= read -r tline; do
      i=$((i + 1))
      target=$(sed -n 's/^\(.* \)\{0,1\}target=\([^ ]*\).*/\2/p' <<<"$tline")
      from=$(sed -n 's/^\(.* \)\{0,1\}from=\([^ ]*\).*/\2/p' <<<"$tline")
      KUBECONFIG="$ADMIN_KUBECONFIG" node "$CLUSTER_HOME/../../bin/kdiag.js" pod "$target" -n "$NS" ${from:+--from "$from"} -o json \
        > "$KDIAG_LIVE_DIR/$name/traffic-$i.json" 2> "$KDIAG_LIVE_DIR/$name/traffic-$i.stderr" || true
    done < <(directive "$file" expect-traffic)
    # of every `# expect-workload:` workload (workload-1.json, ...), and the namespace's scan with its exit code
    i=0
    while IFS= read -r tline; do
      i=$((i + 1))
      target=$(sed -n 's/^\(.* \)\{0,1\}workload=\([^ ]*\).*/\2/p' <<<"$tline")
      KUBECONFIG="$ADMIN_KUBECONFIG" node "$CLUSTER_HOME/../../bin/kdiag.js" pod "$target" -n "$NS" -o json \
        > "$KDIAG_LIVE_DIR/$name/workload-$i.json" 2> "$KDIAG_LIVE_DIR/$name/workload-$i.stderr" || true
    done < <(directive "$file" expect-workload)
    if [ -n "$(directive "$file" expect-scan)" ]; then
      local code=0
      KUBECONFIG="$ADMIN_KUBECONFIG" node "$CLUSTER_HOME/../../bin/kdiag.js" scan -n "$NS" -o json \
        > "$KDIAG_LIVE_DIR/$name/scan.json" 2> "$KDIAG_LIVE_DIR/$name/scan.stderr" || code=$?
      echo "$code" > "$KDIAG_LIVE_DIR/$name/scan.exit"
    fi
    # every command those reports suggest, run now while the scenario's objects exist (changes with
    # --dry-run=server): $name/commands.json, which test/live/suggested-commands.test.ts reads
    KUBECONFIG="$ADMIN_KUBECONFIG" node "$KDIAG_LIVE_DIR/run-suggested-commands.mjs" "$KDIAG_LIVE_DIR/$name" "$BIN/kubectl" \
      "$CLUSTER_HOME/../../bin/kdiag.js" 2> "$KDIAG_LIVE_DIR/$name/commands.stderr" || true
  fi
  run_cleanup "$file"
  CUR_NS=""

  undo_node_changes
  [ "$KEEP" = 1 ] || kubectl delete namespace "$NS" --wait=false >/dev/null
  if [ "$ok" = 1 ]; then
    log "saved $dest"
    echo "ok      $name" >> "$RESULTS_FILE"
  else
    log "FAILED $name: condition not reached in ${timeout}s; partial state saved to $dest"
    kubectl get pods -n "$NS" -o wide >&2 || true
    echo "FAILED  $name" >> "$RESULTS_FILE"
  fi
}

run_cleanup() { # the scenario's own cleanup lines, in its namespace (a finalizer that would hold it)
  local line
  while IFS= read -r line; do [ -n "$line" ] && eval "$line" >/dev/null 2>&1; done < <(directive "$1" cleanup)
  return 0
}
CUR_FILE=""; CUR_CNI=""; CUR_NS=""
undo_node_changes() { # restore the node-wide state a scenario changed (CNI config, taint, cordon)
  local line f="$CUR_FILE"
  if [ -n "$CUR_NS" ]; then   # interrupted before its capture was saved
    rm -f "$OUT/${CUR_NS#kdiag-}.yaml.tmp" "$RUN/capture-failed/${CUR_NS#kdiag-}.yaml.tmp"
    [ -n "$f" ] && NS="$CUR_NS" run_cleanup "$f"
    [ "$KEEP" = 1 ] || kubectl delete namespace "$CUR_NS" --wait=false >/dev/null 2>&1
    CUR_NS=""
  fi
  [ -n "$CUR_CNI" ] && write_cni_conf normal
  CUR_CNI=""; CUR_FILE=""
  [ -n "$f" ] || return 0
  while IFS= read -r line; do [ -n "$line" ] && eval "$line" >/dev/null 2>&1; done < <(directive "$f" teardown)
  return 0
}
trap undo_node_changes EXIT
trap 'kill $(jobs -pr) 2>/dev/null; exit 130' INT TERM
RESULTS_FILE="$(mktemp)"
if [ "$#" -gt 0 ]; then
  files=(); for n in "$@"; do files+=("$CLUSTER_HOME/scenarios/${n%.yaml}.yaml"); done
else
  files=("$CLUSTER_HOME"/scenarios/*.yaml)
fi
exclusive=(); shared=()
for f in "${files[@]}"; do
  [ -f "$f" ] || die "no scenario $f"
  if grep -qE '^# (cni|setup|teardown|exclusive):' "$f"; then exclusive+=("$f"); else shared+=("$f"); fi
done
t_phase=$SECONDS
for f in "${exclusive[@]}"; do capture_one "$f"; done
[ "${#exclusive[@]}" = 0 ] || log "exclusive scenarios (${#exclusive[@]}, one at a time) took $((SECONDS - t_phase))s"
# Namespace-only scenarios side by side, longest timeout first so the slowest starts at once. Each runs in
# a subshell with its own EXIT trap (deletes its namespace if interrupted).
t_phase=$SECONDS
mapfile -t shared < <(for f in "${shared[@]}"; do t=$(directive "$f" timeout); echo "${t:-120} $f"; done | sort -rn | cut -d' ' -f2-)
for f in "${shared[@]}"; do
  while [ "$(jobs -pr | wc -l)" -ge "${KDIAG_CAPTURE_JOBS:-8}" ]; do wait -n || true; done
  ( trap undo_node_changes EXIT; capture_one "$f" ) &
done
wait
[ "${#shared[@]}" = 0 ] || log "shared scenarios (${#shared[@]}, up to ${KDIAG_CAPTURE_JOBS:-8} at a time) took $((SECONDS - t_phase))s"
for f in "${shared[@]}"; do   # a subshell that died (set -e) left no line: it failed
  grep -qE "^(ok|FAILED)  +$(basename "$f" .yaml)\$" "$RESULTS_FILE" || echo "FAILED  $(basename "$f" .yaml)" >> "$RESULTS_FILE"
done
mapfile -t RESULTS < "$RESULTS_FILE"; rm -f "$RESULTS_FILE"
if [ "$KEEP" = 0 ]; then
  gone() { ! kubectl get namespaces -o name | grep -q '^namespace/kdiag-\(sched\|kubelet\|volume\|cni\|image\|container\|readiness\|healthy\|admission\)-'; }
  wait_for "scenario namespaces to be deleted" 180 gone || true
fi
printf '%s\n' "${RESULTS[@]}"
! printf '%s\n' "${RESULTS[@]}" | grep -q '^FAILED'
