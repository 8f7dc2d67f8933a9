#!/usr/bin/env bash
# Hell Broke Loose in the real terminal, on the game screen every ruleset shares (tmux at 80x24,
# then 120x40): chosen in the start menu, then a game from the command line against the computer:
# the map and the side pane, the Enter menu at the cursor, commands typed and completed, the
# computer's phase, the help and the legend, the history, saving, quitting, resuming, a kill -9 and
# resuming again; larger squares at 120x40, the cursor on a unit and its menu. And what
# `tercio play --ruleset` refuses, before the screen; and the same in plain lines (--plain), with
# every word of Pikette Squared's plain mode, a whole game to its end.
# Usage: tmux_play_hbl.sh TERCIO
set -euo pipefail
tercio="$1"
command -v tmux >/dev/null || { echo "tmux_play_hbl: tmux is not installed" >&2; exit 1; }
sock="tercio-hbl-test-$$"
t() { tmux -L "$sock" "$@"; }
XDG_STATE_HOME="$(mktemp -d)"
export XDG_STATE_HOME
cleanup() { t kill-server 2>/dev/null || true; rm -rf "$XDG_STATE_HOME"; }
trap cleanup EXIT
session=menu
screen() { t capture-pane -p -t "$session"; }
# Waits until the screen shows the text (up to 15 s: the sanitized build's computer is slow).
expect() {
    for _ in $(seq 150); do
        if screen | grep -qF -- "$1"; then return 0; fi
        sleep 0.1
    done
    echo "tmux_play_hbl: expected '$1' on the screen:" >&2
    screen >&2
    exit 1
}
type_line() {
    t send-keys -t "$session" -l "$1"
    t send-keys -t "$session" Enter
}
refused() {  # refused EXPECTED-TEXT ARGS...: exit status 2 (usage) and the text on standard error
    local want="$1"
    shift
    local err rc=0
    err="$("$tercio" play "$@" 2>&1 >/dev/null)" || rc=$?
    if [[ $rc -ne 2 || "$err" != *"$want"* ]]; then
        echo "tmux_play_hbl: tercio play $* gave $rc: $err (expected 2: $want)" >&2
        exit 1
    fi
}

refused "--vs: genius not in {random,easy,normal,hard,expert}" --ruleset hell-broke-loose --vs genius
refused "--ruleset nonsuch: no ruleset \"nonsuch\"" --ruleset nonsuch

# The start menu: Up from Start to the Rules line, Right to Hell Broke Loose, s starts.
t -f /dev/null new-session -d -s menu -x 80 -y 24 "$tercio play; echo rc=\$?; sleep 10"
expect "Rules       < Pikette Squared >  1 of 3"
t send-keys -t menu Up Up Up Up Up Up Right
expect "tercio: Renaissance battles by the Hell Broke Loose rules"
expect "Rules       < Hell Broke Loose >  2 of 3"
expect "A French: 2 Gendarmes"
t send-keys -t menu s
# The game screen (the computer, B, may well be playing already): the board and the side pane.
expect "   a b c d e f g h i j k l m n o p q r s t u v w x  Turn "
expect "   Die   Chips  Deck"
expect "A  D10   "
# Esc shows the rest of the set-up rolls (shown one at a time, any key the next).
t send-keys -t menu Escape
t send-keys -t menu Q
expect "Quit? The game is saved: tercio play --resume goes on with it. (y/N)"
t send-keys -t menu y
expect "tercio: Hell Broke Loose game french v spanish, seed"
expect "rc=0"

# From the command line: seed 5, the computer plays B. A chooses, goes second, and the computer's
# commands are played on the screen until A decides again.
session=game
t -f /dev/null new-session -d -s game -x 80 -y 24 \
    "$tercio play --ruleset hell-broke-loose --red french --blue ottoman --seed 5 --vs normal --ai-delay 50; echo rc=\$?; sleep 10"
expect "Turn 1 of 10"
expect " 2 · · · · · · · K↑K↑M↑H↑P↑P↑A↑A↑G↑· · · · · · · ·"
expect "B  D10   21/21  29"
expect "A French: won the initiative, 6 pips each: go first"
# Enter at the cursor: what can be done there, here the choice of the initiative.
t send-keys -t game Enter
expect "m10: Enter plays"
expect "2 second"
t send-keys -t game Escape
expect "Cancelled."
# Tab completes a typed command from the legal ones.
t send-keys -t game -l :se
t send-keys -t game Tab
expect "> second_"
t send-keys -t game Enter
expect "Card: B's March"  # B's card (the log is under the list of A's reactions)
# A is asked again, out of turn: to shoot at a command B activated, or hold.
expect "A French: OUT OF TURN"
# The cursor on A's unit in k2: the line under the map says what stands there (once the long
# message over it is cleared: Esc at the command line).
t send-keys -t game : Escape h h j j j j j j j j
expect "k2 open: A H1 Stradiots facing N, 4/4 UI"
t send-keys -t game -l ":fight K1"
t send-keys -t game Enter
expect "fight K1: "
# The help, generated from the key table, then the legend.
t send-keys -t game ?
expect "Rules for A H1 Stradiots"
t send-keys -t game ?
expect "tercio keys"
expect "activate the command of the unit at the cursor; rally it"
t send-keys -t game ?
expect ":  rough ground (type II)"
t send-keys -t game Escape
t send-keys -t game C-p
expect "History (PgUp/PgDn"
t send-keys -t game Escape
t send-keys -t game S
expect "Saved ("
t send-keys -t game Q
t send-keys -t game y
expect "tercio: Hell Broke Loose game french v ottoman, seed 5, saved in"
expect "tercio play --resume goes on with it"
expect "rc=0"
save="$(ls -t "$XDG_STATE_HOME"/tercio/*/*french-v-ottoman.save | head -1)"
"$tercio" check "$save" | grep -qF ": ok (save)" || { echo "tmux_play_hbl: tercio check refused $save" >&2; exit 1; }
# tercio replay shows it on the game's board, a command at a time; a turn it does not reach is
# refused before the screen.
rc=0
err="$("$tercio" replay --turn 99 "$save" 2>&1 >/dev/null)" || rc=$?
[[ $rc -eq 2 && "$err" == *"has no turn 99 (it goes from the set-up, turn 1, to turn "* ]] ||
    { echo "tmux_play_hbl: tercio replay --turn 99 gave $rc: $err" >&2; exit 1; }
session=replay
t -f /dev/null new-session -d -s replay -x 80 -y 24 "$tercio replay '$save'; echo rc=\$?; sleep 10"
expect "REPLAY  command 0 of"
expect "A  D10   21/21  30"
t send-keys -t replay Right
expect "REPLAY  command 1 of"
expect ": second by A French, turn 1"
t send-keys -t replay q
expect "rc=0"
commands_saved=$(grep -c '^[0-9a-f]\{16\} ' "$save")

# --resume goes on with it where it stopped: the same log, A to decide, the computer still B.
session=resumed
t -f /dev/null new-session -d -s resumed -x 80 -y 24 "$tercio play --resume --ai-delay 50; echo rc=\$?; sleep 10"
expect "Resumed $(basename "$save")."
expect "Card: B's March"
expect "A French: OUT OF TURN"
# Killed mid-game (the connection gone): nothing played is lost.
t send-keys -t resumed U
t send-keys -t resumed ?
expect "tercio keys"
t send-keys -t resumed Escape
# The pane's shell runs tercio as its child (other tests may run tercio play --resume meanwhile).
pid=$(pgrep -P "$(t display -p -t resumed '#{pane_pid}')" -x tercio)
kill -9 "$pid"
expect "rc=137"
[[ $(grep -c '^[0-9a-f]\{16\} ' "$save") -ge $commands_saved ]] || { echo "tmux_play_hbl: commands lost" >&2; exit 1; }
"$tercio" check "$save" | grep -qF ": ok (save)" || { echo "tmux_play_hbl: the save was damaged" >&2; exit 1; }
session=again
t -f /dev/null new-session -d -s again -x 80 -y 24 "$tercio play --resume --ai-delay 50; echo rc=\$?; sleep 10"
expect "Resumed $(basename "$save")."
t send-keys -t again Q
t send-keys -t again y
expect "rc=0"

# At 120x40: three cells a square, the hint on one row; the Enter menu at the cursor on a unit
# plays a command (hold: A lets B's activated command move unshot).
session=big
t -f /dev/null new-session -d -s big -x 120 -y 40 \
    "$tercio play --ruleset hell-broke-loose --red french --blue ottoman --seed 5 --vs normal --ai-delay 50; echo rc=\$?; sleep 10"
expect " 2 ·  ·  ·  ·  ·  ·  ·  K↑ K↑ M↑ H↑ P↑ P↑ A↑ A↑ G↑ ·"
expect "A French: won the initiative, 6 pips each: go first or second (Enter, then"
t send-keys -t big Enter
expect "m10: Enter plays, Esc cancels"
expect "1 first"
t send-keys -t big 2
expect "A French: OUT OF TURN"
t send-keys -t big h h j j j j j j j j Enter
expect "k2: Enter plays, Esc cancels"
expect "1 hold"
t send-keys -t big Enter
expect "A French: OUT OF TURN"  # the shots offered are listed over the log (its newest lines)
t send-keys -t big Q
t send-keys -t big y
expect "rc=0"

# --plain: the same game in plain lines from a script, saved, then resumed in plain lines.
plain_dir="$(mktemp -d)"
trap 'cleanup; rm -rf "$plain_dir"' EXIT
out="$(printf 'legal\n2\nsave\nquit\n' | "$tercio" play --plain --ruleset hell-broke-loose --red french --blue ottoman \
    --seed 5 --vs normal --save-dir "$plain_dir" 2>&1)"
for want in "tercio, plain text, Hell Broke Loose: French (A) v Ottoman (B)." "A> legal" "  2 second" "A> 2" \
    'B (Ottoman, normal) plays "turn".' "Saved (" "tercio play --resume --save-dir $plain_dir goes on with it"; do
    [[ "$out" == *"$want"* ]] || { echo "tmux_play_hbl: --plain: expected '$want' in:" >&2; echo "$out" >&2; exit 1; }
done
out="$(printf 'status\nquit\n' | "$tercio" play --plain --resume --save-dir "$plain_dir" 2>&1)"
for want in "Resumed after" "A> status" "B Ottoman: army die D10"; do
    [[ "$out" == *"$want"* ]] || { echo "tmux_play_hbl: --plain --resume: expected '$want' in:" >&2; echo "$out" >&2; exit 1; }
done

# --plain has every word of Pikette Squared's (tests/cli/plain.sh): a whole game against the
# computer from a script, the person always playing the first legal command ("1") after the plain
# mode's own words, to the end of the game; no escape byte; the save of a finished game.
whole="$plain_dir/whole"
mkdir -p "$whole"
{
    printf '%s\n' help legal map units status why "odds fight K1" "no such command" 99999 undo "decline all"
    for _ in $(seq 6000); do echo 1; done
} >"$whole/moves.txt"
TERM=dumb timeout 300 "$tercio" play --plain --ruleset hell-broke-loose --red french --blue ottoman --vs normal \
    --seed 7 --save-dir "$whole/saves" --player p <"$whole/moves.txt" >"$whole/out.txt" 2>"$whole/err.txt" ||
    { echo "tmux_play_hbl: --plain whole game: exit $? ($(cat "$whole/err.txt"))" >&2; exit 1; }
if LC_ALL=C grep -q $'\x1b' "$whole/out.txt"; then echo "tmux_play_hbl: --plain printed an ESC byte" >&2; exit 1; fi
for want in "Type a command in the command language" "Examples: first, second, turn, done" \
    "legal commands (type the number to play one)" "   a b c d e f g h i j k l m n o p q r s t u v w x" \
    "K1 Gendarmes at h2, facing north, 4 of 4 UI." "B Ottoman: army die D10" "No roll to explain yet." "odds: fight K1: " \
    "no such command: " "No command 99999" "Nothing to take back" "decline all: " "B (Ottoman, normal) plays" \
    "The game is over."; do
    grep -qF -- "$want" "$whole/out.txt" ||
        { echo "tmux_play_hbl: --plain whole game: expected '$want' in:" >&2; tail -n 40 "$whole/out.txt" >&2; exit 1; }
done
tail -n 1 "$whole/out.txt" | grep -qE "^tercio: Hell Broke Loose game french v ottoman, seed 7, finished: (A won|B won|a draw), saved in" ||
    { echo "tmux_play_hbl: --plain whole game: the last line is not the finished game's: $(tail -n 3 "$whole/out.txt")" >&2; exit 1; }
grep -qF '#== game over ==' "$whole"/saves/p/*.save || { echo "tmux_play_hbl: the plain game's save is not finished" >&2; exit 1; }
"$tercio" check "$whole"/saves/p/*.save >/dev/null || { echo "tmux_play_hbl: tercio check refuses the plain game's save" >&2; exit 1; }


# Hosted for two terminals: tercio host --resume serves it (the computer keeps side B), and its
# host's plain client shows it; the server is then stopped.
mkdir -m 700 "$plain_dir/games"
trap 'cleanup; for pid in $("$tercio" watch --server-dir "$plain_dir/games" 2>/dev/null | grep -o "server pid [0-9]*" | awk "{print \$3}"); do kill -9 "$pid" 2>/dev/null || true; done; rm -rf "$plain_dir"' EXIT
rc=0
out="$("$tercio" host --plain --resume --save-dir "$plain_dir" --server-dir "$plain_dir/games" </dev/null 2>&1)" || rc=$?
[[ $rc -eq 0 && "$out" == *"hosted. Join code: "* && "$out" == *"Hell Broke Loose: French (A) v Ottoman (B)"* ]] ||
    { echo "tmux_play_hbl: tercio host --resume gave $rc: $out" >&2; exit 1; }
