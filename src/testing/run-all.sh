#!/usr/bin/env bash
# The one test command (`npm test`): installs missing system packages, starts the real S3 server, then runs
# every suite — type checks, unit/integration tests (vitest), e2e in Chromium (Playwright) — and ends with
# one line `N passed, N failed[, N skipped]` totalling all suites. Exits non-zero if anything failed or
# nothing ran.
set -uo pipefail
cd "$(dirname "$0")/../.."
out=test-results/summary; mkdir -p "$out"
passed=0; failed=0; skipped=0
add() { passed=$((passed + $1)); failed=$((failed + $2)); skipped=$((skipped + ${3:-0})); }
# Each suite's wall time, printed as it ends and again in the closing table (CI time is a budget).
t_all=$SECONDS; t_suite=$SECONDS; durations=()
took() { local d=$((SECONDS - t_suite)); durations+=("$1: ${d}s"); echo "-- $1 took ${d}s"; t_suite=$SECONDS; }

bash src/testing/system-deps.sh || { echo "system-deps failed"; add 0 1; }

# Start the gateway unless one is already up (then leave it running at the end, as we found it).
ceph_started=0
if node -e 'fetch("http://127.0.0.1:7480").then(()=>process.exit(0),()=>process.exit(1))' 2>/dev/null; then
  echo "ceph: a gateway is already running on 127.0.0.1:7480; using it"
elif bash src/testing/ceph/start.sh; then ceph_started=1
else echo "FAILED: could not start the Ceph S3 gateway"; add 0 1; fi
cleanup() { [ "$ceph_started" = 1 ] && bash src/testing/ceph/stop.sh >/dev/null 2>&1; }
trap cleanup EXIT
took "setup (system packages, Ceph gateway)"

echo "== type check (app + DOM-free core)"
if npx tsc -p tsconfig.json --noEmit; then add 1 0; else add 0 1; fi
if npx tsc -p src/core/tsconfig.json --noEmit; then add 1 0; else add 0 1; fi
took "type check"

echo "== unit and integration tests (vitest)"
npx vitest run --reporter=default --reporter=json --outputFile.json="$out/vitest.json"
vrc=$?
read -r vp vf vs < <(node -e '
  try { const r = require(process.argv[1]);
    const broken = r.testResults.filter(f => f.status === "failed" && f.assertionResults.length === 0).length;
    console.log(r.numPassedTests, r.numFailedTests + broken, r.numPendingTests + r.numTodoTests);
  } catch { console.log(0, 1, 0); }' "$PWD/$out/vitest.json")
[ "$vrc" -ne 0 ] && [ "$vf" -eq 0 ] && vf=1
add "$vp" "$vf" "$vs"
took "vitest"

if [ -f e2e/playwright.config.ts ]; then
  echo "== e2e (Playwright, Chromium)"
  PLAYWRIGHT_JSON_OUTPUT_NAME="$PWD/$out/playwright.json" npx playwright test -c e2e/playwright.config.ts --reporter=list,json
  prc=$?
  read -r pp pf ps < <(node -e '
    try { const s = require(process.argv[1]).stats;
      console.log(s.expected + s.flaky, s.unexpected, s.skipped);
    } catch { console.log(0, 1, 0); }' "$PWD/$out/playwright.json")
  [ "$prc" -ne 0 ] && [ "$pf" -eq 0 ] && pf=1
  add "$pp" "$pf" "$ps"
  took "e2e"
fi

echo
echo "suite durations:"; for d in "${durations[@]}"; do echo "  $d"; done
echo "  total: $((SECONDS - t_all))s"
if [ "$skipped" -gt 0 ]; then echo "$passed passed, $failed failed, $skipped skipped"; else echo "$passed passed, $failed failed"; fi
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
