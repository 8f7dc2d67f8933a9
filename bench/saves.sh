#!/usr/bin/env bash
# What saving costs a player: loading a whole recorded game (tests/replays/french-spanish-12.save:
# every command replayed and every state hash and keyframe checked, as --resume does), the CPU
# time `tercio replay` takes to show that save's first frame (bench/terminal.py --replay), and the
# append-and-flush of one command's line on this disk. Release build; medians of 11 runs.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
. "$root/scripts/deps.sh"
tercio_install_deps
build="$root/build/release"
cmake -S "$root" -B "$build" -G "$(tercio_generator)" -DCMAKE_BUILD_TYPE=Release -DTERCIO_BUILD_TESTS=OFF >/dev/null
cmake --build "$build" -j2 >/dev/null
save="$root/tests/replays/french-spanish-12.save"
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
ms() { local t0 t1; t0=$(date +%s%N); "$@" >/dev/null; t1=$(date +%s%N); echo $(( (t1 - t0) / 1000 )); }
commands=$(grep -c '^[0-9a-f]\{16\} ' "$save")
keyframes=$(grep -c '^#== keyframe' "$save")
load=$(for _ in $(seq 11); do ms "$build/tercio" check "$save"; done | median)
spawn=$(for _ in $(seq 11); do ms "$build/tercio" --version; done | median)
echo "save: $commands commands, $keyframes keyframes, $(wc -c <"$save") bytes"
echo "tercio check (load, replay, check every hash), median of 11: $load us (the program's start alone: $spawn us)"
# `tercio replay` in an 80x24 pseudo-terminal (bench/terminal.py --replay): CPU time, and wall time,
# from the start until its first full screen is drawn.
replay=$(for _ in $(seq 11); do
    timeout 60 python3 "$root/bench/terminal.py" --binary "$build/tercio" --replay "$save" ||
        { echo "saves.sh: bench/terminal.py --replay failed" >&2; exit 1; }
done)
replay_field() { sed -n "s/^replay first frame$1: \([0-9.]*\) ms$/\1/p" <<<"$replay" | median; }
echo "tercio replay first frame cpu, median of 11: $(replay_field ' cpu') ms (wall $(replay_field '') ms)"
# One command's line appended and flushed (fdatasync), as the game does after every command.
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
flush=$(for _ in $(seq 11); do
    python3 - "$dir/f" <<'PY'
import os, sys, time
fd = os.open(sys.argv[1], os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
line = b"216b38c843b29c17 move h5 h7\n"
times = []
for _ in range(50):
    t0 = time.perf_counter_ns(); os.write(fd, line); os.fdatasync(fd); times.append(time.perf_counter_ns() - t0)
times.sort(); print(times[len(times) // 2] // 1000)
PY
done | median)
echo "one command appended and flushed (write + fdatasync), median: $flush us"
