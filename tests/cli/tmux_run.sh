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
type_line map
expect "   a b c d e f g h i j k l m n o p q r s t u v w x"
expect " 2 . . . . . . . K K M H P P A A G"
type_line units
expect "A P1 l2 N  Swiss pike, UI 10/10 (6 stubborn)."
type_line status
expect "B Ottoman: army die D10, morale chips 21 of 21"
type_line "odds turn"
expect "--odds: turn: only fight and shoot have odds"
type_line first
expect "A's phase: 6 pips."
type_line turn
expect "A turns Command."
# A refused command ends the run with its reason and exit status 1.
type_line "fight K1"
expect "line 9: fight K1:"
expect "rc=1"
