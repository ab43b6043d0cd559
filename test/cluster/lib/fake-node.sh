#!/usr/bin/env bash
# A Node object with no kubelet behind it (scenario kubelet-node-stopped-reporting): `start NAME` creates
# it and posts one Ready=True status for it, as a kubelet would on its last report, then nothing more;
# the node lifecycle controller marks it Unknown ("Kubelet stopped posting node status.") after its
# node-monitor-grace-period (50 s) and taints it unreachable. A NoSchedule taint of its own keeps the
# scheduler from placing any other Pod there while it looks Ready. `stop NAME NAMESPACE` force-deletes the
# scenario's Pods (no kubelet will ever confirm their deletion) and then the Node. The real node is not touched.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/common.sh"
name="${2:?usage: fake-node.sh start|stop NAME [NAMESPACE]}"
case "${1:-}" in
  start)
    kubectl_admin delete node "$name" --ignore-not-found >/dev/null
    kubectl_admin create -f - >/dev/null <<YAML
apiVersion: v1
kind: Node
metadata:
  name: $name
  labels: {kubernetes.io/hostname: $name, kubernetes.io/os: linux, kdiag.dev/fake-node: "true"}
spec:
  taints: [{key: kdiag.dev/no-kubelet, value: "true", effect: NoSchedule}]
YAML
    now=$(date -u +%Y-%m-%dT%H:%M:%SZ)
    cond() { printf '{"type":"%s","status":"%s","reason":"%s","message":"%s","lastHeartbeatTime":"%s","lastTransitionTime":"%s"}' "$1" "$2" "$3" "$4" "$now" "$now"; }
    kubectl_admin patch node "$name" --subresource=status --type=merge -p "{\"status\":{
      \"capacity\":{\"cpu\":\"2\",\"memory\":\"4Gi\",\"pods\":\"110\"},\"allocatable\":{\"cpu\":\"2\",\"memory\":\"4Gi\",\"pods\":\"110\"},
      \"conditions\":[$(cond MemoryPressure False KubeletHasSufficientMemory 'kubelet has sufficient memory available'),
        $(cond DiskPressure False KubeletHasNoDiskPressure 'kubelet has no disk pressure'),
        $(cond PIDPressure False KubeletHasSufficientPID 'kubelet has sufficient PID available'),
        $(cond Ready True KubeletReady 'kubelet is posting ready status')],
      \"nodeInfo\":{\"kubeletVersion\":\"$K8S_VERSION\",\"containerRuntimeVersion\":\"containerd://1.6.20\",\"operatingSystem\":\"linux\",\"architecture\":\"amd64\",
        \"kernelVersion\":\"\",\"osImage\":\"\",\"kubeProxyVersion\":\"\",\"machineID\":\"\",\"systemUUID\":\"\",\"bootID\":\"\"}}}" >/dev/null
    log "created node $name (no kubelet; last status posted $now)"
    ;;
  stop)
    ns="${3:-}"
    [ -n "$ns" ] && kubectl_admin delete pods -n "$ns" --all --force --grace-period=0 --wait=false >/dev/null 2>&1 || true
    kubectl_admin delete node "$name" --ignore-not-found --wait=false >/dev/null
    log "deleted node $name"
    ;;
  *) die "usage: fake-node.sh start|stop NAME [NAMESPACE]" ;;
esac
