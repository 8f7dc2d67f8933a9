#!/usr/bin/env bash
# tercio host / join / watch for Hell Broke Loose, as net_play.sh for Pikette Squared: two players'
# scripts play a whole game against each other through a game server hosted with --ruleset, with
# a spectator who must see the same events; over a Unix socket, then over TCP on 127.0.0.1. The
# joiner and the spectator are not told the ruleset: they learn it from the server.
# Usage: net_play_hbl.sh TERCIO
set -euo pipefail
tercio="$1"
name=net_play_hbl
. "$(dirname "$0")/net_common.sh"
# A player's script: a chat line, then at every decision the legal list and its first command
# (bounded: the game ends at its turn limit long before).
{ echo "say hello from the script"; for _ in $(seq 3000); do echo legal; echo 1; done; } >"$work/firsts.txt"
# The events as the log words them: what every client of one game must print alike. Prompts,
# echoed lines, legal lists, waiting lines, and the news of who joined or left are each client's own.
events() {
    grep -vE '^([AB](, [0-9]+ pips? left)?> |Turn [0-9]+[,:] |Out of turn: |You (play|are watching)|Game [0-9a-f]{8} hosted|tercio: |[0-9]+\. |[0-9]+ more: |[0-9]+ legal commands? |  +[0-9]+ |  +\.\.\. and [0-9]+ more)' "$1" |
        grep -vE ' (plays|says:) |joins|spectator|watches \(|left;|is back|Both sides|^(1|legal|say .*)$'
}

play_game() {  # play_game NAME [HOST-OPTIONS...]: alice hosts, bob joins, carol watches
    local name="$1"; shift
    local out="$work/$name"
    "$tercio" host "${common[@]}" --ruleset hell-broke-loose --red french --blue ottoman --player alice --seed 7 \
        --ai-delay 0 "$@" <"$work/firsts.txt" >"$out-alice.out" 2>&1 &
    local alice=$!
    watchdog "$alice"
    wait_for "$out-alice.out" "Join code: "
    local code id port
    code="$(grep -o 'Join code: [A-Z]*' "$out-alice.out" | head -1 | cut -d' ' -f3)"
    id="$(grep -o 'Game [0-9a-f]* hosted' "$out-alice.out" | head -1 | cut -d' ' -f2)"
    port="$(grep -o 'tercio join ADDRESS:[0-9]*' "$out-alice.out" | head -1 | cut -d: -f2 || true)"
    local where=()
    [ -n "$port" ] && where=("127.0.0.1:$port")
    if [ -n "$port" ]; then
        "$tercio" watch "${common[@]}" --player carol "${where[@]}" </dev/null >"$out-carol.out" 2>&1 &
    else
        "$tercio" watch "${common[@]}" --player carol "$id" </dev/null >"$out-carol.out" 2>&1 &
    fi
    local carol=$!
    watchdog "$carol"
    wait_for "$out-carol.out" "You are watching game $id"
    "$tercio" join "${common[@]}" --player bob "${where[@]}" "$code" <"$work/firsts.txt" >"$out-bob.out" 2>&1 &
    local bob=$!
    watchdog "$bob"
    wait "$alice" || { rc=$?; head -40 "$out-alice.out"; fail "$name: alice's client exited $rc"; }
    wait "$bob" || fail "$name: bob's client exited $?: $(tail -n 5 "$out-bob.out")"
    wait "$carol" || fail "$name: carol's client exited $?: $(tail -n 5 "$out-carol.out")"
    for who in alice bob carol; do
        has "$out-$who.out" "Hell Broke Loose: French (A) v Ottoman (B)"
        has "$out-$who.out" "The game is over."
        has "$out-$who.out" "tercio: game $id is over"
        if LC_ALL=C grep -q $'\x1b' "$out-$who.out"; then fail "$name: $who's output holds an ESC byte"; fi
    done
    has "$out-bob.out" "You play side B of game $id"
    has "$out-bob.out" "A (alice) says: hello from the script"
    has "$out-alice.out" "B (bob) says: hello from the script"
    has "$out-carol.out" "B (bob) says: hello from the script"
    has "$out-alice.out" "B (bob) joins the game."
    events "$out-alice.out" >"$out-alice.events"
    events "$out-bob.out" >"$out-bob.events"
    events "$out-carol.out" >"$out-carol.events"
    [ "$(wc -l <"$out-alice.events")" -gt 100 ] || fail "$name: too few events: $(wc -l <"$out-alice.events")"
    diff "$out-alice.events" "$out-bob.events" >/dev/null || fail "$name: alice and bob saw different games: $(diff "$out-alice.events" "$out-bob.events" | head)"
    diff "$out-alice.events" "$out-carol.events" >/dev/null || fail "$name: the spectator saw another game: $(diff "$out-alice.events" "$out-carol.events" | head)"
    # The save is an ordinary Hell Broke Loose save: it checks, and names bob as side B's player.
    local save
    save="$(ls -t "$work"/saves/alice/*.save | head -1)"
    grep -q 'hell-broke-loose' "$save" || fail "$name: the save is not of Hell Broke Loose"
    "$tercio" check "$save" >/dev/null || fail "$name: the save does not check"
    awk '/^\[blue\]/{b=1} b && /^player =/{print; exit}' "$save" | grep -qx 'player = "bob"' ||
        fail "$name: the save does not name bob as side B's player: $(grep -n 'player =' "$save")"
    for _ in $(seq 50); do [ -e "$servers/$id.sock" ] || break; sleep 0.1; done
    [ ! -e "$servers/$id.sock" ] || fail "$name: the server of a finished game is still there"
    echo "$name: ok ($(wc -l <"$out-alice.events") events alike for the three clients)"
}

play_game unix
play_game tcp --listen 127.0.0.1:0

# A program without the game's ruleset refuses to join it, naming it.
"$tercio" host "${common[@]}" --ruleset hell-broke-loose --red french --blue ottoman --player alice --seed 3 \
    --ai-delay 0 --vs normal </dev/null >"$work/solo-alice.out" 2>&1 &
alice=$!
watchdog "$alice"
wait_for "$work/solo-alice.out" "Join code: "
id="$(grep -o 'Game [0-9a-f]* hosted' "$work/solo-alice.out" | head -1 | cut -d' ' -f2)"
mkdir -p "$work/data"
cp -r "$(cd "$(dirname "$0")/../.." && pwd)/data/." "$work/data/"
rm -rf "$work/data/rulesets/hell-broke-loose"
rc=0
timeout 60 "$tercio" --data-dir "$work/data" watch "${common[@]}" --player carol "$id" </dev/null \
    >"$work/nodata.out" 2>&1 || rc=$?
[ "$rc" -ne 0 ] || fail "a program without the ruleset watched its game"
has "$work/nodata.out" "which this program does not have"
echo "no ruleset: ok"
