#!/usr/bin/env bash
# Stops the throwaway Ceph cluster started by start.sh: rgw → osd → mon, each with SIGTERM and a SIGKILL
# fallback after ~10 s (killing all at once can hang radosgw), then removes its data folder.
# Only processes recorded in our pid files are touched. Safe to run when nothing is running.
set -uo pipefail

DIR="${LAKESCOPE_CEPH_DIR:-/tmp/lakescope-ceph}"
log() { echo "ceph-stop: $*" >&2; }

stop_pid_file() {
  local name=$1 file=$2 pid
  [ -f "$file" ] || return 0
  pid=$(cat "$file" 2>/dev/null) || return 0
  [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null || { rm -f "$file"; return 0; }
  kill -TERM "$pid" 2>/dev/null
  for _ in $(seq 1 100); do
    kill -0 "$pid" 2>/dev/null || { log "$name stopped"; rm -f "$file"; return 0; }
    sleep 0.1
  done
  log "$name (pid $pid) ignored SIGTERM for 10 s: SIGKILL"
  kill -KILL "$pid" 2>/dev/null
  for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  rm -f "$file"
}

if [ ! -d "$DIR" ]; then
  log "nothing to stop ($DIR absent)"
  exit 0
fi
stop_pid_file rgw "$DIR/run/rgw.pid"
for f in "$DIR"/run/osd.*.pid; do [ -e "$f" ] && stop_pid_file "$(basename "$f" .pid)" "$f"; done
for f in "$DIR"/run/mon.*.pid; do [ -e "$f" ] && stop_pid_file "$(basename "$f" .pid)" "$f"; done
[ "${LAKESCOPE_CEPH_KEEP:-}" = 1 ] || rm -rf "$DIR"
log "done"
