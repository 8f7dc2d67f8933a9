#!/usr/bin/env bash
# The real game against the signals and limits of a server: Ctrl-\ (SIGQUIT) ends it as SIGTERM
# does (the save whole, the terminal put back, a word on stderr), and a file size limit
# (`ulimit -f`) makes it say NOT SAVED and go on instead of being killed by SIGXFSZ (and exit 74 if
# the commands are still not written when it is left).
# Usage: signals.sh TERCIO
set -euo pipefail
tercio="$(realpath "$1")"
command -v tmux >/dev/null || { echo "signals: tmux is not installed" >&2; exit 1; }
sock="tercio-signals-$$"
t() { tmux -L "$sock" "$@"; }
work="$(mktemp -d "${TMPDIR:-/tmp}/tercio-signals.XXXXXX")"
cleanup() { t kill-server 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT
fail() { echo "signals: $*" >&2; exit 1; }
screen() { t capture-pane -p -t "$1"; }
# Waits until session $1's screen shows the text $2 (up to 10 s).
expect() {
    for _ in $(seq 100); do
        if screen "$1" | grep -qF -- "$2"; then return 0; fi
        sleep 0.1
    done
    echo "signals: expected '$2' on the screen of $1:" >&2
    screen "$1" >&2
    exit 1
}
# Waits until the save in directory $1 ends with the line $2 (up to 10 s): the command was played.
expect_saved() {
    for _ in $(seq 100); do
        if tail -n 1 "$1"/*.save 2>/dev/null | grep -qF -- "$2"; then return 0; fi
        sleep 0.1
    done
    fail "the save in $1 does not end with '$2'"
}
type_command() {
    t send-keys -t "$1" ":"
    t send-keys -t "$1" -l "$2"
    t send-keys -t "$1" Enter
}
# After the game, the shell says how it ended and whether the terminal is back in its usual
# (canonical, echoing) mode.
# Everything is printed at once, after stty has looked, so that a test which sees ENDED sees it all.
after='rc=$?; modes=$(stty -a | tr " ;" "\n\n" | grep -E "^-?(icanon|echo)$" | tr "\n" " "); echo "EXIT=$rc"; echo "$modes"; echo ENDED; sleep 60'

# 1. Ctrl-\ in the middle of the set-up.
t -f /dev/null new-session -d -s quit -x 80 -y 24 \
    "$tercio play --red french --blue spanish --seed 3 --save-dir $work/saves --player p 2>$work/quit.err; $after"
expect quit "Before the battle"
t send-keys -t quit Escape
expect quit "place terrain"
type_command quit "terrain pass"
expect_saved "$work/saves/p" " terrain pass"
t send-keys -t quit 'C-\'
expect quit "ENDED"
screen quit | grep -q "^EXIT=0" || { screen quit >&2; fail "Ctrl-\\ did not end the game with status 0"; }
screen quit | grep -q "^icanon echo" || { screen quit >&2; fail "the terminal was not put back after Ctrl-\\"; }
grep -qF "stopped by a signal" "$work/quit.err" || { cat "$work/quit.err" >&2; fail "Ctrl-\\ said nothing"; }
save=$(ls "$work"/saves/p/*.save)
[[ $(tail -c 1 "$save") == "" ]] || fail "the save does not end with a whole line"
grep -q " terrain pass$" "$save" || fail "the command played before Ctrl-\\ is not in the save"
"$tercio" check "$save" >/dev/null || fail "tercio check refuses the save left by Ctrl-\\"

# 2. A file size limit of 4 KB: the header and the set-up's commands fit, the first keyframe
# (a whole position, at the first turn) does not.
t -f /dev/null new-session -d -s limit -x 80 -y 24 \
    "bash -c 'ulimit -f 4; exec $tercio play --red french --blue spanish --seed 3 --save-dir $work/saves --player q' 2>$work/limit.err; $after"
expect limit "Before the battle"
t send-keys -t limit Escape
expect limit "place terrain"
type_command limit "terrain pass"
expect_saved "$work/saves/q" " terrain pass"
type_command limit "terrain pass"
type_command limit "deploy auto"
type_command limit "deploy auto"
expect_saved "$work/saves/q" " deploy auto"
type_command limit "first"
expect limit "NOT SAVED"
# The game goes on, and S says again what it cannot write.
t send-keys -t limit S
expect limit "NOT SAVED"
t send-keys -t limit Q
expect limit "(y/N)"
t send-keys -t limit y
expect limit "ENDED"
# Commands the disk still refuses at the end: status 74 (an I/O error), never a quiet 0.
screen limit | grep -q "^EXIT=74" || { screen limit >&2; fail "the game left with commands not saved did not end with status 74"; }
screen limit | grep -q "^icanon echo" || { screen limit >&2; fail "the terminal was not put back after NOT SAVED"; }
grep -q "NOT SAVED: the last [0-9]* commands could not be written: .*: File too large" "$work/limit.err" ||
    { cat "$work/limit.err" >&2; fail "no NOT SAVED at the end"; }
save=$(ls "$work"/saves/q/*.save)
[[ $(tail -c 1 "$save") == "" ]] || fail "the save does not end with a whole line"
[[ $(stat -c %s "$save") -le 4096 ]] || fail "the save grew past the limit"
"$tercio" check "$save" >/dev/null || fail "tercio check refuses the save left at the limit"
echo "signals: ok"
