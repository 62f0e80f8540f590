# shellcheck shell=bash
# Sourced helper: a local redis-server for development, tests and benchmarks.
#
#   source scripts/_redis.sh
#   ensure_redis_server          # redis-server on PATH, installed from Debian when root
#   port_is_free 6380            # true when nothing listens on 127.0.0.1:6380
#   redis_command DIR PORT [MAXMEM] # REDIS_CMD: redis-server with AOF on, noeviction, 127.0.0.1
#   wait_redis PORT [SECONDS] [PID] # wait for PONG (false at once if PID, the runner, died)
#
# Debian 12 ships redis-server 7.0; that is enough for development (docker/ uses 7.4+).

_redis_log() { printf '[redis] %s\n' "$*" >&2; }

# Make sure `redis-server` (and redis-cli) can be run. Installs Debian's package when missing
# and we are root; otherwise says exactly what to do. Idempotent.
ensure_redis_server() {
    if command -v redis-server >/dev/null 2>&1; then
        return 0
    fi
    if [[ $(id -u) -ne 0 ]]; then
        _redis_log "error: redis-server is not installed, and only root can install it here."
        _redis_log "       run:  sudo apt-get install -y redis-server   (then run this again)"
        _redis_log "       (scripts/serve can also use a Redis you already have: --redis-url URL)"
        return 1
    fi
    if ! command -v apt-get >/dev/null 2>&1; then
        _redis_log "error: redis-server is not installed and there is no apt-get to install it;"
        _redis_log "       install Redis 7 with your package manager."
        return 1
    fi
    _redis_log "redis-server not found; installing Debian's redis-server package"
    # Do not let the package start its own system-wide server (we run ours per checkout).
    local policy=/usr/sbin/policy-rc.d created_policy=0
    if [[ ! -e $policy ]]; then
        printf '#!/bin/sh\nexit 101\n' >"$policy" && chmod +x "$policy" && created_policy=1
    fi
    local rc=0
    export DEBIAN_FRONTEND=noninteractive
    if ! apt-get install -y --no-install-recommends redis-server; then
        _redis_log "install failed; running apt-get update and trying again"
        if ! { apt-get update && apt-get install -y --no-install-recommends redis-server; }; then
            rc=1
        fi
    fi
    if [[ $created_policy -eq 1 ]]; then
        rm -f "$policy"
    fi
    if [[ $rc -ne 0 ]] || ! command -v redis-server >/dev/null 2>&1; then
        _redis_log "error: could not install redis-server with apt-get (see above)"
        return 1
    fi
    _redis_log "installed $(redis-server --version | cut -d' ' -f1-3)"
}

# port_is_free PORT [HOST]: true when a server could bind HOST:PORT (default 127.0.0.1).
# Uses a real bind with SO_REUSEADDR, as gunicorn and redis do, so TIME_WAIT leftovers of an
# earlier run do not count as "taken" while a listener on 0.0.0.0 or the same address does.
port_is_free() {
    local port="$1" host="${2:-127.0.0.1}" py
    py="${VENV_PYTHON:-}"
    [[ -n $py && -x $py ]] || py="$(command -v python3 || true)"
    if [[ -n $py ]]; then
        "$py" - "$host" "$port" <<'PY'
import socket, sys
s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
try:
    s.bind((sys.argv[1], int(sys.argv[2])))
except OSError:
    sys.exit(1)
finally:
    s.close()
PY
        return
    fi
    # No Python at all: fall back to "nobody answers a connect".
    ! (exec 3<>"/dev/tcp/$host/$port") 2>/dev/null
}

# who_listens PORT: the processes listening on PORT, one "pid N: COMMAND LINE" per line (the
# command line cut at 120 characters); nothing when they cannot be seen (no ss, or another
# user's process). ss prints them as users:(("name",pid=N,fd=F),...): only the pids are read.
who_listens() {
    local port="$1" pid cmd
    command -v ss >/dev/null 2>&1 || return 0
    for pid in $(ss -ltnpH "sport = :$port" 2>/dev/null | grep -o 'pid=[0-9]*' | cut -d= -f2 |
        sort -un); do
        cmd="$(tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null || true)"
        cmd="${cmd% }"
        ((${#cmd} > 120)) && cmd="${cmd:0:117}..."
        printf 'pid %s: %s\n' "$pid" "${cmd:-(command line not readable)}"
    done
}

# redis_command DIR PORT [MAXMEMORY]: set REDIS_CMD to the redis-server command line: data in DIR,
# bound to 127.0.0.1:PORT, append-only file on (fsync every second), noeviction with MAXMEMORY
# as its limit (default 0: none), log to DIR/redis.log. docs/operations.md says why.
redis_command() {
    local dir="$1" port="$2" maxmemory="${3:-0}"
    REDIS_CMD=(redis-server
        --bind 127.0.0.1
        --port "$port"
        --protected-mode yes
        --dir "$dir"
        --appendonly yes
        --appendfsync everysec
        --maxmemory "$maxmemory"
        --maxmemory-policy noeviction
        --daemonize no
        --logfile "$dir/redis.log")
}

# redis_ping PORT: true when the server on 127.0.0.1:PORT answers PONG.
redis_ping() {
    local port="$1"
    if command -v redis-cli >/dev/null 2>&1; then
        [[ "$(redis-cli -h 127.0.0.1 -p "$port" ping 2>/dev/null)" == "PONG" ]]
    else
        local reply
        reply="$( { exec 3<>"/dev/tcp/127.0.0.1/$port" && printf 'PING\r\n' >&3 \
            && timeout 1 head -c 7 <&3; } 2>/dev/null || true)"
        [[ "$reply" == "+PONG"* ]]
    fi
}

# wait_redis PORT [SECONDS] [PID]: wait until redis answers; false on timeout or when PID (the
# process running it) died.
wait_redis() {
    local port="$1" secs="${2:-10}" pid="${3:-}" i
    for ((i = 0; i < secs * 10; i++)); do
        redis_ping "$port" && return 0
        if [[ -n $pid ]] && ! kill -0 "$pid" 2>/dev/null; then
            return 1
        fi
        sleep 0.1
    done
    return 1
}
