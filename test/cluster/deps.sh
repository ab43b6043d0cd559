#!/usr/bin/env bash
# Installs the Debian packages the local test cluster needs (node runtime, image tools, PKI tools).
# Idempotent: does nothing when every package is already installed. Needs root.
set -euo pipefail

PKGS=(
  containerd runc containernetworking-plugins   # node runtime + CNI plugins (/usr/lib/cni)
  busybox-static gcc libc6-dev                  # image contents: static busybox, static pause binary
  umoci skopeo docker-registry                  # build OCI images, push them, serve them on 127.0.0.1
  openssl apache2-utils                         # PKI, htpasswd for the auth registry
  iproute2 iptables util-linux mount kmod curl  # bridge/netns, mounts, health checks
)

missing=()
for p in "${PKGS[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if [ "${#missing[@]}" -eq 0 ]; then
  echo "deps: all packages present"
  exit 0
fi
echo "deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}"
# Debian's packages start system services on install; the cluster runs its own instances with its own
# config, so stop the system ones (they would hold the default sockets/ports otherwise).
for svc in containerd docker-registry; do
  if command -v systemctl >/dev/null 2>&1 && systemctl is-active --quiet "$svc" 2>/dev/null; then
    systemctl stop "$svc" || true
    systemctl disable "$svc" >/dev/null 2>&1 || true
  fi
done
echo "deps: done"
