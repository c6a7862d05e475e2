#!/usr/bin/env bash
# Runs `npm test` with the clock of every process moved to the dates whose tests most often turn on
# the day: the next Friday afternoon, the next Sunday, the evening of the last day of a month (the
# next one not December's, already the next day in UTC) and of December 31 (already the next year
# in UTC), all New Jersey time. Debian's faketime moves the clock by an offset, so every process
# started in the run (servers, PostgreSQL, Chromium) agrees on the time and it keeps running. Each
# run's summary line is printed; the exit status is the number of runs that failed.
# `bash scripts/test-on-dates.sh 2027-01-04T09:00` runs one date, which must lie ahead.
set -uo pipefail
cd "$(dirname "$0")/.."

if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
if ! command -v faketime >/dev/null; then
  $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq faketime >/dev/null
fi

nj() { TZ=America/New_York date "$@"; }
# The default dates, each the next one ahead of today, so every offset is forward (see below).
default_dates() {
  nj -d "next friday 15:00" +%Y-%m-%dT15:00
  nj -d "next sunday 10:00" +%Y-%m-%dT10:00
  local first_of_month months_on last_day
  first_of_month=$(nj +%Y-%m-01)
  months_on=2
  last_day=$(nj -d "$first_of_month +$months_on month -1 day" +%Y-%m-%d)
  if [ "${last_day:5:5}" = "12-31" ]; then
    months_on=3
    last_day=$(nj -d "$first_of_month +$months_on month -1 day" +%Y-%m-%d)
  fi
  echo "${last_day}T20:30"
  local year
  year=$(nj +%Y)
  if [ "$(nj -d "$year-12-31 20:30" +%s)" -le "$(date +%s)" ]; then year=$((year + 1)); fi
  echo "$year-12-31T20:30"
}

dates=("$@")
[ ${#dates[@]} -gt 0 ] || mapfile -t dates < <(default_dates)

failed=0
# Beside reports/, which each run empties of its .log files as it starts.
mkdir -p reports-dates
for when in "${dates[@]}"; do
  offset=$(($(nj -d "${when/T/ }" +%s) - $(date +%s)))
  # The monotonic clock moves with the wall clock: Chromium's network stalls when only the wall
  # clock jumps (a page's later script imports never answer). A backward offset would take the
  # monotonic clock below zero on a machine up for less than that, so only dates ahead are run.
  if [ "$offset" -le 0 ]; then
    echo "test-on-dates: $when is not ahead of now; give a later date"
    failed=$((failed + 1))
    continue
  fi
  echo "test-on-dates: $when New Jersey time (offset ${offset} s)"
  log="reports-dates/test-on-${when//:/-}.log"
  if faketime -f "+${offset}" npm test >"$log" 2>&1; then
    echo "test-on-dates: $when passed: $(grep '^tests:' "$log" | tail -1)"
  else
    failed=$((failed + 1))
    echo "test-on-dates: $when FAILED: $(grep '^tests:' "$log" | tail -1)"
    grep -A3 '^  ✗' "$log" | head -40
  fi
done
exit $failed
