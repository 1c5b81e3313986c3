#!/usr/bin/env bash
# `npm test`: every check the project has, in order, from a fresh clone.
#   1. dependencies (npm ci when needed) and Debian's Chromium (apt when missing)
#   2. type checks: tsc and svelte-check
#   3. vitest: unit, statistical (simulation vs theory), property and CLI tests
#   4. Playwright: the app built, served and driven in headless Chromium
# Every stage runs even if an earlier one fails; the last line sums the test counts.
set -uo pipefail
cd "$(dirname "$0")/.."
bash .ci/ensure-deps.sh || exit 1
bash .ci/ensure-chromium.sh || exit 1
mkdir -p test-results
rm -f test-results/vitest.json test-results/playwright.json

failed_stages=()
typecheck_failures=0
stage() {
  local name="$1"; shift
  echo ""
  echo "━━ $name"
  if ! "$@"; then
    failed_stages+=("$name")
    case "$name" in typecheck*) typecheck_failures=$((typecheck_failures + 1)) ;; esac
  fi
}

stage "typecheck (tsc)" npx tsc --noEmit -p .
stage "typecheck (src/sim without DOM)" npx tsc --noEmit -p src/sim
stage "typecheck (svelte-check)" npx svelte-check --tsconfig ./tsconfig.json --fail-on-warnings --output human
stage "unit, statistical, property and CLI tests (vitest)" \
  npx vitest run --reporter=default --reporter=json --outputFile.json=test-results/vitest.json
stage "browser tests (Playwright + Chromium)" \
  env CI="${CI:-1}" PLAYWRIGHT_JSON_OUTPUT_NAME=test-results/playwright.json npx playwright test --reporter=list,json

node .ci/count-tests.mjs test-results/vitest.json test-results/playwright.json "$typecheck_failures"
if [ "${#failed_stages[@]}" -gt 0 ]; then
  printf 'failed stage: %s\n' "${failed_stages[@]}" >&2
  exit 1
fi
