# shellcheck shell=bash
# Sourced helper: Debian's chromium for the web client's end-to-end tests (Playwright drives it;
# Playwright's own browser download is not used).
#
#   source scripts/_chromium.sh
#   ensure_chromium     # /usr/bin/chromium present, installed from Debian when root

_chromium_log() { printf '[chromium] %s\n' "$*" >&2; }

ensure_chromium() {
    if [[ -x /usr/bin/chromium ]]; then
        return 0
    fi
    if [[ $(id -u) -ne 0 ]]; then
        _chromium_log "error: /usr/bin/chromium is missing, and only root can install it here."
        _chromium_log "       run:  sudo apt-get install -y chromium   (then run this again)"
        return 1
    fi
    if ! command -v apt-get >/dev/null 2>&1; then
        _chromium_log "error: /usr/bin/chromium is missing and there is no apt-get to install it."
        return 1
    fi
    _chromium_log "chromium not found; installing Debian's chromium package"
    export DEBIAN_FRONTEND=noninteractive
    if ! apt-get install -y --no-install-recommends chromium; then
        _chromium_log "install failed; running apt-get update and trying again"
        apt-get update && apt-get install -y --no-install-recommends chromium || true
    fi
    if [[ ! -x /usr/bin/chromium ]]; then
        _chromium_log "error: could not install chromium with apt-get (see above)"
        return 1
    fi
    _chromium_log "installed $(/usr/bin/chromium --version 2>/dev/null | head -n1)"
}
