#!/usr/bin/env bash
# Starts a throwaway single-node Ceph cluster with a RADOS Gateway (real S3) on 127.0.0.1:7480 for tests.
# Facts and settings: /work/shared/notes/s3-test-server.md (memstore OSD, no cephx, every ms mode = crc,
# short paxos timings). Data lives under $LAKESCOPE_CEPH_DIR (default /tmp/lakescope-ceph) and in RAM.
#
# Idempotent: if the gateway is already up and answers with our user's keys, it says so and exits 0.
# Refuses to start a second cluster while the monitor port is busy (mkfs would wipe the first one's folder).
# Prints the endpoint and keys on success. Stop with stop.sh.
set -euo pipefail

DIR="${LAKESCOPE_CEPH_DIR:-/tmp/lakescope-ceph}"
RGW_PORT="${LAKESCOPE_CEPH_RGW_PORT:-7480}"
MON_PORT="${LAKESCOPE_CEPH_MON_PORT:-3300}"
ACCESS_KEY="${LAKESCOPE_S3_ACCESS_KEY:-LAKESCOPEACCESSKEY}"
SECRET_KEY="${LAKESCOPE_S3_SECRET_KEY:-lakescope-secret-key-for-tests}"
ENDPOINT="http://127.0.0.1:${RGW_PORT}"
CONF="$DIR/ceph.conf"
T0=$(date +%s%N)

log() { echo "ceph-start: $*" >&2; }
die() { log "ERROR: $*"; [ -d "$DIR/log" ] && tail -n 20 "$DIR"/log/*.log >&2 2>/dev/null || true; exit 1; }
port_busy() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
pid_alive() { [ -f "$1" ] && kill -0 "$(cat "$1")" 2>/dev/null; }
print_endpoint() {
  echo "endpoint=$ENDPOINT"
  echo "access_key=$ACCESS_KEY"
  echo "secret_key=$SECRET_KEY"
  echo "region=us-east-1"
}

for bin in monmaptool ceph-mon ceph-osd radosgw radosgw-admin ceph; do
  command -v "$bin" >/dev/null || die "$bin not found: apt-get install -y --no-install-recommends ceph-mon ceph-osd radosgw"
done

# Already running? Healthy means: a previous start.sh finished (ready marker, so the user exists),
# our rgw pid is alive and GET / answers over HTTP.
if port_busy "$MON_PORT" || port_busy "$RGW_PORT"; then
  if [ -f "$DIR/run/ready" ] && pid_alive "$DIR/run/rgw.pid" && curl -s -o /dev/null -m 3 "$ENDPOINT/"; then
    log "already running and healthy"
    print_endpoint
    exit 0
  fi
  die "port $MON_PORT or $RGW_PORT is busy but no healthy lakescope cluster owns it (run stop.sh, or free the port); refusing to start a second cluster"
fi

# A stale folder from a crashed run: stop anything still recorded there, then wipe it.
if [ -d "$DIR" ]; then
  "$(dirname "$0")/stop.sh" >/dev/null 2>&1 || true
  rm -rf "$DIR"
fi
mkdir -p "$DIR"/{mon/ceph-a,osd/ceph-0,run,log}

FSID=$(cat /proc/sys/kernel/random/uuid)
cat > "$CONF" <<CONF
[global]
fsid = $FSID
mon host = v2:127.0.0.1:$MON_PORT
mon initial members = a
public addr = 127.0.0.1
ms bind msgr1 = false
# No cephx: then every messenger mode must be crc, or radosgw loops on get_initial_auth_request -13.
auth cluster required = none
auth service required = none
auth client required = none
ms mon client mode = crc
ms mon service mode = crc
ms mon cluster mode = crc
ms client mode = crc
ms service mode = crc
ms cluster mode = crc
osd pool default size = 1
osd pool default min size = 1
osd pool default pg num = 8
osd pool default pgp num = 8
mon allow pool size one = true
mon max pg per osd = 1000
osd crush chooseleaf type = 0
# Short paxos timings: startup in ~2.5 s instead of ~13 s.
paxos propose interval = 0.05
paxos min wait = 0.01
mon data avail warn = 1
mon data avail crit = 0
run dir = $DIR/run
pid file = $DIR/run/\$name.pid
admin socket = $DIR/run/\$name.asok
log file = $DIR/log/\$name.log
keyring = $DIR/keyring
[mon]
mon data = $DIR/mon/ceph-\$id
[osd]
osd data = $DIR/osd/ceph-\$id
osd objectstore = memstore
memstore device bytes = 4294967296
osd max object name len = 460
osd max object namespace len = 64
[client.rgw]
rgw frontends = beast endpoint=127.0.0.1:$RGW_PORT
rgw dns name = localhost
rgw enable usage log = false
pid file = $DIR/run/rgw.pid
log file = $DIR/log/rgw.log
CONF

C=(--conf "$CONF")
monmaptool --create --clobber --addv a "[v2:127.0.0.1:$MON_PORT]" --fsid "$FSID" "$DIR/monmap" >/dev/null
ceph-mon "${C[@]}" --mkfs -i a --monmap "$DIR/monmap" >/dev/null 2>&1 || die "ceph-mon --mkfs failed"
ceph-mon "${C[@]}" -i a || die "ceph-mon did not start"

OSD_ID=$(timeout 30 ceph "${C[@]}" osd create) || die "ceph osd create failed (monitor not answering?)"
ceph-osd "${C[@]}" -i "$OSD_ID" --mkfs >/dev/null 2>&1 || die "ceph-osd --mkfs failed"
ceph-osd "${C[@]}" -i "$OSD_ID" 2>>"$DIR/log/osd-start.err" || die "ceph-osd did not start"
for _ in $(seq 1 300); do
  timeout 10 ceph "${C[@]}" osd stat 2>/dev/null | grep -q ' 1 up' && break
  sleep 0.1
done
timeout 10 ceph "${C[@]}" osd stat | grep -q ' 1 up' || die "the OSD did not come up"

radosgw "${C[@]}" -n client.rgw || die "radosgw did not start"
for i in $(seq 1 600); do
  curl -s -o /dev/null -m 2 "$ENDPOINT/" && break
  # The pid file appears a moment after radosgw forks; after 2 s its absence means radosgw died.
  pid_alive "$DIR/run/rgw.pid" || [ "$i" -lt 20 ] || die "radosgw exited"
  sleep 0.1
done
curl -s -o /dev/null -m 2 "$ENDPOINT/" || die "radosgw not answering on $ENDPOINT"

timeout 60 radosgw-admin "${C[@]}" user create --uid=lakescope --display-name="Lakescope tests" \
  --access-key="$ACCESS_KEY" --secret-key="$SECRET_KEY" >/dev/null || die "radosgw-admin user create failed"

touch "$DIR/run/ready"
MS=$(( ($(date +%s%N) - T0) / 1000000 ))
log "started in $((MS / 1000)).$(printf %03d $((MS % 1000))) s (data in $DIR)"
print_endpoint
