#!/usr/bin/env bash
# The check half of action.yml: one `rulehub check` that prints GitHub
# annotations (each problem on the pull request's diff, at its line) and
# writes a JUnit report listing every page and example, from the same run.
#
# Read from the environment (action.yml passes its inputs):
#   RULEHUB_ROOT    the hub folder, from the workspace (default .)
#   RULEHUB_ARGS    more arguments for `rulehub check`, split at spaces
#   RULEHUB_JUNIT   where the JUnit report goes (default rulehub-junit.xml)
#   RULEHUB         the binary (default: rulehub on PATH)
#
# Exits as rulehub does: 0 no errors, 1 the hub has errors, 2 usage or I/O.
# .ci/run and tests/testsuite/ci_release.rs run it on fixture hubs.
set -euo pipefail

root="${RULEHUB_ROOT:-.}"
junit="${RULEHUB_JUNIT:-rulehub-junit.xml}"
rulehub="${RULEHUB:-rulehub}"
read -r -a extra <<<"${RULEHUB_ARGS:-}"

if ! command -v "$rulehub" >/dev/null 2>&1; then
    echo "::error title=rulehub action::$rulehub is not installed or not on PATH"
    exit 2
fi
if [ ! -d "$root" ]; then
    echo "::error title=rulehub action::the hub root '$root' is not a folder of this checkout; set the action's root input to the folder that holds hub.yaml"
    exit 2
fi

status=0
# (The odd expansion keeps an empty list working in macOS's bash 3.2.)
"$rulehub" check --root "$root" --message-format github --report "junit=$junit" ${extra[@]+"${extra[@]}"} ||
    status=$?
case "$status" in
    0) echo "rulehub check: no errors in $root (JUnit report: $junit)" ;;
    1) echo "rulehub check: $root has errors, shown as annotations above and listed in $junit" >&2 ;;
    *) echo "rulehub check could not check $root (exit $status); its message is above" >&2 ;;
esac
exit "$status"
