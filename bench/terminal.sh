#!/usr/bin/env bash
# Builds a Release tercio (as bench/run does) and runs bench/terminal.py five times: `tercio play`
# in an 80x24 pseudo-terminal (TERM=xterm-256color). Prints the median of the five runs for the
# time to the first frame, the CPU used while idle, bytes and writes per cursor move, bytes per
# card turned and peak memory, beside the targets. Wall times swing with other load on the
# machine (a build running beside it can double them): the CPU time of the first frame says how
# much of it was the program's own work.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
. "$root/scripts/deps.sh"
tercio_install_deps
command -v python3 >/dev/null 2>&1 || { echo "terminal.sh: python3 is needed" >&2; exit 1; }
build="$root/build/release"
cmake -S "$root" -B "$build" -G "$(tercio_generator)" -DCMAKE_BUILD_TYPE=Release -DTERCIO_BUILD_TESTS=OFF >/dev/null
cmake --build "$build" -j2 >/dev/null
out=""
for i in 1 2 3 4 5; do
    # timeout: a last guard, the harness has its own time limits
    run=$(timeout 60 python3 "$root/bench/terminal.py" --binary "$build/tercio" "$@") ||
        { echo "terminal.sh: run $i failed" >&2; exit 1; }
    out+="$run"$'\n'
done
median() { sort -n | awk '{a[NR]=$1} END {if (NR) print a[int((NR+1)/2)]; else print "?"}'; }
field() { sed -n "s/^$1: \([0-9.]*\).*/\1/p" <<<"$out" | median; }
echo "first frame: $(field 'first frame') ms (median of 5; target <= 10 ms)"
echo "  spawn floor: $(field 'spawn floor') ms (first output of \`tercio --help\`, for scale)"
echo "  first frame cpu: $(field 'first frame cpu') ms (CPU time of the process up to then)"
echo "first frame bytes: $(field 'first frame bytes')"
echo "idle cpu: $(field 'idle cpu') s in 2 s waiting for a key (utime+stime, median of 5; target ~0)"
echo "bytes per cursor move: $(field 'bytes per cursor move') (median of 5 medians; target <= 60)"
echo "writes per cursor move: $(field 'writes per cursor move') (write() calls, median of 5 medians)"
echo "bytes per card turned: $(field 'bytes per card turned') (median of 5)"
echo "peak memory: $(field 'peak memory') MB (VmHWM, median of 5; target <= 8 MB)"
