#!/usr/bin/env bash
# A stand-in for the cluster DNS Pods (scenarios traffic-dns-*): the test cluster runs no CoreDNS, and kdiag
# knows the cluster DNS Pods the way kubeadm, kops and most distributions label them: Pods in kube-system
# with k8s-app=kube-dns (src/traffic/path/dns-path.ts). `start ready|unready` creates Deployment
# kdiag-dns-standin there, labelled and with ports declared as CoreDNS's manifest has them (dns 53/UDP,
# dns-tcp 53/TCP) and CoreDNS's readiness probe (HTTP GET :8181/ready), and waits until its Pod is Ready
# (ready) or until the kubelet has reported its readiness probe failing (unready). The container is the
# preloaded busybox: it answers no DNS query (Debian's busybox-static has no dnsd applet, and its nc no UDP);
# busybox httpd serves the /ready endpoint, with a file there (ready) or without (unready: 404). kdiag judges
# the Pods as the API server stores them, so this is what it reads of a real CoreDNS in that state.
# `stop` deletes the Deployment, waits for its Pods to go, and deletes their Events (so the next scenario
# captures none of them). kube-system holds nothing else of kdiag's.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/common.sh"
NAME=kdiag-dns-standin
k() { kubectl_admin -n kube-system "$@"; }

case "${1:-}" in
  start)
    mode="${2:?usage: dns-standin.sh start ready|unready | stop}"
    case "$mode" in
      ready) serve='mkdir -p /www && echo OK > /www/ready && exec httpd -f -p 8181 -h /www' ;;
      unready) serve='mkdir -p /www && exec httpd -f -p 8181 -h /www' ;;   # no /ready file: 404
      *) die "dns-standin.sh: start ready|unready" ;;
    esac
    k apply -f - >/dev/null <<YAML
apiVersion: apps/v1
kind: Deployment
metadata:
  name: $NAME
  labels: {k8s-app: kube-dns, kdiag.dev/stand-in: cluster-dns}
spec:
  replicas: 1
  selector:
    matchLabels: {k8s-app: kube-dns}
  template:
    metadata:
      labels: {k8s-app: kube-dns, kdiag.dev/stand-in: cluster-dns}
    spec:
      terminationGracePeriodSeconds: 1
      containers:
        - name: coredns
          image: 127.0.0.1:5000/busybox:1
          command: [sh, -c, '$serve']
          ports:
            - {name: dns, containerPort: 53, protocol: UDP}
            - {name: dns-tcp, containerPort: 53, protocol: TCP}
            - {name: ready, containerPort: 8181, protocol: TCP}
          readinessProbe:
            httpGet: {path: /ready, port: 8181, scheme: HTTP}
            periodSeconds: 2
YAML
    if [ "$mode" = ready ]; then
      wait_for "$NAME Ready" 60 k wait --for=condition=Ready pod -l kdiag.dev/stand-in=cluster-dns --timeout=2s
    else
      unhealthy() { k get events --field-selector reason=Unhealthy -o jsonpath='{range .items[*]}{.involvedObject.name}{"\n"}{end}' | grep -q "^$NAME-"; }
      wait_for "$NAME readiness probe failing" 60 unhealthy
    fi
    log "started $NAME in kube-system ($mode)"
    ;;
  stop)
    k delete deployment $NAME --ignore-not-found --wait=true --timeout=30s >/dev/null
    gone() { ! k get pods -l kdiag.dev/stand-in=cluster-dns -o name | grep -q .; }
    wait_for "$NAME Pods deleted" 30 gone || true
    k get events -o jsonpath='{range .items[*]}{.metadata.name} {.involvedObject.name}{"\n"}{end}' \
      | awk -v n="$NAME" 'index($2, n) == 1 {print $1}' \
      | xargs -r "$BIN/kubectl" --kubeconfig "$ADMIN_KUBECONFIG" -n kube-system delete events >/dev/null
    log "deleted $NAME from kube-system"
    ;;
  *) die "usage: dns-standin.sh start ready|unready | stop" ;;
esac
