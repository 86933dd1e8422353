#!/usr/bin/env bash
# `npm test`: everything CI checks, in the order that fails fastest.
set -euo pipefail
cd "$(dirname "$0")/.."
export LOG_LEVEL=silent
npm run relay --silent
npm run typecheck --silent
node scripts/check-locales.mjs
echo "== unit, component and server tests (PGlite)"
npx vitest run
echo "== server tests (PostgreSQL)"
bash scripts/with-postgres.sh npx vitest run tests/server
echo "== build"
npm run build --silent
echo "== end-to-end tests (Chromium)"
npx playwright test
