#!/usr/bin/env bash
# Starts the local test cluster (one node) and prints the admin kubeconfig path as its last line.
# Idempotent: components that already run are left alone; PKI, images and data are reused.
#   etcd, kube-apiserver, kube-controller-manager, kube-scheduler  (127.0.0.1 only)
#   containerd (own config/root/state/socket), two registries on 127.0.0.1, kubelet (node kdiag-node-1)
# Everything lives under $KDIAG_CLUSTER_DIR (default /var/lib/kdiag-cluster): pids/, logs/, pki/, ...
# Needs root. Stop with down.sh.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
. "$CLUSTER_HOME/lib/pki.sh"
. "$CLUSTER_HOME/lib/images.sh"

[ "$(id -u)" = 0 ] || die "up.sh needs root (containerd, kubelet, mounts, bridge)"
T0=$SECONDS

# --- 0. packages and binaries ------------------------------------------------------------------------
bash "$CLUSTER_HOME/deps.sh" >&2
bash "$CLUSTER_HOME/build.sh" >/dev/null
for b in etcd kube-apiserver kube-controller-manager kube-scheduler kubelet kubectl crictl; do
  [ -x "$BIN/$b" ] || die "missing $BIN/$b (build.sh failed?)"
done

mkdir -p "$RUN"/{pids,logs,etcd,kubeconfig,config,containerd/certs.d,cni/net.d,cni/ipam,kubelet,pod-logs,registry,net}
chmod 700 "$RUN"
gen_pki
gen_kubeconfigs

# --- 1. pod network bridge -------------------------------------------------------------------------
if ! ip link show "$BRIDGE" >/dev/null 2>&1; then
  ip link add "$BRIDGE" type bridge
  touch "$RUN/net/bridge-created"
  log "created bridge $BRIDGE"
fi
ip addr show dev "$BRIDGE" | grep -q "inet $BRIDGE_ADDR/" || ip addr add "$BRIDGE_ADDR/16" dev "$BRIDGE"
ip link set "$BRIDGE" up

write_cni_conf normal

# --- 2. images and registries ----------------------------------------------------------------------
build_images
htpasswd -Bbc "$RUN/registry/htpasswd" "$REGISTRY_USER" "$REGISTRY_PASS" 2>/dev/null
for kind in plain auth; do
  port=$REGISTRY_PORT; [ "$kind" = auth ] && port=$AUTH_REGISTRY_PORT
  mkdir -p "$RUN/registry/$kind"
  {
    echo "version: 0.1"
    echo "log: {level: info, formatter: text}"
    echo "storage: {filesystem: {rootdirectory: $RUN/registry/$kind}, delete: {enabled: true}}"
    echo "http: {addr: 127.0.0.1:$port, secret: kdiag-local-only}"
    [ "$kind" = auth ] && echo "auth: {htpasswd: {realm: kdiag-auth-registry, path: $RUN/registry/htpasswd}}"
  } > "$RUN/config/registry-$kind.yml"
  start_proc "registry-$kind" /usr/bin/docker-registry serve "$RUN/config/registry-$kind.yml"
done
wait_for "registry on :$REGISTRY_PORT" 30 curl -sf "http://127.0.0.1:$REGISTRY_PORT/v2/"
wait_for "auth registry on :$AUTH_REGISTRY_PORT" 30 curl -sf -u "$REGISTRY_USER:$REGISTRY_PASS" "http://127.0.0.1:$AUTH_REGISTRY_PORT/v2/"
push_images

# --- 3. containerd -----------------------------------------------------------------------------------
for port in $REGISTRY_PORT $AUTH_REGISTRY_PORT $DEAD_REGISTRY_PORT; do
  mkdir -p "$RUN/containerd/certs.d/127.0.0.1:$port"
  cat > "$RUN/containerd/certs.d/127.0.0.1:$port/hosts.toml" <<TOML
server = "http://127.0.0.1:$port"

[host."http://127.0.0.1:$port"]
  capabilities = ["pull", "resolve"]
  skip_verify = true
TOML
done
cat > "$RUN/config/containerd.toml" <<TOML
version = 2
root = "$RUN/containerd/root"
state = "$RUN/containerd/state"
disabled_plugins = ["io.containerd.snapshotter.v1.btrfs", "io.containerd.snapshotter.v1.zfs", "io.containerd.snapshotter.v1.aufs", "io.containerd.snapshotter.v1.devmapper"]

[grpc]
  address = "$CONTAINERD_SOCK"

[ttrpc]
  address = "$CONTAINERD_SOCK.ttrpc"

[debug]
  level = "info"

[plugins."io.containerd.internal.v1.opt"]
  path = "$RUN/containerd/opt"

[plugins."io.containerd.grpc.v1.cri"]
  sandbox_image = "$PAUSE_IMAGE"
  stream_server_address = "127.0.0.1"
  stream_server_port = "0"
  enable_selinux = false
  # this machine's root has no CAP_SYS_RESOURCE (bounding set), so runc cannot set the negative
  # oom_score_adj the CRI asks for (pause: -998): clamp it to containerd's own value instead
  restrict_oom_score_adj = true
  [plugins."io.containerd.grpc.v1.cri".containerd]
    snapshotter = "overlayfs"
    default_runtime_name = "runc"
    [plugins."io.containerd.grpc.v1.cri".containerd.runtimes.runc]
      runtime_type = "io.containerd.runc.v2"
      [plugins."io.containerd.grpc.v1.cri".containerd.runtimes.runc.options]
        BinaryName = "/usr/sbin/runc"
        Root = "$RUN/containerd/runc"
        SystemdCgroup = false
  [plugins."io.containerd.grpc.v1.cri".cni]
    bin_dir = "/usr/lib/cni"
    conf_dir = "$RUN/cni/net.d"
    max_conf_num = 1
  [plugins."io.containerd.grpc.v1.cri".registry]
    config_path = "$RUN/containerd/certs.d"
TOML
# containerd 1.6's shims always use /run/containerd for their sockets: note whether it pre-existed
[ -e /run/containerd ] || [ -f "$RUN/net/run-containerd-created" ] || { mkdir -p /run/containerd; touch "$RUN/net/run-containerd-created"; }
start_proc containerd /usr/bin/containerd --config "$RUN/config/containerd.toml"
wait_for "containerd socket" 30 ctr --address "$CONTAINERD_SOCK" version
import_images

# --- 4. control plane ------------------------------------------------------------------------------
start_proc etcd "$BIN/etcd" --data-dir "$RUN/etcd" \
  --listen-client-url "http://127.0.0.1:$ETCD_CLIENT_PORT" --listen-peer-url "http://127.0.0.1:$ETCD_PEER_PORT"
wait_for "etcd" 60 curl -sf "http://127.0.0.1:$ETCD_CLIENT_PORT/health"

cat > "$RUN/config/audit-policy.yaml" <<YAML
# every request, metadata only (who, verb, resource, response code): lets tests prove no writes
apiVersion: audit.k8s.io/v1
kind: Policy
omitStages: ["RequestReceived"]
rules:
  - level: Metadata
YAML
P="$RUN/pki"
start_proc kube-apiserver "$BIN/kube-apiserver" \
  --bind-address=127.0.0.1 --advertise-address=127.0.0.1 --secure-port="$API_PORT" \
  --endpoint-reconciler-type=none \
  --etcd-servers="http://127.0.0.1:$ETCD_CLIENT_PORT" \
  --service-cluster-ip-range="$SERVICE_CIDR" \
  --authorization-mode=Node,RBAC --anonymous-auth=false \
  --enable-admission-plugins=NodeRestriction \
  --allow-privileged=true \
  --client-ca-file="$P/ca.crt" --tls-cert-file="$P/apiserver.crt" --tls-private-key-file="$P/apiserver.key" \
  --kubelet-client-certificate="$P/apiserver-kubelet-client.crt" --kubelet-client-key="$P/apiserver-kubelet-client.key" \
  --kubelet-certificate-authority="$P/ca.crt" --kubelet-preferred-address-types=InternalIP \
  --service-account-issuer=https://kubernetes.default.svc.cluster.local \
  --service-account-key-file="$P/sa.pub" --service-account-signing-key-file="$P/sa.key" \
  --audit-policy-file="$RUN/config/audit-policy.yaml" --audit-log-path="$RUN/logs/audit.log" \
  --audit-log-maxsize=200 --audit-log-maxbackup=2 \
  --profiling=false --v=1
wait_for "kube-apiserver /readyz" 120 curl -sf --cacert "$P/ca.crt" --cert "$P/admin.crt" --key "$P/admin.key" \
  "https://127.0.0.1:$API_PORT/readyz"

start_proc kube-controller-manager "$BIN/kube-controller-manager" \
  --bind-address=127.0.0.1 --leader-elect=false \
  --kubeconfig="$RUN/kubeconfig/controller-manager.kubeconfig" \
  --authentication-kubeconfig="$RUN/kubeconfig/controller-manager.kubeconfig" \
  --authorization-kubeconfig="$RUN/kubeconfig/controller-manager.kubeconfig" \
  --root-ca-file="$P/ca.crt" --service-account-private-key-file="$P/sa.key" --use-service-account-credentials=true \
  --cluster-signing-cert-file="$P/ca.crt" --cluster-signing-key-file="$P/ca.key" \
  --service-cluster-ip-range="$SERVICE_CIDR" --profiling=false --v=1
start_proc kube-scheduler "$BIN/kube-scheduler" \
  --bind-address=127.0.0.1 --leader-elect=false \
  --kubeconfig="$RUN/kubeconfig/scheduler.kubeconfig" \
  --authentication-kubeconfig="$RUN/kubeconfig/scheduler.kubeconfig" \
  --authorization-kubeconfig="$RUN/kubeconfig/scheduler.kubeconfig" \
  --profiling=false --v=1

# least-privilege user for tests: read pods and events in one namespace, nothing else
kubectl_admin apply -f - >/dev/null <<YAML
apiVersion: v1
kind: Namespace
metadata: {name: kdiag-limited}
---
apiVersion: rbac.authorization.k8s.io/v1
kind: Role
metadata: {name: kdiag-pod-reader, namespace: kdiag-limited}
rules:
  - apiGroups: [""]
    resources: [pods, events]
    verbs: [get, list, watch]
  - apiGroups: [events.k8s.io]
    resources: [events]
    verbs: [get, list, watch]
---
apiVersion: rbac.authorization.k8s.io/v1
kind: RoleBinding
metadata: {name: kdiag-limited-pod-reader, namespace: kdiag-limited}
roleRef: {apiGroup: rbac.authorization.k8s.io, kind: Role, name: kdiag-pod-reader}
subjects:
  - {apiGroup: rbac.authorization.k8s.io, kind: User, name: kdiag-limited}
YAML

# --- 5. kubelet ------------------------------------------------------------------------------------
cat > "$RUN/config/kubelet.yaml" <<YAML
apiVersion: kubelet.config.k8s.io/v1beta1
kind: KubeletConfiguration
address: $BRIDGE_ADDR
port: 10250
readOnlyPort: 0
healthzBindAddress: 127.0.0.1
healthzPort: 10248
authentication:
  anonymous: {enabled: false}
  webhook: {enabled: true}
  x509: {clientCAFile: $P/ca.crt}
authorization: {mode: Webhook}
tlsCertFile: $P/kubelet-serving.crt
tlsPrivateKeyFile: $P/kubelet-serving.key
cgroupDriver: cgroupfs
containerRuntimeEndpoint: unix://$CONTAINERD_SOCK
imageServiceEndpoint: unix://$CONTAINERD_SOCK
podLogsDir: $RUN/pod-logs
failSwapOn: false
oomScoreAdj: 0                # no CAP_SYS_RESOURCE here: the default -999 cannot be applied
clusterDomain: cluster.local
clusterDNS: [$CLUSTER_DNS]
resolvConf: /etc/resolv.conf
maxPods: 110
serializeImagePulls: false
imageGCHighThresholdPercent: 99
imageGCLowThresholdPercent: 98
evictionHard:
  memory.available: 100Mi
  nodefs.available: 1Gi
  nodefs.inodesFree: 2%
  imagefs.available: 1Gi
  imagefs.inodesFree: 2%
evictionPressureTransitionPeriod: 30s
localStorageCapacityIsolation: true
rotateCertificates: false
serverTLSBootstrap: false
YAML
KUBELET_SINCE=""
proc_pid kubelet >/dev/null || KUBELET_SINCE=$(date -u +%Y-%m-%dT%H:%M:%SZ)
start_proc kubelet "$BIN/kubelet" \
  --config="$RUN/config/kubelet.yaml" --kubeconfig="$RUN/kubeconfig/kubelet.kubeconfig" \
  --root-dir="$RUN/kubelet" --hostname-override="$NODE_NAME" --node-ip="$BRIDGE_ADDR" --v=2

# Ready, and (when this run started the kubelet) reported by the new kubelet, not left over from before
node_ready() {
  local out s hb
  out=$(kubectl_admin get node "$NODE_NAME" \
    -o jsonpath='{.status.conditions[?(@.type=="Ready")].status} {.status.conditions[?(@.type=="Ready")].lastHeartbeatTime}' 2>/dev/null) || return 1
  s=${out%% *}; hb=${out#* }
  [ "$s" = True ] && [[ -z "$KUBELET_SINCE" || ! "$hb" < "$KUBELET_SINCE" ]]
}
wait_for "kubelet healthz" 60 curl -sf http://127.0.0.1:10248/healthz || die "kubelet not healthy; see $RUN/logs/kubelet.log"
if ! wait_for "node $NODE_NAME Ready" 180 node_ready; then
  tail -n 30 "$RUN/logs/kubelet.log" >&2
  die "node did not become Ready; see $RUN/logs/"
fi
# ServiceAccount admission rejects Pods until the namespace's default ServiceAccount exists
wait_for "default ServiceAccount" 60 kubectl_admin -n default get serviceaccount default
log "cluster up in $((SECONDS - T0))s: node $NODE_NAME Ready"
echo "$ADMIN_KUBECONFIG"
