# shellcheck shell=bash
# Sourced helper: keep the project's virtualenv (.venv) in step with pyproject.toml.
#
#   source scripts/_venv.sh
#   ensure_venv            # pip install -e . -e ./kit
#   ensure_venv test       # pip install -e '.[test]' -e ./kit
#
# ./kit is the bot authors' client kit (duckpond_client, duckpond_kit): its tests and benches
# run in the same venv. The venv is (re)installed when it is missing, broken, or when
# pyproject.toml or kit/pyproject.toml changed since the
# last install with the same extras (a stamp file under .venv/ holds the hash). Concurrent callers
# (scripts/serve and scripts/test at once) are serialised with flock on a lock file in /tmp.
# Environment: PYTHON (interpreter to create the venv with, default python3),
#              DUCKPOND_VENV (venv folder, default <repo>/.venv).

_venv_repo_root() {
    local here
    here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
    dirname "$here"
}

_venv_log() { printf '[venv] %s\n' "$*" >&2; }

# Create $1 as a venv with $PYTHON; install Debian's python3-venv when ensurepip is missing and
# we are root (a bare Debian python3 cannot create venvs without it).
_venv_create() {
    local venv="$1" py="${PYTHON:-python3}"
    if ! command -v "$py" >/dev/null 2>&1; then
        _venv_log "error: '$py' not found; install Python 3.11+ (Debian: apt-get install python3 python3-venv)"
        return 1
    fi
    if ! "$py" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else 1)'; then
        _venv_log "error: $("$py" -V 2>&1) is too old; duckpond needs Python 3.11+ (set PYTHON=...)"
        return 1
    fi
    _venv_log "creating $venv with $("$py" -V 2>&1)"
    rm -rf "$venv"
    if "$py" -m venv "$venv" 2>/dev/null; then
        return 0
    fi
    rm -rf "$venv"
    if [[ $(id -u) -eq 0 ]] && command -v apt-get >/dev/null 2>&1; then
        _venv_log "'$py -m venv' failed; installing Debian's python3-venv"
        local minor
        minor="$("$py" -c 'import sys; print(f"{sys.version_info[0]}.{sys.version_info[1]}")')"
        if ! DEBIAN_FRONTEND=noninteractive apt-get install -y "python${minor}-venv" python3-venv; then
            apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y \
                "python${minor}-venv" python3-venv || return 1
        fi
        "$py" -m venv "$venv" && return 0
    fi
    _venv_log "error: cannot create a virtualenv with '$py -m venv'"
    _venv_log "       on Debian, as root: apt-get install -y python3-venv"
    return 1
}

# _venv_fresh STAMP HASH KEY: the venv runs and STAMP (or, for KEY "base", any stamp) holds HASH.
_venv_fresh() {
    local stamp="$1" hash="$2" key="$3" f
    "$VENV_PYTHON" -c '' 2>/dev/null || return 1
    if [[ -f "$stamp" && "$(cat "$stamp")" == "$hash" ]]; then
        return 0
    fi
    if [[ $key == base ]]; then
        for f in "$VENV"/.duckpond-*.stamp; do
            [[ -f "$f" && "$(cat "$f")" == "$hash" ]] && return 0
        done
    fi
    return 1
}

# ensure_venv [EXTRAS]  e.g. ensure_venv test  or  ensure_venv "test,dev"
# Afterwards VENV and VENV_PYTHON point at the venv and its interpreter.
ensure_venv() {
    local extras="${1:-}"
    local root
    root="$(_venv_repo_root)"
    VENV="${DUCKPOND_VENV:-$root/.venv}"
    VENV_PYTHON="$VENV/bin/python"
    export VENV VENV_PYTHON

    local spec="." key="base"
    if [[ -n "$extras" ]]; then
        spec=".[${extras}]"
        key="${extras//[^A-Za-z0-9_-]/_}"
    fi
    local hash
    hash="$(cat "$root/pyproject.toml" "$root/kit/pyproject.toml" | sha256sum | cut -d' ' -f1)"
    local stamp="$VENV/.duckpond-$key.stamp"

    # Fast path, no lock: the stamp matches and the interpreter runs. Any install with extras
    # also satisfies the plain one.
    if _venv_fresh "$stamp" "$hash" "$key"; then
        return 0
    fi

    mkdir -p "$(dirname "$VENV")"
    # The lock lives outside the work tree (and outside the venv, which may be recreated).
    local lock
    lock="${TMPDIR:-/tmp}/duckpond-venv-$(printf '%s' "$VENV" | sha256sum | cut -c1-16).lock"
    (
        # The subshell holds the lock on fd 9 until it exits.
        if command -v flock >/dev/null 2>&1; then
            exec 9>"$lock"
            if ! flock -w 600 9; then
                _venv_log "error: timed out waiting for $lock (another install running?)"
                exit 1
            fi
        fi
        # Someone else may have finished the same install while we waited.
        if _venv_fresh "$stamp" "$hash" "$key"; then
            exit 0
        fi
        if ! "$VENV_PYTHON" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else 1)' \
            2>/dev/null; then
            _venv_create "$VENV" || exit 1
        fi
        _venv_log "installing duckpond into $VENV: pip install -e '$spec' -e ./kit (a minute when new)"
        rm -f "$stamp"
        local pip_log="$VENV/.pip-install.log"
        if ! (cd "$root" && "$VENV_PYTHON" -m pip install --disable-pip-version-check \
            -e "$spec" -e ./kit) >"$pip_log" 2>&1; then
            tail -n 40 "$pip_log" | sed 's/^/[venv]   /' >&2
            _venv_log "error: pip install -e '$spec' -e ./kit failed (full output: $pip_log)"
            exit 1
        fi
        printf '%s\n' "$hash" >"$stamp"
        _venv_log "ok: $VENV is up to date with pyproject.toml"
    )
}
