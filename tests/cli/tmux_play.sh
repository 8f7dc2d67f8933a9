#!/usr/bin/env bash
# The real terminal game in tmux at 80x24: play the set-up and a card by keystrokes, resize below
# the minimum and back, then quit. Usage: tmux_play.sh TERCIO
set -euo pipefail
tercio="$1"
command -v tmux >/dev/null || { echo "tmux_play: tmux is not installed" >&2; exit 1; }
sock="tercio-test-$$"
t() { tmux -L "$sock" "$@"; }
cleanup() { t kill-server 2>/dev/null || true; }
trap cleanup EXIT
screen() { t capture-pane -p -t play; }
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
    t send-keys -t play ":" 
    t send-keys -t play -l "$1"
    t send-keys -t play Enter
}

t -f /dev/null new-session -d -s play -x 80 -y 24 "$tercio play --red french --blue spanish --seed 12; sleep 5"
expect "Commands now:"
expect "terrain"
type_command "terrain pass"
type_command "terrain pass"
type_command "deploy auto"
type_command "deploy auto"
expect "deploys"
# The cursor moves with the vi-keys and the status line names what is under it.
t send-keys -t play k k k
# Refused commands say why and change nothing.
type_command "march"
expect "march:"
# Resize below 80x24 and back.
t resize-window -t play -x 70 -y 20
expect "terminal too small: need 80x24, have 70x20"
t resize-window -t play -x 80 -y 24
expect "Commands now:"
# The help is generated from the key table.
t send-keys -t play "?"
expect "this help"
t send-keys -t play Escape
expect "Commands now:"
# Quit asks first.
t send-keys -t play Q
expect "Really quit?"
t send-keys -t play n
expect "Not quitting."
t send-keys -t play Q y
expect "(not saved)"
echo "tmux_play: ok"
