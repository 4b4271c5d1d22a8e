#!/usr/bin/env bash
# Installs the Debian packages the test suites need when they are missing: Chromium (e2e), a CJK font and the Ceph
# RADOS Gateway (the real S3 server, see src/testing/ceph/). Needs root (or sudo); does nothing when present.
set -euo pipefail
need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium)
command -v ceph-mon >/dev/null 2>&1 || need+=(ceph-mon)
command -v ceph-osd >/dev/null 2>&1 || need+=(ceph-osd)
command -v radosgw >/dev/null 2>&1 || need+=(radosgw)
# A CJK font, so the zh-CN screenshots of e2e/i18n.spec.ts show characters, not boxes.
[ -e /usr/share/fonts/truetype/wqy/wqy-microhei.ttc ] || need+=(fonts-wqy-microhei)
# radosgw-admin ships with radosgw; monmaptool/ceph with ceph-mon/ceph-common.
if [ ${#need[@]} -eq 0 ]; then echo "system-deps: chromium, ceph and a CJK font already installed"; exit 0; fi
SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
echo "system-deps: installing ${need[*]} (Debian packages, about a minute)"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
echo "system-deps: done"
