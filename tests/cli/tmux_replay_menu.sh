#!/usr/bin/env bash
# The start menu's Replay a game in tmux at 80x24: the player's finished games listed (a damaged
# one said to be damaged, and not opened), one opened in the replay screen, and q there coming back
# to the start menu.
# Usage: tmux_replay_menu.sh TERCIO
set -euo pipefail
tercio="$1"
command -v tmux >/dev/null || { echo "tmux_replay_menu: tmux is not installed" >&2; exit 1; }
work="$(mktemp -d)"
sock="tercio-replay-menu-$$"
t() { tmux -L "$sock" "$@"; }
cleanup() { t kill-server 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT
fail() {
    echo "tmux_replay_menu: $*" >&2
    t capture-pane -p -t menu >&2 2>/dev/null || true
    exit 1
}
screen() { t capture-pane -p -t menu 2>/dev/null | tr -s ' ' || true; }
# Waits (at most 10 s) until the pane shows the text (spaces squeezed).
see() {
    for _ in $(seq 100); do screen | grep -qF -- "$1" && return 0; sleep 0.1; done
    fail "the screen does not show '$1'"
}

# A finished game of alice's: conceded at once, in plain lines (two players at one keyboard).
echo concede | TERM=dumb timeout 60 "$tercio" play --plain --seed 3 --save-dir "$work/saves" --player alice \
    >"$work/out.txt" 2>&1 || fail "the conceded game did not end: $(tail -n 3 "$work/out.txt")"
grep -qF ", finished, saved in" "$work/out.txt" || fail "no finished game: $(tail -n 3 "$work/out.txt")"
good="$(ls "$work"/saves/alice/*.save)"
# A damaged copy, older: its command's hash no longer agrees with the game.
damaged="$work/saves/alice/damaged.save"
sed -E 's/^[0-9a-f]{16} concede$/0000000000000000 concede/' "$good" >"$damaged"
cmp -s "$good" "$damaged" && fail "the copy was not damaged"
touch -d '2 hours ago' "$damaged"

t -f /dev/null new-session -d -s menu -x 80 -y 24 \
    "TERM=xterm $tercio play --save-dir $work/saves --player alice; echo EXIT=\$?; sleep 30"
see "Start the battle"
see "[ Replay a game ] your finished games"
# Start, Host a game, Join a game, then Replay a game (no Continue: nothing is unfinished).
t send-keys -t menu Down Down Down
see "> [ Replay a game ]"
t send-keys -t menu Enter
see "Your finished games, the last played first:"
see "> French v Spanish, the set-up,"
see "alice, two players at one keyboard, finished"
see "damaged: tercio check $damaged says why"
see "Games 1-2 of 2, page 1 of 1"
# Enter on the damaged one says why, and stays.
t send-keys -t menu Down Enter
see "damaged.save: damaged: tercio check"
t send-keys -t menu Up Enter
# The replay screen of tercio replay, titled with the file (wrapped under the map); q leaves it
# for the start menu.
see "REPLAY $(basename "$good"),"
see "seed 3, finished"
see "REPLAY command 0 of 1: the set-up rolls"
t send-keys -t menu q
see "Back from the replay of French v Spanish, the set-up,"
see "> [ Replay a game ]"
# Enter again: the list, on the same game; Esc goes back; q quits.
t send-keys -t menu Enter
see "> French v Spanish, the set-up,"
t send-keys -t menu Escape
see "Start the battle"
t send-keys -t menu q
see "no game started"
see "EXIT=0"
echo "tmux_replay_menu: ok"
