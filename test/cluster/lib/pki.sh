# PKI and kubeconfigs for the local test cluster, made with openssl. Sourced by up.sh.
# shellcheck shell=bash

# _cert NAME SUBJECT EKU [SANS]: EC P-256 key + certificate signed by the cluster CA
_cert() {
  local name="$1" subj="$2" eku="$3" sans="${4:-}" d="$RUN/pki"
  [ -s "$d/$name.crt" ] && [ -s "$d/$name.key" ] && return 0
  openssl ecparam -name prime256v1 -genkey -noout -out "$d/$name.key" 2>/dev/null
  openssl req -new -key "$d/$name.key" -subj "$subj" -out "$d/$name.csr" 2>/dev/null
  {
    echo "basicConstraints=critical,CA:FALSE"
    echo "keyUsage=critical,digitalSignature,keyEncipherment"
    echo "extendedKeyUsage=$eku"
    [ -n "$sans" ] && echo "subjectAltName=$sans"
  } > "$d/$name.ext"
  openssl x509 -req -in "$d/$name.csr" -CA "$d/ca.crt" -CAkey "$d/ca.key" -CAcreateserial \
    -days 3650 -sha256 -extfile "$d/$name.ext" -out "$d/$name.crt" 2>/dev/null
  rm -f "$d/$name.csr" "$d/$name.ext"
  chmod 600 "$d/$name.key"
}

gen_pki() {
  local d="$RUN/pki"
  mkdir -p "$d"
  if [ ! -s "$d/ca.crt" ]; then
    openssl ecparam -name prime256v1 -genkey -noout -out "$d/ca.key" 2>/dev/null
    openssl req -x509 -new -key "$d/ca.key" -subj "/CN=kdiag-local-ca" -days 3650 -sha256 \
      -addext "basicConstraints=critical,CA:TRUE" -addext "keyUsage=critical,keyCertSign,cRLSign,digitalSignature" \
      -out "$d/ca.crt" 2>/dev/null
    chmod 600 "$d/ca.key"
  fi
  _cert apiserver "/CN=kube-apiserver" serverAuth \
    "IP:127.0.0.1,IP:10.96.0.1,DNS:localhost,DNS:kubernetes,DNS:kubernetes.default,DNS:kubernetes.default.svc,DNS:kubernetes.default.svc.cluster.local"
  _cert apiserver-kubelet-client "/O=system:masters/CN=kube-apiserver-kubelet-client" clientAuth
  _cert admin "/O=system:masters/CN=kdiag-admin" clientAuth
  _cert limited "/CN=kdiag-limited" clientAuth
  _cert scheduler "/CN=system:kube-scheduler" clientAuth
  _cert controller-manager "/CN=system:kube-controller-manager" clientAuth
  _cert kubelet-client "/O=system:nodes/CN=system:node:$NODE_NAME" clientAuth
  _cert kubelet-serving "/CN=$NODE_NAME" serverAuth "IP:$BRIDGE_ADDR,IP:127.0.0.1,DNS:$NODE_NAME,DNS:localhost"
  if [ ! -s "$d/sa.key" ]; then
    openssl genrsa -out "$d/sa.key" 2048 2>/dev/null
    openssl rsa -in "$d/sa.key" -pubout -out "$d/sa.pub" 2>/dev/null
    chmod 600 "$d/sa.key"
  fi
}

# _kubeconfig FILE USER CERTNAME
_kubeconfig() {
  local f="$1" user="$2" cert="$3" k="$BIN/kubectl"
  [ -s "$f" ] && return 0
  mkdir -p "$(dirname "$f")"
  "$k" config --kubeconfig "$f.tmp" set-cluster kdiag-local --server "https://127.0.0.1:$API_PORT" \
    --certificate-authority "$RUN/pki/ca.crt" --embed-certs >/dev/null
  "$k" config --kubeconfig "$f.tmp" set-credentials "$user" --client-certificate "$RUN/pki/$cert.crt" \
    --client-key "$RUN/pki/$cert.key" --embed-certs >/dev/null
  "$k" config --kubeconfig "$f.tmp" set-context "$user@kdiag-local" --cluster kdiag-local --user "$user" >/dev/null
  "$k" config --kubeconfig "$f.tmp" use-context "$user@kdiag-local" >/dev/null
  chmod 600 "$f.tmp"
  mv "$f.tmp" "$f"
}

gen_kubeconfigs() {
  local d="$RUN/kubeconfig"
  _kubeconfig "$d/admin.kubeconfig" kdiag-admin admin
  _kubeconfig "$d/limited.kubeconfig" kdiag-limited limited
  _kubeconfig "$d/scheduler.kubeconfig" system:kube-scheduler scheduler
  _kubeconfig "$d/controller-manager.kubeconfig" system:kube-controller-manager controller-manager
  _kubeconfig "$d/kubelet.kubeconfig" "system:node:$NODE_NAME" kubelet-client
  # the limited kubeconfig defaults to its one namespace
  "$BIN/kubectl" config --kubeconfig "$d/limited.kubeconfig" set-context --current --namespace kdiag-limited >/dev/null
}
