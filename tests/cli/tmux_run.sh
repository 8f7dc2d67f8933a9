#!/usr/bin/env bash
# tercio run --commands - typed at a real terminal (tmux): Hell Broke Loose against the computer,
# the prompt naming the side that decides, `help` and `legal`, a command refused and the run
# ending. Usage: tmux_run.sh TERCIO
set -euo pipefail
tercio="$1"
command -v tmux >/dev/null || { echo "tmux_run: tmux is not installed" >&2; exit 1; }
sock="tercio-run-test-$$"
t() { tmux -L "$sock" "$@"; }
cleanup() { t kill-server 2>/dev/null || true; }
trap cleanup EXIT
screen() { t capture-pane -p -t run; }
# Waits until the screen shows the text (up to 5 s).
expect() {
    for _ in $(seq 50); do
        if screen | grep -qF -- "$1"; then return 0; fi
        sleep 0.1
    done
    echo "tmux_run: expected '$1' on the screen:" >&2
    screen >&2
    exit 1
}
type_line() {
    t send-keys -t run -l "$1"
    t send-keys -t run Enter
}

t -f /dev/null new-session -d -s run -x 80 -y 40 \
    "$tercio run --ruleset hell-broke-loose --red french --blue ottoman --seed 5 --blue-ai normal --commands -; echo rc=\$?; sleep 10"
expect "A>"
type_line help
expect "legal: the commands the game takes now"
type_line legal
expect "  second"
type_line first
expect "A's phase: 6 pips."
type_line turn
expect "A turns Command."
# A refused command ends the run with its reason and exit status 1.
type_line "fight K1"
expect "line 5: fight K1:"
expect "rc=1"
