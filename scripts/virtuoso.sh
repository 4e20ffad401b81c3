#!/usr/bin/env bash
# Starts (or stops) a throwaway Virtuoso, ORKG's triplestore, on 127.0.0.1 with the given
# graph files loaded (default: the demo graph), for `make test-virtuoso`. Installs Debian's
# virtuoso-opensource-7-bin when it is missing. Each start begins from an empty database, so
# the demo graph and the mirror never mix (Virtuoso's default graph is the union of all).
# Usage: scripts/virtuoso.sh start|stop [DIR [FILE...]]   (FILE: .ttl, .nt or .nt.gz)
set -euo pipefail
cmd="${1:?usage: $0 start|stop [DIR [FILE...]]}"
dir="${2:-/tmp/scigraph-virtuoso}"
shift $(( $# < 2 ? $# : 2 ))
root="$(cd "$(dirname "$0")/.." && pwd)"
http_port="${VIRTUOSO_HTTP_PORT:-18890}"
isql_port="${VIRTUOSO_ISQL_PORT:-11111}"
# 8 KB pages held in memory: the default suits the mirror; a multi-million-triple graph
# wants about 85,000 per GB of RAM it may use (Virtuoso's own guidance).
buffers="${VIRTUOSO_BUFFERS:-10000}"

case "$cmd" in
start)
  if ! command -v virtuoso-t >/dev/null; then
    echo "installing virtuoso-opensource-7-bin"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq virtuoso-opensource-7-bin >/dev/null
  fi
  "$0" stop "$dir" || true
  if (exec 3<>"/dev/tcp/127.0.0.1/$http_port") 2>/dev/null || (exec 3<>"/dev/tcp/127.0.0.1/$isql_port") 2>/dev/null; then
    echo "virtuoso.sh: 127.0.0.1:$http_port or :$isql_port is already in use (another Virtuoso?);" \
      "stop it or set VIRTUOSO_HTTP_PORT / VIRTUOSO_ISQL_PORT" >&2
    exit 1
  fi
  rm -rf "$dir" && mkdir -p "$dir/db" "$dir/data"
  files=("$@")
  [ ${#files[@]} -gt 0 ] || files=("$root/data/orkg-demo.ttl")
  for f in "${files[@]}"; do
    [ -f "$f" ] || { echo "virtuoso.sh: no such graph file: $f" >&2; exit 1; }
    cp "$f" "$dir/data/"
  done
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
NumberOfBuffers = $buffers
MaxDirtyBuffers = $((buffers * 3 / 4))
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
  loads=""
  for f in "${files[@]}"; do
    loads+="ld_dir('$dir/data', '$(basename "$f")', 'http://orkg.org/scigraph-test'); "
  done
  isql-vt "127.0.0.1:$isql_port" dba dba exec="${loads}rdf_loader_run(); checkpoint;" >/dev/null
  # The bulk loader records per-file errors instead of failing: surface them.
  errors="$(isql-vt "127.0.0.1:$isql_port" dba dba \
    exec="SELECT ll_file, ll_error FROM DB.DBA.load_list WHERE ll_error IS NOT NULL;" | grep -c "$dir/data" || true)"
  if [ "$errors" != "0" ]; then
    echo "virtuoso.sh: $errors file(s) failed to load; see DB.DBA.load_list" >&2; exit 1
  fi
  triples="$(curl -s "http://127.0.0.1:$http_port/sparql" --data-urlencode \
    'query=SELECT (COUNT(*) AS ?n) FROM <http://orkg.org/scigraph-test> WHERE { ?s ?p ?o }' \
    -H 'Accept: text/csv' | tail -1)"
  echo "virtuoso: http://127.0.0.1:$http_port/sparql ($triples triples from ${files[*]##*/})"
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
