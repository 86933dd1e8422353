#!/usr/bin/env bash
# `npm run soak`: the soak tests (*.soak.test.ts: 100,000-row imports, servers killed mid-way),
# on PGlite and then on a throwaway PostgreSQL; each file skips the storage it is not about.
set -euo pipefail
cd "$(dirname "$0")/.."
export TEST_SOAK=1
# One file at a time: each drives a server process of its own as hard as it can.
export TEST_WORKERS=${TEST_WORKERS:-1}
npx vitest run "$@"
bash scripts/with-postgres.sh npx vitest run "$@"
