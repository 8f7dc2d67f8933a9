#!/usr/bin/env bash
# tercio host / join / watch end to end: two players' scripts play a whole game against each
# other through a game server, with a spectator who must see the same events; over a Unix socket,
# then over TCP on 127.0.0.1. Then the faults: a player's client killed and rejoined, the server
# killed and the game hosted again from its save.
# Usage: net_play.sh TERCIO
set -euo pipefail
tercio="$1"
name=net_play
. "$(dirname "$0")/net_common.sh"
# A player's script: the first legal command at every decision (bounded: the game ends long
# before), with a chat line first.
{ echo "say hello from the script"; for _ in $(seq 3000); do echo 1; done; } >"$work/ones.txt"
# The events as the log words them: what every client of one game must print alike. Prompts,
# echoed lines, waiting lines, and the news of who joined or left are each client's own.
events() {
    # (Out of turn: why a reaction stops one player's game, said only to that player.)
    grep -vE '^([AB](, [0-9]+ pips? left)?> |Turn [0-9]+: |Out of turn: |You (play|are watching)|Game [0-9a-f]{8} hosted|tercio: )' "$1" |
        grep -vE ' (plays|says:) |joins|spectator|watches \(|left;|is back|Both sides|^(1|say .*)$'
}

play_game() {  # play_game NAME [HOST-OPTIONS...]: alice hosts, bob joins, carol watches
    local name="$1"; shift
    local out="$work/$name"
    "$tercio" host "${common[@]}" --player alice --seed 7 --ai-delay 0 "$@" \
        <"$work/ones.txt" >"$out-alice.out" 2>&1 &
    local alice=$!
    watchdog "$alice"
    wait_for "$out-alice.out" "Join code: "
    local code id port
    code="$(grep -o 'Join code: [A-Z]*' "$out-alice.out" | head -1 | cut -d' ' -f3)"
    id="$(grep -o 'Game [0-9a-f]* hosted' "$out-alice.out" | head -1 | cut -d' ' -f2)"
    port="$(grep -o 'tercio join ADDRESS:[0-9]*' "$out-alice.out" | head -1 | cut -d: -f2 || true)"
    local where=()
    [ -n "$port" ] && where=("127.0.0.1:$port")
    # The spectator first, so that it sees the game from its first command.
    if [ -n "$port" ]; then
        "$tercio" watch "${common[@]}" --player carol "${where[@]}" </dev/null >"$out-carol.out" 2>&1 &
    else
        "$tercio" watch "${common[@]}" --player carol "$id" </dev/null >"$out-carol.out" 2>&1 &
    fi
    local carol=$!
    watchdog "$carol"
    wait_for "$out-carol.out" "You are watching game $id"
    "$tercio" join "${common[@]}" --player bob "${where[@]}" "$code" <"$work/ones.txt" >"$out-bob.out" 2>&1 &
    local bob=$!
    watchdog "$bob"
    wait "$alice" || { rc=$?; cat "$out-alice.out" | head -40; fail "$name: alice's client exited $rc"; }
    wait "$bob" || fail "$name: bob's client exited $?: $(tail -n 5 "$out-bob.out")"
    wait "$carol" || fail "$name: carol's client exited $?: $(tail -n 5 "$out-carol.out")"
    for who in alice bob carol; do
        has "$out-$who.out" "The game is over."
        has "$out-$who.out" "tercio: game $id is over"
        if LC_ALL=C grep -q $'\x1b' "$out-$who.out"; then fail "$name: $who's output holds an ESC byte"; fi
    done
    has "$out-alice.out" "Game $id hosted. Join code: $code"
    has "$out-bob.out" "You play side B of game $id"
    has "$out-bob.out" "A (alice) says: hello from the script"
    has "$out-alice.out" "B (bob) says: hello from the script"
    has "$out-carol.out" "A (alice) says: hello from the script"
    has "$out-alice.out" "B (bob) joins the game."
    # Everyone saw the same game, event for event.
    events "$out-alice.out" >"$out-alice.events"
    events "$out-bob.out" >"$out-bob.events"
    events "$out-carol.out" >"$out-carol.events"
    [ "$(wc -l <"$out-alice.events")" -gt 100 ] || fail "$name: too few events: $(wc -l <"$out-alice.events")"
    diff "$out-alice.events" "$out-bob.events" >/dev/null || fail "$name: alice and bob saw different games: $(diff "$out-alice.events" "$out-bob.events" | head)"
    diff "$out-alice.events" "$out-carol.events" >/dev/null || fail "$name: the spectator saw another game: $(diff "$out-alice.events" "$out-carol.events" | head)"
    # The save is an ordinary one: it checks, and its last line is the game's end.
    local save
    save="$(ls -t "$work"/saves/alice/*.save | head -1)"
    "$tercio" check "$save" >/dev/null || fail "$name: the save does not check"
    # It names each side's own player: bob played B, not the host.
    awk '/^\[blue\]/{b=1} b && /^player =/{print; exit}' "$save" | grep -qx 'player = "bob"' ||
        fail "$name: the save does not name bob as side B's player: $(grep -n 'player =' "$save")"
    [ "$(ls "$work"/saves/alice/ | grep -c '\.save$')" -eq "$saves_before" ] ||
        fail "$name: more than one save for one game: $(ls "$work"/saves/alice/)"
    saves_before=$((saves_before + 1))
    # The server ends once the game is over and everyone has gone.
    for _ in $(seq 50); do [ -e "$servers/$id.sock" ] || break; sleep 0.1; done
    [ ! -e "$servers/$id.sock" ] || fail "$name: the server of a finished game is still there"
    echo "$name: ok ($(wc -l <"$out-alice.events") events alike for the three clients)"
}

# 1. Over the Unix socket, then over TCP on the loopback (port 0: the system picks one).
saves_before=1
play_game unix
play_game tcp --listen 127.0.0.1:0

# 2. A player's client killed mid-game comes back to the same seat with tercio join.
"$tercio" host "${common[@]}" --player alice --seed 9 --ai-delay 0 <"$work/ones.txt" >"$work/k-alice.out" 2>&1 &
alice=$!
watchdog "$alice"
wait_for "$work/k-alice.out" "Join code: "
code="$(grep -o 'Join code: [A-Z]*' "$work/k-alice.out" | head -1 | cut -d' ' -f3)"
id="$(grep -o 'Game [0-9a-f]* hosted' "$work/k-alice.out" | head -1 | cut -d' ' -f2)"
mkfifo "$work/bob.fifo"
"$tercio" join "${common[@]}" --player bob "$code" <"$work/bob.fifo" >"$work/k-bob1.out" 2>&1 &
bob=$!
exec 7>"$work/bob.fifo"
for _ in $(seq 20); do echo 1 >&7; done
wait_for "$work/k-bob1.out" "B> "
for _ in $(seq 100); do [ "$(grep -cE '^B(, [0-9]+ pips? left)?> 1$' "$work/k-bob1.out")" -ge 20 ] && break; sleep 0.1; done
[ "$(grep -cE '^B(, [0-9]+ pips? left)?> 1$' "$work/k-bob1.out")" -ge 20 ] || fail "bob's first client did not play 20 commands"
kill -9 "$bob"
wait "$bob" 2>/dev/null || true
exec 7>&-
wait_for "$work/k-alice.out" "B (bob) left; the game waits and is saved."
# The same seat, the same game: found by the seat token, without the code.
"$tercio" join "${common[@]}" --player bob <"$work/ones.txt" >"$work/k-bob2.out" 2>&1 ||
    fail "bob's rejoin exited $?: $(tail -n 5 "$work/k-bob2.out")"
has "$work/k-bob2.out" "You play side B of game $id"
has "$work/k-bob2.out" "Resumed after"
has "$work/k-bob2.out" "The game is over."
wait "$alice" || fail "alice's client exited $?"
has "$work/k-alice.out" "B (bob) is back."
echo "kill a client: ok"

# 3. The server killed mid-game: tercio host --resume goes on from the save, no command lost.
mkfifo "$work/alice.fifo"
"$tercio" host "${common[@]}" --player alice --seed 11 --ai-delay 0 <"$work/alice.fifo" >"$work/s-alice.out" 2>&1 &
alice=$!
watchdog "$alice"
exec 8>"$work/alice.fifo"
wait_for "$work/s-alice.out" "Join code: "
code="$(grep -o 'Join code: [A-Z]*' "$work/s-alice.out" | head -1 | cut -d' ' -f3)"
"$tercio" join "${common[@]}" --player bob "$code" <"$work/ones.txt" >"$work/s-bob.out" 2>&1 &
bob=$!
watchdog "$bob"
for _ in $(seq 30); do echo 1 >&8; done
# Idle: alice's script waits, so the game waits for her.
for _ in $(seq 100); do [ "$(grep -cE '^A(, [0-9]+ pips? left)?> 1$' "$work/s-alice.out")" -ge 30 ] && break; sleep 0.1; done
sleep 0.5
"$tercio" watch --server-dir "$servers" >"$work/s-list.out"
commands="$(grep -o '[0-9]* commands' "$work/s-list.out" | head -1 | cut -d' ' -f1)"
pid="$(grep -o 'server pid [0-9]*' "$work/s-list.out" | head -1 | cut -d' ' -f3)"
[ -n "$pid" ] && [ "${commands:-0}" -gt 30 ] || fail "no running game listed: $(cat "$work/s-list.out"; tail -n 5 "$work/s-alice.out"; cat "$work/s-bob.out")"
kill -9 "$pid"
wait "$bob" || true
exec 8>&-
wait "$alice" || true
has "$work/s-bob.out" "the game server closed the connection"
has "$work/s-bob.out" "its host serves the game again with tercio host --resume, and tercio join takes you back"
# Hosted again: the same game, its code and its seats; bob comes back with his seat's token.
"$tercio" host "${common[@]}" --player alice --resume --ai-delay 0 <"$work/ones.txt" >"$work/s-resume.out" 2>&1 &
alice=$!
watchdog "$alice"
wait_for "$work/s-resume.out" "Join code: $code"
"$tercio" join "${common[@]}" --player bob <"$work/ones.txt" >"$work/s-bob2.out" 2>&1 ||
    fail "bob's rejoin exited $?: $(tail -n 5 "$work/s-bob2.out")"
wait "$alice" || fail "host --resume exited $?: $(tail -n 5 "$work/s-resume.out")"
has "$work/s-resume.out" "Resumed after $commands commands."
has "$work/s-bob2.out" "Resumed after"
has "$work/s-bob2.out" "You play side B"
has "$work/s-resume.out" "The game is over."
echo "kill the server: ok ($commands commands kept)"

# 4. tercio play --resume on a game a server is serving joins it (the default game directory:
# play has no --server-dir). The computer plays B; alice's script is empty, so she leaves at her
# first decision, and again after joining through play --resume.
"$tercio" host --plain --save-dir "$work/saves" --player dora --vs random --ai-delay 0 </dev/null >"$work/p-host.out" 2>&1 ||
    fail "host --vs exited $?: $(tail -n 5 "$work/p-host.out")"
id="$(grep -o 'Game [0-9a-f]* hosted' "$work/p-host.out" | head -1 | cut -d' ' -f2)"
served_pid="$("$tercio" watch | grep "^  $id " | grep -o 'server pid [0-9]*' | awk '{print $3}')"
[ -n "$served_pid" ] || fail "the --vs game is not listed in the default game directory"
"$tercio" play --resume --plain --save-dir "$work/saves" --player dora </dev/null >"$work/p-play.out" 2>&1 ||
    fail "play --resume exited $?: $(tail -n 5 "$work/p-play.out")"
kill -9 "$served_pid" 2>/dev/null || true
has "$work/p-play.out" "tercio play: game $id is being served: joining it."
has "$work/p-play.out" "You play side A of game $id"
echo "play --resume joins a served game: ok"

# 5. Relative paths: the server leaves for / when it detaches, so host makes them absolute first.
mkdir -m 700 "$work/rel-games"
tercio_abs="$(readlink -f "$tercio")"
(cd "$work" && "$tercio_abs" host --plain --server-dir rel-games --save-dir rel-saves --player erin --vs random \
    --ai-delay 0 </dev/null >"$work/r-host.out" 2>&1) || fail "host with relative paths exited $?: $(tail -n 5 "$work/r-host.out")"
has "$work/r-host.out" "Join code: "
id="$(grep -o 'Game [0-9a-f]* hosted' "$work/r-host.out" | head -1 | cut -d' ' -f2)"
[ -S "$work/rel-games/$id.sock" ] || fail "no socket in the relative --server-dir"
served_pid="$("$tercio" watch --server-dir "$work/rel-games" | grep "^  $id " | grep -o 'server pid [0-9]*' | awk '{print $3}')"
[ -n "$served_pid" ] || fail "the game hosted with relative paths is not listed"
kill -9 "$served_pid" 2>/dev/null || true
ls "$work"/rel-saves/erin/*.save >/dev/null 2>&1 || fail "no save in the relative --save-dir"
echo "relative paths: ok"
