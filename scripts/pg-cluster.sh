#!/usr/bin/env bash
# A throwaway PostgreSQL cluster in a directory of its own (toolchain.md):
#   pg-cluster.sh start DIR    creates and starts it, prints its connection URL
#   pg-cluster.sh restart DIR  restarts it, ending every open connection (as a server restart does)
#   pg-cluster.sh stop DIR     stops it and deletes DIR
# It listens only on a unix socket inside DIR, never on a TCP port, so it cannot collide with
# any other PostgreSQL on the machine, or with another run of this script.
set -euo pipefail
command=$1
dir=$2
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
[ -x "$bin/initdb" ] || { echo "PostgreSQL server binaries not found (apt-get install -y postgresql)" >&2; exit 1; }
# PostgreSQL refuses to run as root; root runs it as the postgres user.
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
# -p only names the socket file; listen_addresses='' means no TCP at all. PG_AUTOVACUUM=off (the
# test run) spares the CPU of autovacuum's workers visiting each of the run's many short-lived
# databases: a test that reads a plan analyzes its tables itself, as on PGlite, which has none.
options="-p 5432 -k $dir -c listen_addresses= -c fsync=off -c max_connections=200 -c autovacuum=${PG_AUTOVACUUM:-on}"
case $command in
  start)
    [ "$(id -u)" = 0 ] && chown postgres "$dir"
    as_pg "$bin/initdb" -D "$dir/data" -A trust -U postgres >/dev/null
    as_pg "$bin/pg_ctl" -w -D "$dir/data" -l "$dir/log" -o "$options" start >/dev/null
    echo "postgres://postgres@localhost/postgres?host=$dir"
    ;;
  restart)
    as_pg "$bin/pg_ctl" -w -D "$dir/data" -l "$dir/log" -m fast -o "$options" restart >/dev/null
    ;;
  stop)
    as_pg "$bin/pg_ctl" -D "$dir/data" -m fast stop >/dev/null 2>&1 || true
    rm -rf "$dir"
    ;;
  *)
    echo "usage: pg-cluster.sh start|restart|stop DIR" >&2
    exit 2
    ;;
esac
