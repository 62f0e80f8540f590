# shellcheck shell=bash
# Sourced helper: command-line tools the tests drive (docs/quickstart.md is run with curl and jq;
# the web client is type-checked with node's tsc).
#
#   source scripts/_tools.sh
#   ensure_tools curl jq node:nodejs   # each command on PATH (COMMAND:PACKAGE when the Debian
#                                      # package is named otherwise), installed when missing and root
#   ensure_web_packages                # service/web's pinned npm packages (npm ci), when missing
#   ensure_spec_linter                 # openapi/'s pinned Redocly CLI (npm ci), when missing

_tools_log() { printf '[tools] %s\n' "$*" >&2; }

ensure_tools() {
    local missing=() tool
    for tool in "$@"; do
        command -v "${tool%%:*}" >/dev/null 2>&1 || missing+=("${tool#*:}")
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

# openapi-typescript, typescript and openapi-fetch (its types; the browser loads the vendored
# build in service/web/static/vendor/), exactly as service/web/package-lock.json pins them, for
# scripts/openapi.py and tests/service/http/test_web_types.py. Reinstalled only when node_modules is
# missing or older than the lock file (npm writes node_modules/.package-lock.json on install).
ensure_web_packages() {
    local web
    web="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/service/web"
    if [[ -x $web/node_modules/.bin/tsc && -x $web/node_modules/.bin/openapi-typescript \
          && ! $web/package-lock.json -nt $web/node_modules/.package-lock.json ]]; then
        return 0
    fi
    _tools_log "installing the web client's npm packages (npm ci in service/web)"
    npm ci --prefix "$web" --no-audit --no-fund --loglevel=error >&2
}

# Redocly CLI, exactly as openapi/package-lock.json pins it, for scripts/test's lint of the spec.
# Its own small package beside the spec, not the web client's: the linter is the spec's
# concern, and its node_modules stays apart from the web's.
ensure_spec_linter() {
    local spec
    spec="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/openapi"
    if [[ -x $spec/node_modules/.bin/redocly \
          && ! $spec/package-lock.json -nt $spec/node_modules/.package-lock.json ]]; then
        return 0
    fi
    _tools_log "installing the spec's linter (npm ci in openapi)"
    npm ci --prefix "$spec" --no-audit --no-fund --loglevel=error >&2
}
