#!/usr/bin/env bash
# The real terminal game in tmux at 80x24: the start menu, the set-up and a card by keystrokes,
# resize below the minimum and back, then quit; then a game against the computer (--vs random).
# Usage: tmux_play.sh TERCIO
set -euo pipefail
tercio="$1"
command -v tmux >/dev/null || { echo "tmux_play: tmux is not installed" >&2; exit 1; }
sock="tercio-test-$$"
t() { tmux -L "$sock" "$@"; }
# Saves go to a directory of the test's own, never the real ~/.local/state.
XDG_STATE_HOME="$(mktemp -d)"
export XDG_STATE_HOME
cleanup() { t kill-server 2>/dev/null || true; rm -rf "$XDG_STATE_HOME"; }
trap cleanup EXIT
session=play
screen() { t capture-pane -p -t "$session"; }
# Waits until the screen shows the text (up to 5 s).
expect() {
    for _ in $(seq 50); do
        if screen | grep -qF -- "$1"; then return 0; fi
        sleep 0.1
    done
    echo "tmux_play: expected '$1' on the screen:" >&2
    screen >&2
    exit 1
}
type_command() {
    t send-keys -t "$session" ":"
    t send-keys -t "$session" -l "$1"
    t send-keys -t "$session" Enter
}

# tercio alone in a terminal opens the start menu; q there quits without a game.
t -f /dev/null new-session -d -s menu -x 80 -y 24 "$tercio; sleep 5"
for _ in $(seq 50); do t capture-pane -p -t menu | grep -qF "Start the battle" && break; sleep 0.1; done
t capture-pane -p -t menu | grep -qF "Start the battle" || { echo "tmux_play: no start menu" >&2; exit 1; }
t send-keys -t menu q
for _ in $(seq 50); do t capture-pane -p -t menu | grep -qF "no game started" && break; sleep 0.1; done
t capture-pane -p -t menu | grep -qF "no game started" || { echo "tmux_play: q did not leave the menu" >&2; exit 1; }

# tercio play: the menu, side B played by a person instead of the computer (Right three times:
# hard, expert, then a person), seed 12 typed on the Seed line, then Start.
t -f /dev/null new-session -d -s play -x 80 -y 24 "$tercio play; sleep 5"
expect "Start the battle"
expect "< French >"
expect "Played by   < the computer, normal >"
t send-keys -t play Up Up Right
expect "Played by   < the computer, hard >  thinks longer"
t send-keys -t play Right
expect "Played by   < the computer, expert >  thinks ten times as long as hard"
t send-keys -t play Right
expect "Two players share this keyboard"
t send-keys -t play Down 1 2
expect "Seed        < 12 >"
t send-keys -t play Enter Enter
# The set-up rolls one key at a time; Esc shows the rest.
expect "Before the battle"
t send-keys -t play Escape
expect "place terrain"
# Enter at the cursor (h8) offers a stream and the pass; 2 picks the pass.
t send-keys -t play Enter
expect "h8: Enter plays, Esc cancels"
expect "2 terrain pass"
t send-keys -t play 2
type_command "terrain pass"
# D deploys each army in the standard layout.
t send-keys -t play D
t send-keys -t play D
expect "you won the initiative"
# The first turn's one-line tip, in the log.
expect "Tip: a turn is many phases"
t send-keys -t play Enter
expect "1 first"
t send-keys -t play 1
expect "t turns a card"
t send-keys -t play t
expect "Card: "
# The cursor moves with the vi-keys and the status line names what is under it.
t send-keys -t play k k k
# Refused commands say why and change nothing.
type_command "fight a1"
expect "fight a1:"
# Resize below 80x24 and back.
t resize-window -t play -x 70 -y 20
expect "terminal too small: need 80x24, have 70x20"
t resize-window -t play -x 80 -y 24
expect "Card: "
# A large window gets larger squares (7 cells by 3 rows from 140x54), and 80x24 the usual map.
t resize-window -t play -x 200 -y 60
expect "a      b      c      d"
t resize-window -t play -x 120 -y 40
expect "a    b    c    d"
t resize-window -t play -x 80 -y 24
expect "a  b  c  d  e"
# ? on a unit (the cursor is on h11, a Spanish unit) shows its rules; ? again the keys, from the
# key table.
t send-keys -t play "?"
expect "Rules for "
expect "Fight d"
t send-keys -t play "?"
expect "this help"
t send-keys -t play Escape
expect "Card: "
# S saves (every command is saved anyway) and keeps a .bak copy. Seven commands: A's reaction
# window after B's card offered only a shot under the shot threshold, let go for A (a decline).
t send-keys -t play S
expect "Saved (7 commands): "
expect "-french-v-spanish.save (and a .bak copy)"  # whole, within 80 columns
# Quit asks first, and says how to go on.
t send-keys -t play Q
expect "Quit? The game is saved"
t send-keys -t play n
expect "Not quitting."
# Ctrl-C asks the same question, and a resize of the window leaves it asked.
t send-keys -t play C-c
expect "Quit? The game is saved"
t resize-window -t play -x 100 -y 30 2>/dev/null || true
sleep 0.3
t resize-window -t play -x 80 -y 24 2>/dev/null || true
sleep 0.3
expect "Quit? The game is saved"
t send-keys -t play n
expect "Not quitting."
t send-keys -t play Q y
expect "tercio play --resume goes on with it"
# The start menu now offers to continue; Enter on Continue goes on where the game stopped.
t -f /dev/null new-session -d -s again -x 80 -y 24 "$tercio play; sleep 5"
for _ in $(seq 50); do t capture-pane -p -t again | grep -qF "French v Spanish, turn 1" && break; sleep 0.1; done
t capture-pane -p -t again | grep -qF "[ Continue ]  French v Spanish, turn 1" || { echo "tmux_play: no Continue line" >&2; t capture-pane -p -t again >&2; exit 1; }
t send-keys -t again Enter
for _ in $(seq 50); do t capture-pane -p -t again | grep -qF "Resumed " && break; sleep 0.1; done
t capture-pane -p -t again | grep -qF "Card: " || { echo "tmux_play: not resumed at the card" >&2; t capture-pane -p -t again >&2; exit 1; }
t send-keys -t again Q y

# Against the computer: tercio play --vs random --ai-delay 0. The person (side A) plays the first
# legal command each time (":", Tab, Enter); the computer answers on side B at once.
session=vs
t -f /dev/null new-session -d -s vs -x 80 -y 24 "$tercio play --vs random --ai-delay 0 --seed 12 --player solo; sleep 5"
expect "Before the battle"
t send-keys -t vs Escape
expect "Set-up rolled"
# Waits until the computer is not thinking (twice in a row, 0.1 s apart).
settled() {
    local calm=0
    for _ in $(seq 100); do
        if screen | grep -qF "is thinking"; then calm=0; else calm=$((calm + 1)); fi
        ((calm >= 2)) && return 0
        sleep 0.1
    done
    echo "tmux_play: the computer is still thinking:" >&2
    screen >&2
    exit 1
}
seen_computer=0
for _ in $(seq 8); do
    settled
    screen | grep -qF "B (Spanish, random) played" && seen_computer=1
    t send-keys -t vs ":"
    t send-keys -t vs Tab
    t send-keys -t vs Enter
    sleep 0.2
done
settled
screen | grep -qF "B (Spanish, random) played" && seen_computer=1
((seen_computer)) || { echo "tmux_play: never saw the computer play" >&2; screen >&2; exit 1; }
# While it is the person's turn, ? and Esc work as ever; then Q quits cleanly.
t send-keys -t vs "?"
expect "this help"
t send-keys -t vs Escape
t send-keys -t vs Q
expect "Quit? The game is saved"
t send-keys -t vs y
expect "tercio play --resume --player solo goes on with it"
# The save says who played B, and holds the computer's commands as well as the person's 8.
save_file=$(ls "$XDG_STATE_HOME"/tercio/solo/*.save)
grep -qF 'plays = "computer:random"' "$save_file" || { echo "tmux_play: the save does not name the computer" >&2; exit 1; }
commands=$(grep -c '^[0-9a-f]\{16\} ' "$save_file")
((commands > 8)) || { echo "tmux_play: only $commands commands in the save" >&2; cat "$save_file" >&2; exit 1; }
echo "tmux_play: ok"
