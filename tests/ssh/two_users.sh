#!/usr/bin/env bash
# Two players, each a Unix user of their own, play tercio through a real sshd as on a shared
# server (docs/network.md): alice and bob log in with `ssh -tt` (keys only) from terminals of
# 80x24 (tmux panes), alice hosts in a root-owned sticky game directory, bob joins with the code
# read from her screen, and carol, a third user, watches. They play through the curses screens,
# each command seen on the other player's screen and the spectator's. Then bob's ssh client is
# killed mid-game (the client, not tercio: a dropped connection): alice is told, her save holds
# every command played, and bob, logging in again, takes his seat back with `tercio join` (no
# code: his seat's token) and plays on. Last alice's own connection drops: the game server she
# started (which left her session) goes on, and she takes her seat back the same way.
# Needs root (it makes the users); skipped otherwise (tests/ssh/harness.sh). Usage: two_users.sh TERCIO
set -euo pipefail
tercio="$1"
name=ssh_two_users
. "$(dirname "${BASH_SOURCE[0]}")/harness.sh"
ssh_start alice bob carol
a=${user[alice]} b=${user[bob]} c=${user[carol]}
games="$work/games"
install -d -m 1777 -o root -g root "$games"   # as the administrator makes it: root's, sticky
login() {  # login SESSION ROLE COMMAND: ROLE logs in from a new terminal and runs COMMAND there
    t new-session -d -s "$1" -x 80 -y 24 "$(ssh_line "$2" "$3"); echo EXIT=\$?; sleep 60"
}
# A dropped connection: the ssh client in SESSION's pane is killed (SIGKILL: no goodbye of any
# kind reaches sshd), and the pane's shell says so.
drop() {
    local pane ssh_pid
    pane="$(t display -p -t "$1" '#{pane_pid}')"
    ssh_pid="$(pgrep -P "$pane" -x ssh)" || fail "no ssh client under $1's pane"
    kill -9 "$ssh_pid"
    see "$1" "EXIT=137"
}
# A command typed at the ":" prompt of SESSION, which the other screens must show as played.
play() {  # play SESSION 'A (French, NAME)' COMMAND SESSION...
    local who=$1 side=$2 command=$3
    shift 3
    keys "$who" ":"
    typed "$who" "$command"
    keys "$who" Enter
    for s in "$@"; do see "$s" "$side played \"$command\""; done
}

login alice alice "$bin host --server-dir $games --seed 5"
hosted alice
[ -S "$games/$id.sock" ] && [ "$(stat -c %U "$games/$id.sock")" = "$a" ] ||
    fail "no socket of alice's in the game directory: $(ls -la "$games")"

login bob bob "$bin join --server-dir $games $code"
see bob "You play side B of game $id"
see alice "B ($b) joins the game."
login carol carol "$bin watch --server-dir $games $id"
see carol "You are watching game $id"
see alice "$c watches (1 watching)."

# Two commands each way, each on the other player's and the spectator's screen at once.
A="A (French, $a)"
B="B (Spanish, $b)"
play bob "$B" "terrain pass" alice carol
play alice "$A" "terrain pass" bob carol
play bob "$B" "deploy auto" alice carol
play alice "$A" "deploy auto" bob carol
see alice "$B is thinking"

# Bob's connection drops: his ssh client is killed (SIGKILL: no goodbye of any kind).
bob_joins() { local all; all="$(ps -o args= -u "$b" || true)"; grep -q "tercio join" <<<"$all"; }
bob_joins || fail "bob's tercio join is not among his processes: $(ps -o pid,args -u "$b")"
drop bob
see alice "B ($b) left; the game waits and is saved."
see carol "B ($b) left; the game waits and is saved."
# His tercio ends with the connection (the hang-up), and the game server goes on.
for _ in $(seq 100); do bob_joins || break; sleep 0.1; done
! bob_joins || fail "bob's tercio still runs after his connection dropped: $(ps -o pid,args -u "$b")"
[ -S "$games/$id.sock" ] || fail "the game server went with bob's connection"

# The host's save (alice's, in her own save directory) holds the four commands, in order.
saves="${home[alice]}/.local/state/tercio/$a"
save="$(ls "$saves"/*.save)" || fail "no save in $saves: $(ls -la "$saves" 2>&1)"
[ "$(stat -c %U "$save")" = "$a" ] || fail "the save is not alice's: $(ls -l "$save")"
commands() { grep -E '^[0-9a-f]{16} ' "$save" | cut -d' ' -f2- | paste -sd, -; }
saved() {  # the save's commands, at most 5 s after the screens showed the last
    for _ in $(seq 50); do [ "$(commands)" = "$1" ] && return 0; sleep 0.1; done
    fail "the save does not hold the commands played ($1): $(commands)"
}
saved "terrain pass,terrain pass,deploy auto,deploy auto"

# Bob logs in again: tercio join with no code finds his seat by its token, and he plays on.
t kill-session -t bob
login bob bob "$bin join --server-dir $games"
see bob "You play side B of game $id"
see alice "B ($b) is back."
see carol "B ($b) is back."
play bob "$B" "first" alice carol
# His first card: alice's screen lets her shot in reply go by itself (less likely than 20% to do
# harm: docs/network.md, --shot-threshold), so that the game goes on to bob's next card.
keys bob ":"
typed bob "turn"
keys bob Enter
see alice "B turns Milling Around (19 left)"
see carol "B turns Milling Around (19 left)"
see carol "$A played \"decline\""
saved "terrain pass,terrain pass,deploy auto,deploy auto,first,turn,decline"

# The host's connection drops too: her game server, which left her session, goes on without her
# terminal; bob is told, and alice takes her seat back as bob did.
drop alice
see bob "A ($a) left; the game waits and is saved."
[ -S "$games/$id.sock" ] || fail "the game server went with alice's connection"
t kill-session -t alice
login alice alice "$bin join --server-dir $games"
see alice "You play side A of game $id"
see bob "A ($a) is back."
keys bob ":"
typed bob "turn"
keys bob Enter
see alice "B turns Milling Around (18 left)"
see carol "B turns Milling Around (18 left)"
see carol "$A played \"decline\""  # alice's screen lets this shot go by too
saved "terrain pass,terrain pass,deploy auto,deploy auto,first,turn,decline,turn,decline"
echo "$name: ok"
