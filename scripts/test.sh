#!/usr/bin/env bash
# `npm test`: everything CI checks, in phases; the stages of a phase run side by side (the checks
# and the build, which measure no time). Each stage's output is printed whole under its name
# when it ends, and a failed phase ends the run naming the stages that failed.
set -euo pipefail
cd "$(dirname "$0")/.."
export LOG_LEVEL=silent
logs=$(mktemp -d)
started_all=$SECONDS

# Every stage's time, also after a failure: where the minutes went is what a slow run asks first.
summary() {
  local name
  echo "== stage times (seconds; stages of one phase ran side by side)"
  [ -f "$logs/order" ] && while read -r name; do
    [ -f "$logs/$name.result" ] && printf '%-10s %s\n' "$name" "$(cat "$logs/$name.result")"
  done <"$logs/order"
  echo "total      $((SECONDS - started_all))"
  rm -rf "$logs"
}
trap summary EXIT

# stage NAME COMMAND...: runs COMMAND with its output in NAME's log; records status and seconds.
stage() {
  local name=$1 started=$SECONDS status=passed
  shift
  "$@" >"$logs/$name.log" 2>&1 || status=FAILED
  echo "$status $((SECONDS - started))" >"$logs/$name.result"
}

# phase NAME=COMMAND...: runs the stages at once and prints each as it ends; fails if any failed.
phase() {
  local spec name pending=() failed=()
  for spec in "$@"; do
    name=${spec%%=*}
    pending+=("$name")
    echo "$name" >>"$logs/order"
    stage "$name" bash -c "${spec#*=}" &
  done
  while [ ${#pending[@]} -gt 0 ]; do
    local still=()
    for name in "${pending[@]}"; do
      if [ -f "$logs/$name.result" ]; then
        read -r status seconds <"$logs/$name.result"
        echo "== $name: $status in ${seconds}s"
        cat "$logs/$name.log"
        [ "$status" = passed ] || failed+=("$name")
      else
        still+=("$name")
      fi
    done
    pending=("${still[@]+"${still[@]}"}")
    [ ${#pending[@]} -eq 0 ] || sleep 1
  done
  wait
  if [ ${#failed[@]} -gt 0 ]; then
    echo "== FAILED: ${failed[*]}"
    return 1
  fi
}

# Relay's artifacts feed the typecheck, the tests and the build (npm run build without its relay
# step, which would rewrite them while the tests read them).
phase "relay=npm run relay --silent"
phase "locales=node scripts/check-locales.mjs" "typecheck=npm run typecheck --silent" \
  "build=npx vite build && node scripts/build-server.mjs"
# The test stages run one at a time: some tests measure time (lockout delays, token lifetimes,
# server start-up within a limit), and a second stage competing for the 2 cores could make them
# flaky, which costs far more than the minutes saved.
# One vitest run: the unit and component tests, the server's on PGlite, and the server's again on
# a throwaway PostgreSQL (vitest.config.ts's postgres project). Four files at a time: server
# tests wait on sockets, timers and the database as much as they compute.
phase "vitest=TEST_WORKERS=4 PG_AUTOVACUUM=off bash scripts/with-postgres.sh npx vitest run"
phase "e2e=npx playwright test"
# Servers killed mid-way and 100,000-row imports take minutes of their own, more than CI's
# 10-minute budget leaves: `npm run soak` runs them, and SOAK=1 adds them here (docs/DECISIONS.md).
if [ "${SOAK:-0}" = 1 ]; then phase "soak=bash scripts/soak.sh"; fi
echo "== all stages passed"
