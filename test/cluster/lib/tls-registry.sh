#!/usr/bin/env bash
# A registry on 127.0.0.1:$UNTRUSTED_REGISTRY_PORT that serves HTTPS with a self-signed certificate the
# node does not trust (scenario image-tls-untrusted): its setup line runs `tls-registry.sh start`, its
# teardown line `tls-registry.sh stop`. containerd is told to use HTTPS there and to verify the
# certificate against the system roots (certs.d hosts.toml with no ca and no skip_verify), so every pull
# fails with x509 "certificate signed by unknown authority", as against a registry with a private CA.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/common.sh"
DIR="$RUN/registry/tls-untrusted"
HOSTS="$RUN/containerd/certs.d/127.0.0.1:$UNTRUSTED_REGISTRY_PORT"
case "${1:-}" in
  start)
    mkdir -p "$DIR/data" "$HOSTS"
    [ -s "$DIR/tls.crt" ] || openssl req -x509 -newkey rsa:2048 -nodes -days 3650 -subj "/CN=kdiag-untrusted-registry" \
      -addext "subjectAltName=IP:127.0.0.1" -keyout "$DIR/tls.key" -out "$DIR/tls.crt" 2>/dev/null
    cat > "$DIR/config.yml" <<YML
version: 0.1
log: {level: info, formatter: text}
storage: {filesystem: {rootdirectory: $DIR/data}}
http: {addr: 127.0.0.1:$UNTRUSTED_REGISTRY_PORT, secret: kdiag-local-only, tls: {certificate: $DIR/tls.crt, key: $DIR/tls.key}}
YML
    cat > "$HOSTS/hosts.toml" <<TOML
server = "https://127.0.0.1:$UNTRUSTED_REGISTRY_PORT"

[host."https://127.0.0.1:$UNTRUSTED_REGISTRY_PORT"]
  capabilities = ["pull", "resolve"]
TOML
    start_proc registry-tls-untrusted /usr/bin/docker-registry serve "$DIR/config.yml"
    wait_for "untrusted TLS registry on :$UNTRUSTED_REGISTRY_PORT" 30 curl -sfk "https://127.0.0.1:$UNTRUSTED_REGISTRY_PORT/v2/"
    ;;
  stop)
    stop_proc registry-tls-untrusted 10
    rm -rf "$HOSTS"
    ;;
  *) die "usage: tls-registry.sh start|stop" ;;
esac
