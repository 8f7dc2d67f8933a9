#!/usr/bin/env bash
# tercio lobby in a real terminal (tmux, 80x24), as a public server's shared account runs it:
# register, the start menu as that player, log out, a wrong password, log in, a game against the
# computer from the menu, back to the menu after it, the files the lobby keeps (a hash, never the
# password), the administrator's lock and list, and a directory the lobby refuses.
# (tests/ssh/ plays the same through a real sshd.) Usage: tmux_lobby.sh TERCIO
set -euo pipefail
tercio="$1"
command -v tmux >/dev/null || { echo "tmux_lobby: tmux is not installed" >&2; exit 1; }
sock="tercio-lobby-test-$$"
t() { tmux -L "$sock" "$@"; }
work="$(mktemp -d)"
root="$work/lobby"
# A game server forked by the lobby keeps its command line: none outlives the test.
cleanup() { t kill-server 2>/dev/null || true; pkill -f -- "lobby --root $root" 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT
session=lobby
screen() { t capture-pane -p -t "$session"; }
expect() {
    for _ in $(seq 100); do
        if screen | grep -qF -- "$1"; then return 0; fi
        sleep 0.1
    done
    echo "tmux_lobby: expected '$1' on the screen:" >&2
    screen >&2
    exit 1
}
keys() { t send-keys -t "$session" "$@"; }
# Moves the start menu's cursor (">") down to the line that says TEXT.
to_line() {
    for _ in $(seq 15); do
        if screen | grep -q -- "^ *> .*$1"; then return 0; fi
        keys Down
        sleep 0.1
    done
    echo "tmux_lobby: no menu line '$1':" >&2
    screen >&2
    exit 1
}
text() { t send-keys -t "$session" -l "$1"; }

# A lobby in a directory others may write in is refused, naming it.
mkdir -m 0777 "$work/open"
if out="$("$tercio" lobby --root "$work/open" 2>&1)"; then
    echo "tmux_lobby: a world-writable lobby directory was accepted" >&2; exit 1
fi
grep -qF "$work/open" <<<"$out" || { echo "tmux_lobby: the refusal does not name the directory: $out" >&2; exit 1; }

# A session that lasts the whole test: killing the lobby's session to start another must never
# leave the tmux server empty, or it exits and the next new-session can meet it on its way out
# ("server exited unexpectedly").
t -f /dev/null new-session -d -s keep -x 80 -y 24 "sleep 600"
t new-session -d -s "$session" -x 80 -y 24 "$tercio lobby --root '$root'; echo LOBBY-ENDED \$?; sleep 30"
expect "r  Register a new player"
expect "0 players registered here, 0 games running."
# Register alice: the password twice, never shown.
keys r
expect "Choose a name"
text alice
keys Enter
expect "Choose a password"
text "pike and shot"
screen | grep -qF "pike and shot" && { echo "tmux_lobby: the password is on the screen" >&2; exit 1; }
expect "Password:  *************_"
keys Enter
expect "The same password again"
text "pike and shot"
keys Enter
# The start menu as alice.
expect "Welcome, alice."
expect "Start the battle"
# Quit in the menu logs out, back to the first screen.
keys q
expect "Logged out alice."
expect "1 player registered here"
# A wrong password, then the right one.
keys l
text alice
keys Enter
text "pike and shoT"
keys Enter
expect "Wrong password for alice."
text "pike and shot"
keys Enter
expect "Welcome, alice."
# A game against the computer (random, quick), left with Q: the menu comes back saying where
# it is saved, and Continue offers it.
keys Up Up Left Left
expect "< the computer, random >"
# Seed 12: its set-up asks A to place terrain (another might ask for an extra unit first).
to_line "Seed"
text 12
expect "Seed        < 12 >"
to_line "Start the battle"
keys Enter
expect "Before the battle"
keys Escape
expect "place terrain"
keys Q
expect "Quit? The game is saved"
keys y
expect "Start the battle"
expect "Continue"
expect "Your game is saved: Continue goes on with it."
keys q
expect "Logged out alice."
keys q
expect "LOBBY-ENDED 0"

# What the lobby keeps: alice's hash, her save in her own folder; the password nowhere.
grep -q '^hash \$argon2id\$' "$root/accounts/alice" || { echo "tmux_lobby: no Argon2id hash" >&2; exit 1; }
if grep -rqF "pike and shot" "$root"; then echo "tmux_lobby: the password is in a file" >&2; exit 1; fi
ls "$root/players/alice/"*.save >/dev/null || { echo "tmux_lobby: no save in alice's folder" >&2; exit 1; }
[ "$(stat -c %a "$root")" = 700 ] || { echo "tmux_lobby: the lobby's directory is not private" >&2; exit 1; }

# Every player's finished games are in everyone's Replay a game: alice's (conceded at once, in
# her folder as the lobby keeps it) replayed by bob.
echo concede | TERM=dumb timeout 60 "$tercio" play --plain --seed 3 --save-dir "$root/players" --player alice \
    >"$work/out.txt" 2>&1 || { echo "tmux_lobby: the conceded game did not end" >&2; exit 1; }
t kill-session -t "$session"
t new-session -d -s "$session" -x 80 -y 24 "$tercio lobby --root '$root'; echo LOBBY-ENDED \$?; sleep 30"
expect "r  Register a new player"
keys r
text bob
keys Enter
text "bills and bows"
keys Enter
text "bills and bows"
keys Enter
expect "Welcome, bob."
# Join a game lists the lobby's games, in words a player without a shell can use.
to_line "Join a game"
keys Enter
expect "No game is running in the lobby."
keys Escape
expect "Start the battle"
to_line "Replay a game"
keys Enter
expect "alice"
expect "finished"
keys Enter
expect "seed 3, finished"
keys q
expect "Back from the replay"
keys q
expect "Logged out bob."
keys q
expect "LOBBY-ENDED 0"

# The administrator locks alice: she cannot log in.
"$tercio" lobby --root "$root" --lock alice | grep -qF "alice is locked"
"$tercio" lobby --root "$root" --list | grep -qF "alice  locked"
t kill-session -t "$session"
t new-session -d -s "$session" -x 80 -y 24 "$tercio lobby --root '$root'; echo LOBBY-ENDED \$?; sleep 30"
expect "l  Log in"
keys l
text alice
keys Enter
text "pike and shot"
keys Enter
expect "The administrator has locked the name alice."
keys Escape q
expect "LOBBY-ENDED 0"
echo "tmux_lobby: ok"
