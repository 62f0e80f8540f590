# shellcheck shell=bash
# Sourced helper: command-line tools the tests drive (docs/quickstart.md is run with curl and jq).
#
#   source scripts/_tools.sh
#   ensure_tools curl jq     # each on PATH, installed from Debian when missing and we are root

_tools_log() { printf '[tools] %s\n' "$*" >&2; }

ensure_tools() {
    local missing=() tool
    for tool in "$@"; do
        command -v "$tool" >/dev/null 2>&1 || missing+=("$tool")
    done
    [[ ${#missing[@]} -eq 0 ]] && return 0
    if [[ $(id -u) -ne 0 ]] || ! command -v apt-get >/dev/null 2>&1; then
        _tools_log "error: ${missing[*]} not installed; run: sudo apt-get install -y ${missing[*]}"
        return 1
    fi
    _tools_log "installing Debian's ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get install -y --no-install-recommends "${missing[@]}" \
        || { apt-get update && apt-get install -y --no-install-recommends "${missing[@]}"; }
}
