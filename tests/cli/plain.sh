#!/usr/bin/env bash
# tercio play --plain: a scripted game against the computer played to its end from standard input
# (the final lines and the save checked), its output free of escape bytes, the words of the plain
# mode, and saves that go from the plain mode to the curses screen (in tmux) and back.
# Usage: plain.sh TERCIO
set -euo pipefail
tercio="$1"
work="$(mktemp -d)"
sock="tercio-plain-$$"
t() { tmux -L "$sock" "$@"; }
cleanup() { t kill-server 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT
fail() { echo "plain: $*" >&2; exit 1; }
has() { grep -qF -- "$2" "$1" || { echo "plain: expected '$2' in $1:" >&2; tail -n 40 "$1" >&2; exit 1; }; }
no_escape() { if LC_ALL=C grep -q $'\x1b' "$1"; then fail "$1 holds an ESC byte"; fi; }

# 1. A whole game against the computer from a script: the person always plays the first legal
# command ("1"), with the plain mode's own words in between. Bounded: 4,000 lines at most, and the
# game ends at nightfall long before.
{
    printf '%s\n' help legal map units cards why "odds fight a1" "no such command" 99999
    for _ in $(seq 4000); do echo 1; done
} >"$work/moves.txt"
TERM=dumb timeout 300 "$tercio" play --plain --vs normal --seed 7 --save-dir "$work/saves" --player p \
    <"$work/moves.txt" >"$work/out.txt" 2>"$work/err.txt" || fail "exit $? (stderr: $(cat "$work/err.txt"))"
no_escape "$work/out.txt"
no_escape "$work/err.txt"
has "$work/out.txt" "tercio, plain text: French (A) v Spanish (B)"
has "$work/out.txt" "B (Spanish, normal) plays"
has "$work/out.txt" "legal commands (type the number to play one)"
has "$work/out.txt" "A (French) in capitals, B (Spanish) in small letters"
has "$work/out.txt" "Your side, A French: 0 units on the table."
has "$work/out.txt" "K1 Gendarmes, not yet deployed."
has "$work/out.txt" "No roll to explain yet."
has "$work/out.txt" "no such command: "
has "$work/out.txt" "No command 99999"
has "$work/out.txt" "The game is over."
tail -n 1 "$work/out.txt" | grep -qF "tercio: game french v spanish, seed 7, finished, saved in" ||
    fail "the last line is not the finished game's: $(tail -n 3 "$work/out.txt")"
save="$(ls "$work"/saves/p/*.save)"
grep -qF '#== game over ==' "$save" || fail "the save is not of a finished game"
"$tercio" check "$save" >/dev/null || fail "tercio check refuses the save"

# 2. Stopped half-way (the input ends), then resumed in plain lines: the same game goes on.
seq_ones() { for _ in $(seq "$1"); do echo 1; done; }
seq_ones 30 | "$tercio" play --plain --red italian --blue moorish --seed 3 --save-dir "$work/s2" --player p \
    >"$work/half.txt" 2>"$work/half.err" || fail "half game: exit $?"
has "$work/half.err" "the input ended"
has "$work/half.txt" "tercio play --resume"
commands=$(grep -c '^[0-9a-f]\{16\} ' "$work"/s2/p/*.save)
[ "$commands" -ge 10 ] || fail "only $commands commands saved from 30 lines"
printf 'undo\nsave\n1\n1\nquit\n' | "$tercio" play --plain --resume --save-dir "$work/s2" --player p \
    >"$work/resumed.txt" 2>&1 || fail "plain resume: exit $?"
no_escape "$work/resumed.txt"
has "$work/resumed.txt" "Resumed after $commands commands."
has "$work/resumed.txt" "(and a .bak copy)"

# 3. The plain game goes on in the curses screen, and a curses game in plain lines.
command -v tmux >/dev/null || fail "tmux is not installed"
# Waits up to 5 s for the text in a tmux session; shows the screen and fails if it never comes.
expect() {
    for _ in $(seq 50); do
        if t capture-pane -p -t "$1" 2>/dev/null | grep -qF -- "$2"; then return 0; fi
        sleep 0.1
    done
    t capture-pane -p -t "$1" >&2 2>/dev/null || true
    fail "session $1: expected '$2' on the screen"
}
# Q, then y: the screen quits and the program exits 0.
quit_screen() {
    t send-keys -t "$1" Q
    expect "$1" "Quit?"
    t send-keys -t "$1" y
    expect "$1" "EXIT=0"
}
t -f /dev/null new-session -d -s c -x 80 -y 24 \
    "$tercio play --resume --save-dir $work/s2 --player p; echo EXIT=\$?; sleep 5"
expect c "Resumed"
quit_screen c
t -f /dev/null new-session -d -s d -x 80 -y 24 \
    "$tercio play --red spanish --blue french --seed 5 --save-dir $work/s3 --player p; echo EXIT=\$?; sleep 5"
expect d "Before the battle"
t send-keys -t d Escape
expect d "Set-up rolled"
quit_screen d
printf 'cards\nquit\n' | "$tercio" play --plain --resume --save-dir "$work/s3" --player p >"$work/d.txt" 2>&1 ||
    fail "plain resume of a curses game: exit $?"
has "$work/d.txt" "tercio, plain text: Spanish (A) v French (B)"
has "$work/d.txt" "Resumed"
no_escape "$work/d.txt"
echo "plain: ok"
