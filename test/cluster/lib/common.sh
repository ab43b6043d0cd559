# Shared settings and helpers for up.sh / down.sh / capture.sh. Sourced, not executed.
# shellcheck shell=bash
CLUSTER_HOME="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=../versions.env
. "$CLUSTER_HOME/versions.env"

CACHE="${KDIAG_CLUSTER_CACHE:-$HOME/.cache/kdiag-cluster}"
BIN="$CACHE/$K8S_VERSION/bin"
RUN="${KDIAG_CLUSTER_DIR:-/var/lib/kdiag-cluster}"

NODE_NAME=kdiag-node-1
API_PORT=6443
ETCD_CLIENT_PORT=12379
ETCD_PEER_PORT=12380
REGISTRY_PORT=5000            # plain HTTP registry on 127.0.0.1
AUTH_REGISTRY_PORT=5001       # HTTP + basic auth (htpasswd) registry on 127.0.0.1
DEAD_REGISTRY_PORT=5999       # nothing listens here (image/registry-unreachable scenario)
UNTRUSTED_REGISTRY_PORT=5443  # HTTPS, self-signed certificate, only while scenario image-tls-untrusted runs (lib/tls-registry.sh)
REGISTRY_USER=kdiag-puller
REGISTRY_PASS=kdiag-local-pass
# Pod network: a bridge that up.sh creates, local to this machine. The bridge's own address is the
# node's InternalIP (the kubelet refuses a loopback node IP) and the kubelet listens on it only.
BRIDGE=kdiag0
BRIDGE_ADDR=10.88.0.1
POD_SUBNET=10.88.0.0/16
POD_RANGE_START=10.88.1.1
POD_RANGE_END=10.88.255.254
SERVICE_CIDR=10.96.0.0/16     # virtual only: no kube-proxy runs, nothing routes there
CLUSTER_DNS=10.96.0.10        # virtual only: avoids kubelet's MissingClusterDNS warning on every Pod

BUSYBOX_IMAGE="127.0.0.1:$REGISTRY_PORT/busybox:1"
PAUSE_IMAGE="127.0.0.1:$REGISTRY_PORT/pause:1"

CONTAINERD_SOCK="$RUN/containerd/containerd.sock"
ADMIN_KUBECONFIG="$RUN/kubeconfig/admin.kubeconfig"
LIMITED_KUBECONFIG="$RUN/kubeconfig/limited.kubeconfig"

log() { echo "[$(date +%H:%M:%S)] $*" >&2; }
die() { log "ERROR: $*"; exit 1; }

kubectl_admin() { "$BIN/kubectl" --kubeconfig "$ADMIN_KUBECONFIG" "$@"; }
crictl_() { "$BIN/crictl" --runtime-endpoint "unix://$CONTAINERD_SOCK" --image-endpoint "unix://$CONTAINERD_SOCK" --timeout 20s "$@"; }

# --- processes: each started component has $RUN/pids/<name>.pid = "<pid> <binary path>" ---------
proc_pid() { # prints the pid of component $1 if it is alive and still runs the recorded binary
  local f="$RUN/pids/$1.pid" pid exe
  [ -f "$f" ] || return 1
  read -r pid exe < "$f" || return 1
  [ -n "$pid" ] && [ -d "/proc/$pid" ] || return 1
  [ "$(readlink -f "/proc/$pid/exe" 2>/dev/null)" = "$(readlink -f "$exe")" ] || return 1
  echo "$pid"
}

start_proc() { # start_proc NAME BINARY ARGS... ; no-op when already running
  local name="$1"; shift
  local exe="$1"
  if pid=$(proc_pid "$name"); then
    log "$name already running (pid $pid)"
    return 0
  fi
  mkdir -p "$RUN/pids" "$RUN/logs"
  echo "===== $(date -u +%FT%TZ) starting $name" >> "$RUN/logs/$name.log"
  setsid "$@" >> "$RUN/logs/$name.log" 2>&1 < /dev/null &
  echo "$! $exe" > "$RUN/pids/$name.pid"
  log "started $name (pid $!), log: $RUN/logs/$name.log"
}

stop_proc() { # stop_proc NAME [timeout-seconds]: TERM, then KILL after the timeout
  local name="$1" t="${2:-20}" pid i
  if ! pid=$(proc_pid "$name"); then
    rm -f "$RUN/pids/$name.pid"
    return 0
  fi
  kill -TERM "$pid" 2>/dev/null || true
  for ((i = 0; i < t * 5; i++)); do
    [ -d "/proc/$pid" ] || break
    sleep 0.2
  done
  if [ -d "/proc/$pid" ]; then
    log "$name (pid $pid) did not stop in ${t}s, killing"
    kill -KILL "$pid" 2>/dev/null || true
    sleep 0.5
  fi
  rm -f "$RUN/pids/$name.pid"
  log "stopped $name (pid $pid)"
}

# wait_for DESCRIPTION TIMEOUT_SECONDS COMMAND...: polls COMMAND every second until it succeeds
wait_for() {
  local what="$1" t="$2"; shift 2
  local deadline=$((SECONDS + t))
  until "$@" >/dev/null 2>&1; do
    if ((SECONDS >= deadline)); then
      log "timed out after ${t}s waiting for $what"
      return 1
    fi
    sleep 1
  done
}

# write_cni_conf normal|missing-plugin|tiny-range: the node's CNI config (containerd reloads it on change)
#   missing-plugin: names a plugin binary that does not exist (cni/sandbox-network-failed scenario)
#   tiny-range:     host-local range of two addresses (cni/ip-exhausted scenario)
write_cni_conf() {
  local mode="${1:-normal}" type=bridge start="$POD_RANGE_START" end="$POD_RANGE_END"
  case "$mode" in
    normal) ;;
    missing-plugin) type=kdiag-missing-plugin ;;
    tiny-range) start=10.88.250.1; end=10.88.250.2 ;;
    *) die "unknown CNI mode $mode" ;;
  esac
  mkdir -p "$RUN/cni/net.d" "$RUN/cni/ipam"
  cat > "$RUN/cni/10-kdiag.conflist.tmp" <<JSON
{
  "cniVersion": "1.0.0",
  "name": "kdiag-pods",
  "plugins": [
    {
      "type": "$type",
      "bridge": "$BRIDGE",
      "isGateway": false,
      "ipMasq": false,
      "hairpinMode": false,
      "ipam": {
        "type": "host-local",
        "dataDir": "$RUN/cni/ipam",
        "ranges": [[{ "subnet": "$POD_SUBNET", "rangeStart": "$start", "rangeEnd": "$end" }]]
      }
    }
  ]
}
JSON
  # containerd 1.6 reloads its CNI config on fsnotify Write events but ignores Create events, so a
  # rename into the directory alone is not noticed: rename (the file is never half-written), then
  # rewrite the same bytes in place without truncating to produce a Write event.
  mv -f "$RUN/cni/10-kdiag.conflist.tmp" "$RUN/cni/net.d/10-kdiag.conflist"
  dd if="$RUN/cni/net.d/10-kdiag.conflist" of="$RUN/cni/net.d/10-kdiag.conflist" conv=notrunc status=none
}
