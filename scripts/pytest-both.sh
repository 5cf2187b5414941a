#!/usr/bin/env bash
# The whole pytest run (make pytest), inside scripts/with-virtual-audio.sh: two groups at the same time.
#   in front:   the tests that use the virtual sound card (-m soundcard), one by one. They hear real, clocked audio
#               and use little of the processor, but must get it the moment they need it.
#   beside:     everything else (-m "not soundcard") on JOBS processes (pytest-xdist) at the lowest priority
#               (nice 19), so it only takes what the sound-card tests leave; then tests/engine and tests/bots once
#               more on the engine's Python source (VOICEFISH_PURE=1: the install compiles it, setup.py), so both
#               builds are tested: all but the slow ones (many games), which the compiled run plays and which
#               test_the_compiled_and_the_source_builds_play_the_same_games stands in for (the same games, log line
#               for line, from both builds). Its output is shown when both are done.
# Usage: pytest-both.sh PYTHON JOBS [pytest arguments...]   (JOBS=1: the rest in one process)
#             A sound-card test that failed beside the rest is run once more alone after it (see below).
# Exit status: 0 when both groups passed, else the first failing group's status.
set -uo pipefail

py=$1
jobs=$2
shift 2

rest_log=$(mktemp "${TMPDIR:-/tmp}/voicefish-rest.XXXXXX")
xdist=()
if [ "$jobs" != 1 ]; then
  xdist=(-n "$jobs")
fi

(
  nice -n 19 "$py" -m pytest "${xdist[@]}" -m "not soundcard" "$@"
  status=$?
  echo
  echo "== tests/engine and tests/bots on the engine's Python source (VOICEFISH_PURE=1), the slow ones left out =="
  VOICEFISH_PURE=1 nice -n 19 "$py" -m pytest "${xdist[@]}" -q -m "not soundcard and not slow" tests/engine tests/bots
  pure=$?
  [ "$status" = 0 ] && status=$pure
  exit "$status"
) >"$rest_log" 2>&1 &
rest=$!
trap 'kill "$rest" 2>/dev/null; rm -f "$rest_log"' EXIT
trap 'exit 130' INT TERM

echo "== the sound-card tests, one by one (everything else runs beside them at low priority) =="
# Its own pytest cache (the rest, finishing later, would write over its record of what failed).
card_cache=(-o cache_dir=.pytest_cache/soundcard)
"$py" -m pytest "${card_cache[@]}" -m soundcard "$@"
card=$?

wait "$rest"
others=$?
echo
echo "== everything else (-m \"not soundcard\", ${jobs} processes) =="
cat "$rest_log"

# A sound-card test that failed beside the rest is run once more, alone, now that nothing else runs: on 2 cores a
# stall of the low-priority load has stretched or split clocked audio (three clean-clone runs, three different
# tests, each passing alone). It counts as passed only if it passes alone; a real fault fails both times, and the
# first failure stays in the log above.
if [ "$card" != 0 ]; then
  echo
  echo "== the sound-card tests that failed beside the rest, once more alone (pytest --last-failed) =="
  "$py" -m pytest "${card_cache[@]}" -m soundcard --last-failed --last-failed-no-failures none "$@"
  card=$?
fi

echo
echo "sound-card tests: $([ "$card" = 0 ] && echo passed || echo "FAILED (exit $card)");" \
  "everything else: $([ "$others" = 0 ] && echo passed || echo "FAILED (exit $others)")"
if [ "$card" != 0 ]; then
  exit "$card"
fi
exit "$others"
