#!/usr/bin/env bash
# tercio sim --csv writes each game's line as the game ends: a run killed part way leaves the
# lines of the games it finished, the same lines a run of just those games writes, on one thread
# or two. Usage: sim_stream.sh TERCIO
set -euo pipefail
tercio="$1"
work="$(mktemp -d)"
trap 'kill -9 "${pid:-}" 2>/dev/null || true; rm -rf "$work"' EXIT
fail() { echo "sim_stream: $*" >&2; exit 1; }

# Games a sanitized build takes some minutes over: the kill comes long before the last.
game=(--all-armies --red-ai random --blue-ai easy --games 4000 --swap --seed 71)
for jobs in 1 2; do
  csv="$work/killed-$jobs.csv"
  "$tercio" sim "${game[@]}" --jobs "$jobs" --csv "$csv" > "$work/out" 2> "$work/err" &
  pid=$!
  # Wait (at most 60 s) for the header and three games.
  for _ in $(seq 600); do
    [[ -f "$csv" ]] && (( $(wc -l < "$csv") >= 4 )) && break
    kill -0 "$pid" 2>/dev/null || fail "--jobs $jobs: sim ended before the kill: $(cat "$work/err")"
    sleep 0.1
  done
  kill -9 "$pid"
  wait "$pid" 2>/dev/null || true
  pid=
  lines=$(wc -l < "$csv")
  rows=$(( lines > 0 ? lines - 1 : 0 ))
  (( rows >= 3 )) || fail "--jobs $jobs: $rows games in the CSV after 60 s"
  (( rows < 4000 )) || fail "--jobs $jobs: every game ended before the kill"
  # Every line is whole: the file ends with a newline.
  [[ -z "$(tail -c 1 "$csv")" ]] || fail "--jobs $jobs: the CSV ends part way through a line"
  # The same lines as a run of just those games (--swap needs an even count).
  whole=$(( rows - rows % 2 ))
  "$tercio" sim "${game[@]/4000/$whole}" --csv "$work/whole.csv" > /dev/null
  head -n $(( whole + 1 )) "$csv" > "$work/head.csv"
  cmp "$work/head.csv" "$work/whole.csv" || fail "--jobs $jobs: the killed run's lines differ from a run of $whole games"
  echo "--jobs $jobs: killed with $rows games in the CSV, the same lines as a run of $whole"
done
