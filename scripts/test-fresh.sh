#!/usr/bin/env bash
# The README's test command: installs what a fresh machine lacks, then runs `npm test`.
set -euo pipefail
cd "$(dirname "$0")/.."
need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
# The e2e tests' browser: Chromium's headless shell (playwright.config.ts).
[ -x /usr/bin/chromium-headless-shell ] || need+=(chromium-headless-shell)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || need+=(postgresql)
# Python cloud functions run only inside bubblewrap (without it they are refused, never run unsandboxed).
[ -x /usr/bin/bwrap ] || need+=(bubblewrap)
[ -x /usr/bin/python3 ] || need+=(python3)
if [ ${#need[@]} -gt 0 ]; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get install -y "${need[@]}" || { apt-get update && apt-get install -y "${need[@]}"; }
fi
# The npm cache as it is, without asking the registry whether each package changed (pinned by the lock file).
npm ci --no-audit --no-fund --prefer-offline
npm test
