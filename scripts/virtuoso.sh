#!/usr/bin/env bash
# Starts (or stops) a throwaway Virtuoso, ORKG's triplestore, on 127.0.0.1 with the demo
# graph loaded, for `make test-virtuoso`. Installs Debian's virtuoso-opensource-7-bin when
# it is missing. Usage: scripts/virtuoso.sh start|stop [DIR]
set -euo pipefail
cmd="${1:?usage: $0 start|stop [DIR]}"
dir="${2:-/tmp/scigraph-virtuoso}"
root="$(cd "$(dirname "$0")/.." && pwd)"
http_port="${VIRTUOSO_HTTP_PORT:-18890}"
isql_port="${VIRTUOSO_ISQL_PORT:-11111}"

case "$cmd" in
start)
  if ! command -v virtuoso-t >/dev/null; then
    echo "installing virtuoso-opensource-7-bin"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq virtuoso-opensource-7-bin >/dev/null
  fi
  "$0" stop "$dir" || true
  rm -rf "$dir" && mkdir -p "$dir/db" "$dir/data"
  cp "$root/data/orkg-demo.ttl" "$dir/data/"
  cat > "$dir/db/virtuoso.ini" <<INI
[Database]
DatabaseFile = $dir/db/virtuoso.db
ErrorLogFile = $dir/db/virtuoso.log
LockFile = $dir/db/virtuoso.lck
TransactionFile = $dir/db/virtuoso.trx
xa_persistent_file = $dir/db/virtuoso.pxa
Striping = 0
TempStorage = TempDatabase
[TempDatabase]
DatabaseFile = $dir/db/virtuoso-temp.db
TransactionFile = $dir/db/virtuoso-temp.trx
Striping = 0
[Parameters]
ServerPort = 127.0.0.1:$isql_port
ServerThreads = 10
NumberOfBuffers = 10000
MaxDirtyBuffers = 6000
DirsAllowed = ., $dir/data
[HTTPServer]
ServerPort = 127.0.0.1:$http_port
ServerRoot = $dir/db
ServerThreads = 10
[SPARQL]
ResultSetMaxRows = 100000
MaxQueryExecutionTime = 60
INI
  (cd "$dir/db" && virtuoso-t -c "$dir/db/virtuoso.ini" +wait)
  isql-vt "127.0.0.1:$isql_port" dba dba \
    exec="ld_dir('$dir/data', 'orkg-demo.ttl', 'http://orkg.org/demo'); rdf_loader_run(); checkpoint;" >/dev/null
  echo "virtuoso: http://127.0.0.1:$http_port/sparql (demo graph loaded)"
  ;;
stop)
  if [ -f "$dir/db/virtuoso.lck" ]; then
    isql-vt "127.0.0.1:$isql_port" dba dba exec="shutdown;" >/dev/null 2>&1 || true
    pkill -f "virtuoso-t -c $dir/db/virtuoso.ini" 2>/dev/null || true
  fi
  ;;
*)
  echo "usage: $0 start|stop [DIR]" >&2; exit 2 ;;
esac
