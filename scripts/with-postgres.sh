#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL cluster (C.UTF-8, loopback, a free port),
# with DATABASE_URL pointing at it, POSTGRES_BIN at the server's programs (pg_dump of the same
# version) and POSTGRES_LOG at its log file; the cluster and its folder are removed on exit.
# initdb refuses to run as root, so the cluster belongs to the `postgres` user.
set -euo pipefail

bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
if [ -z "$bin" ] || [ ! -x "$bin/initdb" ]; then
  echo "with-postgres: PostgreSQL server binaries not found (apt-get install postgresql)" >&2
  exit 1
fi

as_pg=()
if [ "$(id -u)" = 0 ]; then as_pg=(runuser -u postgres --); fi

dir=$(mktemp -d /tmp/shop-pg.XXXXXX)
chmod 755 "$dir"
[ "$(id -u)" = 0 ] && chown postgres "$dir"
port=$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")

cleanup() {
  "${as_pg[@]}" "$bin/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap cleanup EXIT INT TERM

"${as_pg[@]}" "$bin/initdb" -D "$dir/data" -U shop --auth=trust --encoding=UTF8 --locale=C.UTF-8 >/dev/null
"${as_pg[@]}" "$bin/pg_ctl" -D "$dir/data" -l "$dir/log" -w \
  -o "-c listen_addresses=127.0.0.1 -p $port -k $dir/data -c fsync=off -c max_connections=300" start >/dev/null
"${as_pg[@]}" "$bin/createdb" -h 127.0.0.1 -p "$port" -U shop shop

export DATABASE_URL="postgres://shop@127.0.0.1:$port/shop"
export POSTGRES_BIN="$bin"
export POSTGRES_LOG="$dir/log"
echo "with-postgres: PostgreSQL $("$bin/postgres" --version | awk '{print $3}') at $DATABASE_URL" >&2
"$@"
