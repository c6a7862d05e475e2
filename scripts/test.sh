#!/usr/bin/env bash
# Runs every check and test: types, lint, the build, unit and integration tests (real SQLite,
# PostgreSQL and SMTP), then end-to-end tests in Chromium against the built server, then Lighthouse.
# Installs Chromium and its headless shell from Debian's packages when they are missing. The
# closing line gives the counts and the seconds each phase took.
#
# The machine has two cores, so work that keeps one core busy runs beside other such work: lint
# beside the type check, and the system tests beside both and then beside the unit and integration
# tests. End-to-end tests run two at a time (playwright.config.ts); Lighthouse times pages, so it
# runs alone.
set -euo pipefail
cd "$(dirname "$0")/.."

# Lighthouse and the bench use the browser; end-to-end tests its headless shell, the same engine.
if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
if [ ! -x /usr/bin/chromium ]; then
  echo "test: installing Chromium (apt)"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
fi
# The shell only saves time, so a machine that cannot install it runs the tests in the browser.
if [ ! -x /usr/bin/chromium-headless-shell ] && [ -z "${E2E_CHROMIUM_PATH:-}" ]; then
  echo "test: installing Chromium's headless shell (apt)"
  if ! { $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium-headless-shell >/dev/null; }; then
    echo "test: the headless shell could not be installed; end-to-end tests use /usr/bin/chromium"
    export E2E_CHROMIUM_PATH=/usr/bin/chromium
  fi
fi

mkdir -p reports
rm -f reports/*.json reports/*.log reports/phases reports/vitest-runs
run_started=$SECONDS

# timed NAME COMMAND...: runs the command, keeps its seconds under NAME, returns its status.
timed() {
  local name=$1 from=$SECONDS status=0
  shift
  "$@" || status=$?
  echo "$name $((SECONDS - from))" >"reports/phase-$name.log"
  return $status
}

# The seconds each phase took, in the order they start, for scripts/test-summary.mjs.
write_phases() {
  local name
  for name in build typecheck lint vitest e2e lighthouse; do
    [ -f "reports/phase-$name.log" ] && cat "reports/phase-$name.log" >>reports/phases
  done
  echo "total $((SECONDS - run_started))" >>reports/phases
}

# The build writes the image manifest the type check reads, so neither makes it twice.
echo "test: build"
timed build npm run --silent build

# Stops a background command and everything it started.
kill_tree() {
  local child
  for child in $(pgrep -P "$1" || true); do kill_tree "$child"; done
  kill "$1" 2>/dev/null || true
}

run_vitest() {
  local report=$1
  shift
  echo "$report" >>reports/vitest-runs
  npx vitest run "$@" --reporter=default --reporter=json --outputFile.json="$report"
}

# The system tests (every one starts built servers, most a PostgreSQL database, and several time
# what they see) need only the build, and spend much of their time waiting on those servers: they
# start now, in a process of their own, one file at a time, and run beside the type check and
# lint, then beside the unit and integration tests. Each process has its own PostgreSQL cluster
# and its own ports (tests/support/ports.ts); no file shares a data folder or database with
# another. Their log is printed when both processes are done. The vitest phase counts from here.
# One system test file runs after the unit and integration tests instead, in their process, so
# the two processes end together: the system tests alone take longer than everything beside them.
SYSTEM_TESTS_AFTER_INTEGRATION="tests/system/desk.test.ts"
echo "test: links, headers and system tests start beside the type check and lint"
vitest_started=$SECONDS
TEST_PORT_SLOT=1 run_vitest reports/vitest-quality.json --project quality --exclude "$SYSTEM_TESTS_AFTER_INTEGRATION" \
  >reports/vitest-quality.log 2>&1 &
quality_pid=$!

echo "test: typecheck and lint"
timed lint npm run --silent lint >reports/lint.log 2>&1 &
lint_pid=$!
checks=0
timed typecheck npm run --silent typecheck:types || checks=1
wait $lint_pid || checks=1
cat reports/lint.log
if [ $checks -ne 0 ]; then
  kill_tree $quality_pid
  write_phases
  echo "test: the type check or lint failed"
  exit 1
fi

status=0
echo "test: unit, build checks and integration (SQLite, PostgreSQL, SMTP) beside links, headers and system tests"
TEST_PORT_SLOT=0 run_vitest reports/vitest.json --project unit --project build --project integration || status=1
TEST_PORT_SLOT=0 run_vitest reports/vitest-system-after.json --project quality "$SYSTEM_TESTS_AFTER_INTEGRATION" || status=1
wait $quality_pid || status=1
echo "test: links, headers and system tests:"
cat reports/vitest-quality.log
echo "vitest $((SECONDS - vitest_started))" >reports/phase-vitest.log

echo "test: end-to-end (Chromium)"
timed e2e npx playwright test || status=1
# Last and alone, so no other test competes for the CPU while pages are timed.
echo "test: Lighthouse"
timed lighthouse run_vitest reports/vitest-lighthouse.json --project lighthouse || status=1

write_phases
node scripts/test-summary.mjs
exit $status
