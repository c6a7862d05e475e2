#!/usr/bin/env bash
# Runs every check and test: types, lint, the build, unit and integration tests (real SQLite,
# PostgreSQL and SMTP), then end-to-end tests in Chromium against the built server.
# Installs Chromium from Debian's packages when it is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -x /usr/bin/chromium ]; then
  echo "test: installing Chromium (apt)"
  if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
fi

mkdir -p reports
rm -f reports/*.json

echo "test: typecheck"; npm run --silent typecheck
echo "test: lint"; npm run --silent lint
echo "test: build"; npm run --silent build

status=0
echo "test: unit, build checks, integration (SQLite, PostgreSQL, SMTP), links and headers"
npx vitest run --project unit --project build --project integration --project quality \
  --reporter=default --reporter=json --outputFile.json=reports/vitest.json || status=1
echo "test: end-to-end (Chromium)"
npx playwright test || status=1
# Last and alone, so no other test competes for the CPU while pages are timed.
echo "test: Lighthouse"
npx vitest run --project lighthouse --reporter=default --reporter=json --outputFile.json=reports/vitest-lighthouse.json || status=1

node scripts/test-summary.mjs
exit $status
