#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL cluster (scripts/pg-cluster.sh): TEST_DATABASE_URL
# points at it while the command runs; the cluster is deleted afterwards. It listens on a unix
# socket in its own temporary directory only, so any number of runs and any other PostgreSQL on
# the machine can coexist.
set -euo pipefail
cluster=$(dirname "$0")/pg-cluster.sh
tmp=$(mktemp -d)
trap 'bash "$cluster" stop "$tmp"' EXIT
url=$(bash "$cluster" start "$tmp")
export TEST_DATABASE_URL=$url
"$@"
