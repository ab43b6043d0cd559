#!/usr/bin/env bash
# Stops the local test cluster that up.sh started: only the processes recorded in $RUN/pids (plus the
# containerd shims of OUR containerd socket, after removing every pod sandbox through CRI), unmounts
# whatever is mounted under $RUN, removes pod network namespaces attached to our bridge and the bridge.
# Safe to run twice. Keeps PKI/images/data for a faster next up.sh; --purge removes $RUN entirely.
set -uo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
[ "$(id -u)" = 0 ] || die "down.sh needs root"
PURGE=0; [ "${1:-}" = --purge ] && PURGE=1
[ -d "$RUN" ] || { log "nothing to do: $RUN does not exist"; exit 0; }

stop_proc kubelet 30

# pods: stop and remove every sandbox through CRI, so the CNI plugin releases IPs and netns
if proc_pid containerd >/dev/null && [ -x "$BIN/crictl" ]; then
  crictl_ rmp --all --force >/dev/null 2>&1 || crictl_ rmp --all --force >&2 || true
  # anything the CRI left (should be nothing)
  for t in $(ctr --address "$CONTAINERD_SOCK" -n k8s.io tasks ls -q 2>/dev/null); do
    ctr --address "$CONTAINERD_SOCK" -n k8s.io tasks kill -s SIGKILL "$t" >/dev/null 2>&1 || true
    ctr --address "$CONTAINERD_SOCK" -n k8s.io tasks delete -f "$t" >/dev/null 2>&1 || true
  done
fi

stop_proc kube-scheduler 15
stop_proc kube-controller-manager 15
stop_proc kube-apiserver 30
stop_proc etcd 30
stop_proc containerd 30
stop_proc registry-plain 10
stop_proc registry-auth 10
stop_proc registry-tls-untrusted 10

# shims of our containerd (identified by our socket path in their command line), if any survived
for p in /proc/[0-9]*; do
  cmd=$(tr '\0' ' ' < "$p/cmdline" 2>/dev/null) || continue
  case "$cmd" in
    *containerd-shim*"-address $CONTAINERD_SOCK "*)
      log "killing leftover shim ${p#/proc/}"; kill -KILL "${p#/proc/}" 2>/dev/null || true ;;
  esac
done

# network namespaces whose veth is attached to our bridge
if ip link show "$BRIDGE" >/dev/null 2>&1; then
  for id in $(ip -j link show master "$BRIDGE" 2>/dev/null | grep -o '"link_netnsid":[0-9]*' | cut -d: -f2); do
    ns=$(ip netns list | sed -n "s/^\([^ ]*\) (id: $id)\$/\1/p")
    [ -n "$ns" ] && { log "removing netns $ns"; ip netns delete "$ns" 2>/dev/null || true; }
  done
  for v in $(ip -j link show master "$BRIDGE" 2>/dev/null | grep -o '"ifname":"[^"]*"' | cut -d'"' -f4); do
    ip link delete "$v" 2>/dev/null || true
  done
  if [ -f "$RUN/net/bridge-created" ]; then
    ip link delete "$BRIDGE" 2>/dev/null && log "removed bridge $BRIDGE"
    rm -f "$RUN/net/bridge-created"
  fi
fi

# mounts under $RUN (deepest first); lazily if busy
for i in 1 2 3; do
  mapfile -t mnts < <(awk -v r="$RUN/" 'index($5, r) == 1 {print $5}' /proc/self/mountinfo | sort -r)
  [ "${#mnts[@]}" -eq 0 ] && break
  for m in "${mnts[@]}"; do umount "$m" 2>/dev/null || umount -l "$m" 2>/dev/null || true; done
done

# the kubelet's cgroups (kubepods hierarchy), if empty
for c in /sys/fs/cgroup/*/kubepods /sys/fs/cgroup/*/kubepods.slice; do
  [ -d "$c" ] && find "$c" -depth -type d -exec rmdir {} + 2>/dev/null
done

rm -f "$CONTAINERD_SOCK" "$CONTAINERD_SOCK.ttrpc"
if [ -f "$RUN/net/run-containerd-created" ]; then   # up.sh created /run/containerd: remove it if empty
  find /run/containerd -depth -type d -empty -delete 2>/dev/null
  rm -f "$RUN/net/run-containerd-created"
fi
if [ "$PURGE" = 1 ]; then
  rm -rf "$RUN" && log "removed $RUN"
fi
log "cluster down"
