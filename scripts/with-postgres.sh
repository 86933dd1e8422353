#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL cluster (toolchain.md): TEST_DATABASE_URL points
# at it while the command runs; the cluster is deleted afterwards.
set -euo pipefail
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
[ -x "$bin/initdb" ] || { echo "PostgreSQL server binaries not found (apt-get install -y postgresql)"; exit 1; }
tmp=$(mktemp -d)
port=${PG_TEST_PORT:-55432}
chown postgres "$tmp" 2>/dev/null || true
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
as_pg "$bin/initdb" -D "$tmp/data" -A trust -U postgres >/dev/null
as_pg "$bin/pg_ctl" -w -D "$tmp/data" -l "$tmp/log" -o "-p $port -k $tmp -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200" start >/dev/null
cleanup() { as_pg "$bin/pg_ctl" -D "$tmp/data" -m fast stop >/dev/null 2>&1 || true; rm -rf "$tmp"; }
trap cleanup EXIT
export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres"
"$@"
