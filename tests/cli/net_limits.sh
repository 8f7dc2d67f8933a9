#!/usr/bin/env bash
# A tercio host game server under a low descriptor limit (prlimit), with more TCP connections on
# 127.0.0.1 than it may hold, opened by bash itself (/dev/tcp) and never saying a word:
# 1. started under the limit: it holds what fits, tells a spectator beyond that the server is
#    full, still answers tercio watch's list, and does not spin;
# 2. the limit lowered under it once it runs: it meets EMFILE, waits instead of spinning (its CPU
#    time from /proc/PID/stat), and lists the game again once the connections are gone.
# Usage: net_limits.sh TERCIO
set -euo pipefail
tercio="$1"
command -v prlimit >/dev/null || { echo "net_limits: skipped: no prlimit (util-linux)"; exit 77; }
work="$(mktemp -d)"
servers="$work/games"
mkdir -m 700 "$servers"
cleanup() {
    for pid in $("$tercio" watch --server-dir "$servers" 2>/dev/null | grep -o 'server pid [0-9]*' | awk '{print $3}'); do
        kill -9 "$pid" 2>/dev/null || true
    done
    rm -rf "$work"
}
trap cleanup EXIT
fail() { echo "net_limits: $*" >&2; exit 1; }
common=(--plain --server-dir "$servers" --save-dir "$work/saves")

# The CPU time (user + system) of a process, in clock ticks (field 14 and 15 of its stat line;
# the command's name, field 2, holds no space here).
ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }
hz="$(getconf CLK_TCK)"

# host_game NAME [PREFIX...]: a solo game (the computer plays B) served on a TCP port; its host's
# client leaves at once (no input). Sets id, port and pid.
host_game() {
    local name="$1"; shift
    "$@" "$tercio" host "${common[@]}" --player "$name" --vs random --ai-delay 0 --listen 127.0.0.1:0 \
        </dev/null >"$work/$name.out" 2>&1 || fail "$name: host exited $?: $(tail -n 5 "$work/$name.out")"
    id="$(grep -o 'Game [0-9a-f]* hosted' "$work/$name.out" | head -1 | cut -d' ' -f2)"
    port="$(grep -o 'tercio join ADDRESS:[0-9]*' "$work/$name.out" | head -1 | cut -d: -f2)"
    pid="$("$tercio" watch --server-dir "$servers" | grep "^  $id " | grep -o 'server pid [0-9]*' | awk '{print $3}')"
    [ -n "$id" ] && [ -n "$port" ] && [ -n "$pid" ] || fail "$name: no game hosted: $(cat "$work/$name.out")"
}

# Opens N connections to the port and keeps them (their descriptors in conns).
conns=()
open_connections() {
    local fd
    for _ in $(seq "$1"); do
        exec {fd}<>"/dev/tcp/127.0.0.1/$port" || fail "cannot connect to 127.0.0.1:$port"
        conns+=("$fd")
    done
}
close_connections() {
    local fd
    for fd in "${conns[@]}"; do exec {fd}>&-; done
    conns=()
}

# Whether tercio watch lists the game (tries for at most 5 s).
listed() {
    for _ in $(seq 50); do
        "$tercio" watch --server-dir "$servers" 2>/dev/null | grep -q "^  $1 " && return 0
        sleep 0.1
    done
    return 1
}

# 1. Started with 48 descriptors: it sizes its connections and its reserve to fit.
host_game alice prlimit --nofile=48:48
open_connections 60
sleep 0.3
before="$(ticks "$pid")"
listed "$id" || fail "full: tercio watch does not list game $id"
"$tercio" watch "${common[@]}" --player carol "$id" </dev/null >"$work/carol.out" 2>&1 || true
grep -qF "the game server is full (" "$work/carol.out" || fail "full: a spectator was not told: $(tail -n 5 "$work/carol.out")"
sleep 2
kill -0 "$pid" 2>/dev/null || fail "full: the game server died"
used=$(($(ticks "$pid") - before))
[ "$used" -le $((hz / 5)) ] || fail "full: the game server used $used ticks of $hz a second over some 2 s"
close_connections
listed "$id" || fail "full: game $id not listed once the connections left"
echo "held to its descriptors: ok ($used ticks over 2 s)"

# 2. The limit lowered under a running server: 4 descriptors left.
host_game bob
open="$(ls "/proc/$pid/fd" | wc -l)"
prlimit --pid "$pid" --nofile=$((open + 4)): || fail "prlimit --pid $pid failed"
open_connections 40
sleep 0.3
before="$(ticks "$pid")"
sleep 2
kill -0 "$pid" 2>/dev/null || fail "EMFILE: the game server died"
used=$(($(ticks "$pid") - before))
[ "$used" -le $((hz / 5)) ] || fail "EMFILE: the game server used $used ticks of $hz a second over 2 s: it spins"
# Meanwhile it has no descriptor for a list's connection either: the limit did bite.
if "$tercio" watch --server-dir "$servers" 2>/dev/null | grep -q "^  $id "; then
    fail "EMFILE: game $id listed: the lowered limit did not bite"
fi
close_connections
listed "$id" || fail "EMFILE: game $id not listed once the connections left"
echo "out of descriptors: ok ($used ticks over 2 s)"
