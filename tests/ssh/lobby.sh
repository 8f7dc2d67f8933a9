#!/usr/bin/env bash
# One shared game account, as on a public server (docs/server.md): sshd forces `tercio lobby
# --root DIR` on it (the Match block of the shipped docs/server/tercio.conf, with this test's
# account and paths), and three players log in to that one account with ssh, each then by a name
# and password of their own in the lobby. alice, bob and carol
# register; alice hosts from the start menu, bob joins from its Join a game with the code from her
# screen, carol watches from the same list; they play, each command on the others' screens. Then
# bob's ssh client is killed (a dropped connection): alice is told, her save (in the lobby's
# players/alice) holds every command, and bob, logging in to the lobby again, takes his seat back
# from Join a game ([back], no code) and plays on.
# First, a command asked of the shared account over ssh gets the lobby, not a shell.
# Needs root (it makes the account); skipped otherwise (tests/ssh/harness.sh).
# Usage: lobby.sh TERCIO
set -euo pipefail
tercio="$1"
name=ssh_lobby
. "$(dirname "${BASH_SOURCE[0]}")/harness.sh"
ssh_users game
g=${user[game]}
# The lobby's directory: the shared account's own and private (docs/server.md).
root="$work/lobby"
install -d -m 700 -o "$g" -g "$g" "$root"
# sshd's settings for the account are the shipped sample's (docs/server/tercio.conf, which the
# Debian package installs for /etc/ssh/sshd_config.d/), with this test's account and paths.
sample="$(dirname "${BASH_SOURCE[0]}")/../../docs/server/tercio.conf"
match="$(sed -e "s|^Match User tercio\$|Match User $g|" \
             -e "s|ForceCommand /usr/bin/tercio lobby --root /var/games/tercio\$|ForceCommand $bin lobby --root $root|" \
             "$sample")"
grep -qx "Match User $g" <<<"$match" && grep -qF "ForceCommand $bin lobby --root $root" <<<"$match" ||
    fail "$sample has no 'Match User tercio' and 'ForceCommand /usr/bin/tercio lobby --root /var/games/tercio' to adapt"
ssh_sshd "$match"

# A new terminal logged in to the shared account (ssh asks for no command: sshd runs the lobby
# all the same), in a tmux session named after the player.
lobby() {
    t new-session -d -s "$1" -x 80 -y 24 "$(ssh_line game); echo EXIT=\$?; sleep 60"
    see "$1" "r Register a new player"
}
register() {  # register NAME PASSWORD: a new name, then the start menu as that player
    lobby "$1"
    keys "$1" r
    see "$1" "Choose a name"
    typed "$1" "$1"
    keys "$1" Enter
    see "$1" "Choose a password"
    typed "$1" "$2"
    keys "$1" Enter
    see "$1" "The same password again"
    typed "$1" "$2"
    keys "$1" Enter
    see "$1" "Welcome, $1."
    see "$1" "Start the battle"
}
login() {  # login NAME PASSWORD
    lobby "$1"
    keys "$1" l
    typed "$1" "$1"
    keys "$1" Enter
    typed "$1" "$2"
    keys "$1" Enter
    see "$1" "Welcome, $1."
    see "$1" "Start the battle"
}
# Down (or Up) in the start menu until its cursor (>) is on the line with the text; each key's
# effect seen before the next (over ssh a screen may lag behind the keys).
to_line() {  # to_line SESSION TEXT [Up]
    local now before
    for _ in $(seq 15); do
        now="$(t capture-pane -p -t "$1")"
        grep -q -- "^ *> .*$2" <<<"$now" && return 0
        before=$now
        keys "$1" "${3:-Down}"
        for _ in $(seq 50); do
            now="$(t capture-pane -p -t "$1")"
            [ "$now" != "$before" ] && break
            sleep 0.05
        done
    done
    fail "$1: no menu line '$2' under the cursor"
}
# A command typed at the ":" prompt of a player's game, which the other screens must show played.
play() {  # play SESSION 'A (French, NAME)' COMMAND SESSION...
    local who=$1 side=$2 command=$3
    shift 3
    keys "$who" ":"
    typed "$who" "$command"
    keys "$who" Enter
    for s in "$@"; do see "$s" "$side played \"$command\""; done
}

# A command asked of the shared account gets the lobby all the same: no shell for anyone.
t new-session -d -s mallory -x 80 -y 24 "$(ssh_line game "echo SHELL-RAN; id"); echo EXIT=\$?; sleep 60"
see mallory "r Register a new player"
keys mallory q
see mallory "EXIT=0"
if grep -q "SHELL-RAN" <<<"$(screen mallory)"; then fail "a command asked over ssh ran in the shared account"; fi
t kill-session -t mallory

register alice "alice's pike"
register bob "bob's shot"
register carol "carol watches"

# Alice gives the seed (the same dice as tests/ssh/two_users.sh: side B places terrain first),
# makes side B a person's, then Host a game.
to_line alice "Seed" Up
typed alice 5
see alice "> Seed < 5 >"
keys alice Up Left Left Left
see alice "> Played by < a person at this keyboard >"
to_line alice "Host a game"
see alice "> [ Host a game ] you play A; a friend joins B with a code"
keys alice Enter
hosted alice
[ -S "$root/games/$id.sock" ] || fail "the game is not served in the lobby's games/: $(ls -la "$root" "$root/games" 2>&1)"
[ "$(stat -c %U "$root/games/$id.sock")" = "$g" ] || fail "the game server does not run as the shared account"

# Bob finds her game in Join a game and types the code; carol watches it from the same list.
to_line bob "Join a game"
keys bob Enter
see bob "> [join ] alice:"
typed bob "$code"
keys bob Enter
see bob "You play side B of game $id"
see alice "B (bob) joins the game."
to_line carol "Join a game"
keys carol Enter
see carol "> [watch] alice:"
keys carol Enter
see carol "You are watching game $id"
see alice "carol watches (1 watching)."

play bob "B (Spanish, bob)" "terrain pass" alice carol
play alice "A (French, alice)" "terrain pass" bob carol

# Bob's connection drops: his ssh client is killed.
pane="$(t display -p -t bob '#{pane_pid}')"
ssh_pid="$(pgrep -P "$pane" -x ssh)" || fail "no ssh client under bob's pane"
kill -9 "$ssh_pid"
see bob "EXIT=137"
see alice "B (bob) left; the game waits and is saved."
see carol "B (bob) left; the game waits and is saved."
[ -S "$root/games/$id.sock" ] || fail "the game server went with bob's connection"
[ -f "$root/players/bob/seat-$id.token" ] || fail "no seat token in bob's folder: $(ls -la "$root/players/bob" 2>&1)"
save="$(ls "$root/players/alice/"*.save)" || fail "no save in alice's folder: $(ls -la "$root/players/alice" 2>&1)"
commands() { grep -E '^[0-9a-f]{16} ' "$save" | cut -d' ' -f2- | paste -sd, -; }
saved() {  # the save's commands, at most 5 s after the screens showed the last
    for _ in $(seq 50); do [ "$(commands)" = "$1" ] && return 0; sleep 0.1; done
    fail "the save does not hold the commands played ($1): $(commands)"
}
saved "terrain pass,terrain pass"

# Bob logs in to the lobby again: his menu's Continue offers his seat back, and so does Join a
# game, no code needed (the latter taken here).
t kill-session -t bob
login bob "bob's shot"
see bob "hosted by alice: Continue takes your seat back"
to_line bob "Join a game"
keys bob Enter
see bob "> [back ] alice:"
keys bob Enter
see bob "You play side B of game $id"
see alice "B (bob) is back."
play bob "B (Spanish, bob)" "deploy auto" alice carol
saved "terrain pass,terrain pass,deploy auto"
echo "$name: ok"
