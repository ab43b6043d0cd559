# Builds the two images the cluster uses, from local files only (nothing is pulled):
#   busybox: Debian's busybox-static binary with its applet links, packed with umoci
#   pause:   images/pause.c compiled with gcc -static
# Results: OCI layout $RUN/images/layout (tags busybox, pause) and docker-archive tarballs for
# `ctr images import`. Sourced by up.sh.
# shellcheck shell=bash

build_images() {
  local d="$RUN/images" L="$RUN/images/layout"
  if [ -s "$d/busybox.tar" ] && [ -s "$d/pause.tar" ]; then return 0; fi
  rm -rf "$d"; mkdir -p "$d"
  umoci init --layout "$L"

  # pause
  umoci new --image "$L:pause"
  umoci unpack --image "$L:pause" "$d/pause-bundle" >/dev/null
  gcc -static -O2 -s -o "$d/pause-bundle/rootfs/pause" "$CLUSTER_HOME/images/pause.c"
  umoci repack --image "$L:pause" "$d/pause-bundle"
  umoci config --image "$L:pause" --config.entrypoint /pause --config.user 65535:65535 \
    --author kdiag-test-cluster --os linux --architecture amd64

  # busybox
  umoci new --image "$L:busybox"
  umoci unpack --image "$L:busybox" "$d/busybox-bundle" >/dev/null
  local r="$d/busybox-bundle/rootfs" p
  mkdir -p "$r/bin" "$r/sbin" "$r/usr/bin" "$r/usr/sbin" "$r/etc" "$r/root" "$r/tmp" "$r/var/tmp" \
    "$r/proc" "$r/sys" "$r/dev" "$r/home"
  chmod 1777 "$r/tmp" "$r/var/tmp"
  install -m 0755 /bin/busybox "$r/bin/busybox"
  while read -r p; do
    [ "$p" = bin/busybox ] && continue
    mkdir -p "$r/$(dirname "$p")"
    ln -sf /bin/busybox "$r/$p"
  done < <(/bin/busybox --list-full)
  printf 'root:x:0:0:root:/root:/bin/sh\nnobody:x:65534:65534:nobody:/home:/bin/false\n' > "$r/etc/passwd"
  printf 'root:x:0:\nnogroup:x:65534:\n' > "$r/etc/group"
  umoci repack --image "$L:busybox" "$d/busybox-bundle"
  umoci config --image "$L:busybox" --config.cmd sh --author kdiag-test-cluster --os linux --architecture amd64 \
    --config.env PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
  rm -rf "$d/pause-bundle" "$d/busybox-bundle"

  skopeo --insecure-policy copy -q "oci:$L:pause" "docker-archive:$d/pause.tar:$PAUSE_IMAGE"
  skopeo --insecure-policy copy -q "oci:$L:busybox" "docker-archive:$d/busybox.tar:$BUSYBOX_IMAGE"
}

# push_images: pushes busybox and pause to the plain registry and busybox to the auth registry.
push_images() {
  local L="$RUN/images/layout" reg="127.0.0.1:$REGISTRY_PORT" areg="127.0.0.1:$AUTH_REGISTRY_PORT"
  local cp=(skopeo --insecure-policy copy -q --dest-tls-verify=false)
  "${cp[@]}" "oci:$L:busybox" "docker://$reg/busybox:1"
  # a tag that is never preloaded into containerd, so a Pod using it makes the kubelet really pull
  "${cp[@]}" "oci:$L:busybox" "docker://$reg/busybox:pulled"
  "${cp[@]}" "oci:$L:pause" "docker://$reg/pause:1"
  "${cp[@]}" --dest-creds "$REGISTRY_USER:$REGISTRY_PASS" "oci:$L:busybox" "docker://$areg/busybox:1"
}

import_images() { # into containerd's CRI namespace (the sandbox image must be there before the first Pod)
  local t
  for t in pause busybox; do
    ctr --address "$CONTAINERD_SOCK" -n k8s.io images import "$RUN/images/$t.tar" >/dev/null
  done
}
