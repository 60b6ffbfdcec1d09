#!/usr/bin/env bash
# The browser suite in E2E_SHARDS parts at once (2 unless told), each with its own API, admin,
# database and ports (playwright.config.ts reads E2E_API_PORT and E2E_ADMIN_PORT): one run in
# series was most of CI's time with a core idle half of it. Arguments go to every part
# (`bash scripts/e2e.sh e2e/login.spec.ts --project movil`); E2E_SHARDS=1 is one plain run.
# Each line is prefixed with its part; the exit status is the first part's that failed.
set -uo pipefail
cd "$(dirname "$0")/.."

partes="${E2E_SHARDS:-2}"
api="${E2E_API_PORT:-3310}"
admin="${E2E_ADMIN_PORT:-8310}"
if [ "$partes" -le 1 ]; then exec npx playwright test "$@"; fi

pids=()
for k in $(seq 1 "$partes"); do
  (
    E2E_API_PORT=$((api + k)) E2E_ADMIN_PORT=$((admin + k)) npx playwright test --shard="$k/$partes" "$@" 2>&1 | sed -u "s/^/[$k\/$partes] /"
    exit "${PIPESTATUS[0]}"
  ) &
  pids+=($!)
done

estado=0
for pid in "${pids[@]}"; do
  wait "$pid"
  rc=$?
  [ "$estado" -eq 0 ] && estado=$rc
done
exit "$estado"
