#!/usr/bin/env bash
# Runs `npm test` with the clock of every process moved to the dates whose tests most often turn on
# the day: a Friday afternoon, a Sunday, the evening of a month's last day (already the next day in
# UTC) and of December 31 (already the next year in UTC), all New Jersey time. Debian's faketime
# moves the clock by an offset, so every process started in the run (servers, PostgreSQL, Chromium)
# agrees on the time and it keeps running. Each run's summary line is printed; the exit status is
# the number of runs that failed. `bash scripts/test-on-dates.sh 2027-01-04T09:00` runs one date.
set -uo pipefail
cd "$(dirname "$0")/.."

if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
if ! command -v faketime >/dev/null; then
  $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq faketime >/dev/null
fi

# New Jersey wall-clock times.
dates=("$@")
[ ${#dates[@]} -gt 0 ] || dates=("2026-12-04T15:00" "2026-12-06T10:00" "2027-03-31T20:30" "2026-12-31T20:30")

failed=0
# Beside reports/, which each run empties of its .log files as it starts.
mkdir -p reports-dates
for when in "${dates[@]}"; do
  offset=$(($(TZ=America/New_York date -d "${when/T/ }" +%s) - $(date +%s)))
  echo "test-on-dates: $when New Jersey time (offset ${offset} s)"
  sign="+"
  [ "$offset" -lt 0 ] && sign=""
  if FAKETIME_DONT_FAKE_MONOTONIC=1 faketime -f "${sign}${offset}" npm test >"reports-dates/test-on-${when//:/-}.log" 2>&1; then
    echo "test-on-dates: $when passed: $(grep '^tests:' "reports-dates/test-on-${when//:/-}.log" | tail -1)"
  else
    failed=$((failed + 1))
    echo "test-on-dates: $when FAILED: $(grep '^tests:' "reports-dates/test-on-${when//:/-}.log" | tail -1)"
    grep -A3 '^  ✗' "reports-dates/test-on-${when//:/-}.log" | head -40
  fi
done
exit $failed
