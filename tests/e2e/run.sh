#!/usr/bin/env bash
# End-to-end checks of the bundled hub, as a reader meets it.
#
#   bash tests/e2e/run.sh            # everything: install, build, serve, check, selftest
#   E2E_SELFTEST=0 bash tests/e2e/run.sh     # skip the fault-injection selftest
#   E2E_ONLY=axe,vnu bash tests/e2e/run.sh   # only some checks (see: node tests/e2e/suite.js --list)
#
# Installs Debian's chromium and a headless JRE when missing (needs root and
# apt), runs `npm ci`, builds the hub with `cargo run --release -- build`,
# serves it on a loopback port and drives headless Chromium over every page,
# runs the Nu HTML checker, then proves the checks can fail (selftest).
# Screenshots of a variant page per language go to target/e2e/.
# Exits non-zero on any failure; the last line is `N passed, N failed`.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
shots="$root/target/e2e"
start=$(date +%s)
stamp() { echo "[e2e $(( $(date +%s) - start ))s] $*"; }

missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
command -v java >/dev/null 2>&1 || missing+=(default-jre-headless)
if [ ${#missing[@]} -gt 0 ]; then
  stamp "installing ${missing[*]} from Debian"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq </dev/null
  $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" </dev/null >/dev/null
fi

stamp "npm ci"
(cd "$here" && npm ci --no-audit --no-fund --loglevel=error </dev/null)

site="$(mktemp -d "${TMPDIR:-/tmp}/rulehub-e2e-site.XXXXXX")"
trap 'rm -rf "$site"' EXIT
stamp "building the hub into $site"
(cd "$root" && cargo run --release --quiet -- build --output "$site" </dev/null)
# The play and room checks run `rulehub replay` and `rulehub room` from the same build.
export RULEHUB_BIN="${RULEHUB_BIN:-${CARGO_TARGET_DIR:-$root/target}/release/rulehub}"

mkdir -p "$shots"
passed=0
failed=0
tally() { # reads the `N passed, N failed` line a step printed last
  local line
  line="$(tail -n 1 "$1")"
  if [[ "$line" =~ ^([0-9]+)\ passed,\ ([0-9]+)\ failed$ ]]; then
    passed=$((passed + BASH_REMATCH[1]))
    failed=$((failed + BASH_REMATCH[2]))
  else
    failed=$((failed + 1))
  fi
}

log="$shots/suite.log"
stamp "checking every page (log: $log)"
only=()
[ -n "${E2E_ONLY:-}" ] && only=(--only "$E2E_ONLY")
status=0
(cd "$here" && node suite.js --site "$site" --screenshots "$shots" "${only[@]}" </dev/null) 2>&1 | tee "$log" || status=1
tally "$log"

if [ "${E2E_SELFTEST:-1}" != 0 ] && [ -z "${E2E_ONLY:-}" ]; then
  selflog="$shots/selftest.log"
  stamp "selftest: introducing faults into a copy (log: $selflog)"
  (cd "$here" && node selftest.js --site "$site" </dev/null) 2>&1 | tee "$selflog" || status=1
  tally "$selflog"
fi

stamp "done; screenshots in $shots"
echo "$passed passed, $failed failed"
if [ "$failed" -gt 0 ] || [ "$status" -ne 0 ]; then
  exit 1
fi
