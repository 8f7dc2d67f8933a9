#!/usr/bin/env bash
# Kills the real `tercio play` at random moments, with SIGKILL and with SIGHUP (sent to it, or
# the terminal hung up under it), and proves that it always resumes to the state after the last
# command it completed. Usage: kill_resume.sh TERCIO
#
# Environment (all optional): KILL_RESUME_KILLS (kills in all, default 110), KILL_RESUME_WORKERS
# (games played at once, each with its own tmux server and save directories, default 2),
# KILL_RESUME_SEED (the seed of the test's own random choices, printed: the same seed gives the
# same games, keys and kill points, though not the same timing), KILL_RESUME_KEEP (keep the
# saves and logs even when the test passes).
#
# The game. Each worker plays games in tmux at 80x24, TERM=xterm-256color: `tercio play --red R
# --blue B --seed S --save-dir D --player p`, armies and seed at random. Esc skips the set-up
# reveal. Then steps of real keys, each of which may play one command C:
#   - ":" then Tab pressed 1-12 times (a legal command, from the completion; "concede" is never
#     played) or a typed "terrain pass" in the set-up, then Enter;
#   - Enter at the cursor, a digit picking from the menu, and "y" if the odds are shown;
#   - "t" (turn), "P" (pass), "D" (deploy auto), or "S" (save: no command);
#   - the cursor walked (h j k l) to a square a command named, so that menus offer moves and
#     shots, not only the commands that need no square.
# Every step is synchronised on the screen, never on a sleep: a ":" step types a "#" after the
# Tabs and waits for "> C#_" (reading C from it), then sends Backspace Enter; a single key is
# preceded by an unknown key (Z and W in turn) whose "unknown key Z" message must show first, so
# that its own effect is seen to replace it. Every step not killed is checked as in (a) below
# with the screen waited for: the save is exactly its bytes before the step (S0) plus C's line
# (with a keyframe or the game-over line after it), or exactly S0 if C was refused or waits for
# its odds. So the save is known byte for byte at every moment.
#
# The kill. A cycle plays 0-4 steps, then kills at the key of one that may play C (now and then
# mid-step instead: the prompt, menu or odds open, or after "S"): in 40% of the kills 0-6 ms
# after sending it without looking - the key is then often being handled (the fdatasync of the
# save alone takes milliseconds) - and in 60% 1-30 ms after, the pane captured just before the
# signal: what the player saw. Exact criteria after the kill:
#   (a) the save is S0, or S0 plus C's line (and its keyframe/game-over line), ending with a
#       whole line; and
#       - if the captured screen showed the key handled (the prompt, the menu, the odds
#         question or the unknown key's message gone) and C not refused and not waiting for its
#         odds, it must be S0+C: what the player has seen is on the disk;
#       - if it showed C refused or its odds question, or the kill came mid-step, exactly S0.
#     S0 is the save of the same game played on without a kill, so this is "the save's command
#     lines are a prefix of the uninterrupted game's, ending at the command of the last key or
#     the one before", on every byte, keyframes included; no reference run is needed.
#   (b) `tercio play --resume` replays it (every state hash checked) and shows the game with
#       "Resumed", never an error; with no cut-line note (a SIGKILL could in principle cut the
#       last line: then the note must show and the whole-line part meet (a); counted, printed);
#   (c) after resuming one more command is played (":", Tab, Enter) and the save grows by
#       exactly its line.
# With SIGHUP also: tercio has exited within 2 s of the signal; stderr says "the connection
# closed" (a hang-up may instead say the terminal's input ended, if a read sees it first); after
# a `kill -HUP` the exit status is 0; no new .tmp file is left beside the save; it ends with a
# whole line. One cycle in ten first kills `--resume` 0-60 ms after launching it (while it
# replays): the save must not change at all.
# Kinds of kill, in turn: SIGKILL, SIGHUP (kill -HUP), SIGKILL, hang-up (tmux kill-session
# closes the pty: the kernel sends SIGHUP).
# At the end the counts are printed: the kills by kind, what the screen showed and what was
# saved, and where the kill found tercio (state:wchan from /proc - S:wait_woken is waiting for a
# key; R, D or another wait is busy with one).
set -euo pipefail
tercio="$(realpath "$1")"
command -v tmux >/dev/null || { echo "kill_resume: tmux is not installed" >&2; exit 1; }
kills="${KILL_RESUME_KILLS:-110}"
workers="${KILL_RESUME_WORKERS:-2}"
seed="${KILL_RESUME_SEED:-$((RANDOM * 32768 + RANDOM))}"
armies=(french italian spanish imperialist ottoman moorish)
work="$(mktemp -d "${TMPDIR:-/tmp}/tercio-kill.XXXXXX")"
# A dead pane stays, with its exit status.
printf 'set -g remain-on-exit on\n' >"$work/tmux.conf"
echo "kill_resume: $kills kills, $workers workers, KILL_RESUME_SEED=$seed, in $work"
# Should a worker be stopped (the test killed), its tmux client and server by their ids (if
# they are still the worker's: their command line names its socket).
cleanup() {
    local f p cmd
    for f in "$work"/w*/tmux_pids; do
        [[ -f $f ]] || continue
        for p in $(<"$f"); do
            cmd=$(tr '\0' ' ' <"/proc/$p/cmdline" 2>/dev/null) || continue
            if [[ $cmd == *"tercio-kill-$$-"* ]]; then kill "$p" 2>/dev/null || true; fi
        done
    done
    return 0
}
trap cleanup EXIT

# No process is forked where it can be helped (a loaded machine forks slowly): the time in
# microseconds is ${EPOCHREALTIME/./}, and a sleep is a read that times out on a pipe nobody
# writes to.
exec {nap_fd}<> <(:)
nap() { read -rt "$1" -u "$nap_fd" _ || true; }

# ---------------------------------------------------------------------------------------------
# One worker: its own tmux server, save directories and log. Globals are the worker's own (it
# runs in a subshell).
worker() {
    local w=$1 quota=$2
    RANDOM=$((seed + 7919 * w))
    trap '' PIPE  # a write to a tmux gone away fails, it does not end the worker
    ctl_pid=0
    srv_pid=0
    srv_socket=""
    sock="tercio-kill-$$-$w"
    wdir="$work/w$w"
    mkdir -p "$wdir"
    log="$wdir/log"
    : >"$log"
    s0="$wdir/s0"
    s0t=""
    s0n=0
    save=""
    err=""
    gdir=""
    pid=0
    seen_dump=""
    nkills=0
    session_up=0
    ngames=0
    nlaunch=0
    sent_next=Z
    sent_last=
    cuts=0
    cut=0
    killed=0
    added=0
    game_over=0
    declare -gA outcome=() landed_at=()
    hup_ms=0
    tmps_left=0
    squares=()
    ctl_start
    while ((nkills < quota)); do
        new_game
        local cycles=$((3 + RANDOM % 6)) c
        for ((c = 0; c < cycles && nkills < quota; c++)); do
            # After a new game's set-up, or after resuming: a few steps, then one that is killed.
            local steps=$((RANDOM % 5)) i
            for ((i = 0; i < steps; i++)); do step sync || break; done
            ((game_over)) && break
            killed=0
            while ((!killed && !game_over)); do step kill || true; done
            ((game_over)) && break
            if save_over; then break; fi
            # (Not after a cut line: --resume cuts it off, a change the check would not allow.)
            if ((RANDOM % 10 == 0 && nkills < quota && !cut)); then startup_kill; fi
            resume
            ((game_over)) && break
        done
        ((!session_up)) || tc "kill-session -t play" || true
        session_up=0
    done
    ctl_stop
    {
        echo "games	$ngames"
        echo "launches	$nlaunch"
        echo "cut lines after SIGKILL	$cuts"
        echo "temporary files left by SIGKILL	$tmps_left"
        echo "max ms from SIGHUP to exit	$hup_ms"
        local k
        for k in "${!outcome[@]}"; do echo "kill: $k	${outcome[$k]}"; done
        for k in "${!landed_at[@]}"; do echo "tercio was (state:wchan) $k	${landed_at[$k]}"; done
    } >"$wdir/summary"
}

# The worker talks to its tmux server through one control-mode client (tmux -C), attached to
# an idle session of its own: a command costs a line on a pipe, not a process.
ctl_start() {
    coproc TMUXC { exec tmux -L "$sock" -f "$work/tmux.conf" -C new-session -s ctl -x 80 -y 24 "exec sleep 1000000" 2>&1; }
    ctl_pid=$TMUXC_PID
    exec {ctl_in}>&"${TMUXC[1]}" {ctl_out}<&"${TMUXC[0]}"
    ctl_read || fail "tmux -C did not start: ${TC[*]}"
    tc "display -p '#{pid} #{socket_path}'" || fail "tmux -C: no server process id"
    srv_pid=${TC[0]%% *}
    srv_socket=${TC[0]#* }
    # For the main script's clean-up, should this worker be stopped.
    echo "$ctl_pid $srv_pid" >"$wdir/tmux_pids"
}
# Ends the tmux server (and the games in it: their terminals hang up). tmux can hang on its way
# out (a server waiting for a control client whose pipes are gone): after 5 s both are ended by
# their process ids.
ctl_stop() {
    ((ctl_pid)) || return 0
    printf 'kill-server\n' >&"$ctl_in" 2>/dev/null || true
    exec {ctl_in}>&- {ctl_out}<&-
    local i p
    for ((i = 0; i < 1000; i++)); do
        running "$ctl_pid" || running "$srv_pid" || break
        nap 0.005
    done
    for p in "$ctl_pid" "$srv_pid"; do
        if running "$p"; then kill "$p" 2>/dev/null || true; fi
    done
    wait "$ctl_pid" 2>/dev/null || true
    ctl_pid=0
    rm -f "$wdir/tmux_pids" "$srv_socket"
}
# Whether a process is running (a zombie counts as gone).
running() {
    local st
    read -r st 2>/dev/null </proc/"$1"/stat || return 1
    st=${st##*) }
    [[ ${st:0:1} != Z ]]
}
# One block of output of a command (in TC); false if tmux said %error.
ctl_read() {
    local line inblock=0
    TC=()
    while IFS= read -r -t 30 line <&"$ctl_out"; do
        case $line in
            "%begin "*) inblock=1 ;;
            "%end "*) ((inblock)) && return 0 ;;
            "%error "*) ((inblock)) && return 1 ;;
            "%exit"*) fail "the tmux control client exited: $line" ;;
            *) ((inblock)) && TC+=("$line") ;;
        esac
    done
    fail "the tmux control client did not answer in 30 s"
}
# Runs a line of tmux commands (tmux's syntax; N of them, default 1); their output in TC.
tc() {
    local n=${2:-1} i
    printf '%s\n' "$1" >&"$ctl_in"
    for ((i = 0; i < n; i++)); do ctl_read || return 1; done
}
# Words quoted for tmux, in TQ (single quotes: none of ours holds one).
tq() {
    local a
    TQ=""
    for a; do
        [[ $a != *"'"* ]] || fail "cannot quote for tmux: $a"
        TQ+=" '$a'"
    done
    TQ=${TQ# }
}

say() { echo "$(((${EPOCHREALTIME/./} - start) / 1000)) $*" >>"$log"; }

# Stops the worker with the reason, the screen and the save (the test's directory is kept).
fail() {
    {
        echo "kill_resume: FAILED (worker $w, game $ngames, kill $nkills, seed $KILL_RESUME_SEED_USED): $*"
        echo "--- the screen last captured:"
        printf '%s\n' "${L[@]}"
        [[ -n ${seen_dump:-} ]] && { echo "--- the screen captured before the kill:"; echo "$seen_dump"; }
        echo "--- the save ($save):"
        cat "$save" 2>/dev/null || true
        printf '%s' "$s0t" >"$s0"
        echo "--- the save before the last key (S0, $s0n bytes): $s0"
        echo "--- stderr of the last launch ($err):"
        cat "$err" 2>/dev/null || true
        echo "--- the worker's steps: $log"
        tail -n 40 "$log"
    } >"$wdir/FAILED"
    ctl_stop
    exit 1
}

# The pane's text, one entry per row (24), in L; all of it in scr.
L=()
scr=
cap() {
    L=()
    if tc "capture-pane -t play -b kr ; save-buffer -b kr '$wdir/screen'" 2; then
        mapfile -t L <"$wdir/screen"
    fi
    while ((${#L[@]} < 24)); do L+=(""); done
    printf -v scr '%s\n' "${L[@]}"
}
has() { [[ $scr == *"$1"* ]]; }

# Whether tercio (the pane's process) is still running.
alive() { running "$pid"; }

# Polls the screen until the condition (a command run after each capture) holds; 15 s at most.
wait_until() {
    local what=$1
    shift
    local end=$((${EPOCHREALTIME/./} + 15000000))
    while :; do
        cap
        if "$@"; then return 0; fi
        if ! alive; then
            cap
            if "$@"; then return 0; fi
            fail "waiting for $what: tercio exited"
        fi
        ((${EPOCHREALTIME/./} > end)) && fail "timed out (15 s) waiting for $what"
        nap 0.003
    done
}

send() {
    tq "$@"
    tc "send-keys -t play $TQ" || fail "send-keys $TQ failed"
}

# The save as it stands: the point the next checks start from.
snap() {
    local LC_ALL=C
    IFS= read -rd '' s0t <"$save" || true
    s0n=${#s0t}
}

save_over() {
    local x
    IFS= read -rd '' x <"$save" || true
    [[ $x == *$'\n#== game over ==\n' ]]
}
# Whether the save ends with a whole line.
whole_lines() {
    local x
    IFS= read -rd '' x <"$save" || true
    [[ $x == *$'\n' ]]
}
# The temporary files beside the save, in tmps.
list_tmps() {
    local f
    tmps=()
    for f in "$gdir"/p/.*.tmp*; do [[ -e $f ]] && tmps+=("${f##*/}"); done
    return 0
}

# Starts tercio in the pane with these arguments; its stderr goes to a file of its own.
launch() {
    nlaunch=$((nlaunch + 1))
    err="$gdir/err.$nlaunch"
    local cmd
    printf -v cmd 'exec env TERM=xterm-256color %q play%s 2>%q' "$tercio" "$(printf ' %q' "$@")" "$err"
    tq "$cmd"
    # The last launch's (dead) pane goes in the same line; -P prints the new pane's process id.
    local line="new-session -d -s play -x 80 -y 24 -P -F '#{pane_pid}' $TQ" n=1
    ((session_up)) && line="kill-session -t play ; $line" n=2
    tc "$line" "$n" || fail "tmux could not start tercio: ${TC[*]}"
    pid=${TC[0]}
    [[ $pid =~ ^[0-9]+$ ]] || fail "no process id from tmux: ${TC[*]}"
    session_up=1
    say "launch $nlaunch (pid $pid): play $*"
}

new_game() {
    ngames=$((ngames + 1))
    gdir="$wdir/g$ngames"
    mkdir -p "$gdir"
    local red=${armies[RANDOM % 6]} blue=${armies[RANDOM % 6]} gseed=$((RANDOM * 32768 + RANDOM))
    game_over=0
    squares=()
    launch --red "$red" --blue "$blue" --seed "$gseed" --save-dir "$gdir" --player p
    # The set-up rolls are revealed one key at a time (Esc shows the rest) - unless the game
    # begins with a choice (a Moorish extra card), before any roll.
    wait_until "the set-up reveal" reveal_or_game
    if has "Esc shows them all"; then
        send Escape
        wait_until "the set-up rolled" has "Set-up rolled."
    fi
    save=$(ls "$gdir"/p/*.save)
    snap
    say "game $ngames: $red v $blue, seed $gseed, $save"
}

reveal_or_game() { has "Esc shows them all" || has "Enter at the cursor shows what you can do"; }

# ---------------------------------------------------------------------------------------------
# Checking the save against S0: NEED is "none" (must be S0), "C" (must be S0 + C's line) or
# "any" (either). TRUNC: C is a menu row cut at the screen's edge (the line need only begin with
# it). FILE: the save, or its whole-line part after a cut.
check_save() {
    local need=$1 c=$2 trunc=$3 what=$4 file=${5:-$save}
    local LC_ALL=C cur
    IFS= read -rd '' cur <"$file" || true
    local n=${#cur}
    ((n >= s0n)) || fail "$what: the save shrank from $s0n to $n bytes"
    [[ ${cur:0:s0n} == "$s0t" ]] || fail "$what: the save no longer begins with the $s0n bytes it held before"
    if ((n == s0n)); then
        [[ $need == C ]] && fail "$what: the screen showed \"$c\" played, but the save does not have it"
        added=0
        return 0
    fi
    [[ $need == none ]] && fail "$what: the save grew though no command was played (expected exactly S0)"
    [[ $cur == *$'\n' ]] || fail "$what: the save does not end with a whole line"
    local lines
    mapfile -t lines <<<"${cur:s0n}"
    unset 'lines[-1]'  # the empty string after the last newline
    [[ ${lines[0]} =~ ^[0-9a-f]{16}\ (.*)$ ]] || fail "$what: the first line added is not a command line: \"${lines[0]}\""
    local got=${BASH_REMATCH[1]}
    if ((trunc)); then
        [[ $got == "$c"* ]] || fail "$what: the save added \"$got\", expected a command beginning \"$c\""
    else
        [[ $got == "$c" ]] || fail "$what: the save added \"$got\", expected \"$c\""
    fi
    # After it, nothing but a keyframe block, the game-over line, and the reaction windows with
    # nothing new that the screen let go for a player (each a "decline", docs/commands.md).
    local i k=0
    for ((i = 1; i < ${#lines[@]}; i++)); do
        if ((!k)) && [[ ${lines[i]} =~ ^[0-9a-f]{16}\ decline$ ]]; then continue; fi
        case ${lines[i]} in
            "#== keyframe after "*) k=1 ;;
            "#== end of keyframe ==") k=0 ;;
            "#== game over ==") ;;
            *) ((k)) || fail "$what: after \"$got\" the save added another line: \"${lines[i]}\"" ;;
        esac
    done
    added=1
}

# ---------------------------------------------------------------------------------------------
# The keys. Each step leaves the screen in its map mode.

# A step: with MODE "kill", it may kill (and then sets killed=1); "sync" never kills.
step() {
    local mode=$1
    killed=0
    cap
    if has "After the battle"; then
        game_over=1
        return 1
    fi
    local r=$((RANDOM % 100))
    if has "place terrain (" && ((r < 75)); then
        step_prompt "$mode" "terrain pass"
    elif has "deploy in ranks" && ((r < 75)); then
        step_key "$mode" D "deploy auto"
    elif ((r < 35)); then
        step_prompt "$mode" ""
    elif ((r < 65)); then
        step_menu "$mode"
    elif ((r < 75)); then
        step_key "$mode" t turn
    elif ((r < 83)); then
        step_key "$mode" P pass
    elif ((r < 87)); then
        step_key "$mode" S ""
    else
        step_goto
    fi
    return 0
}

# Shows an unknown key's message (Z and W in turn), so that the next key's effect is seen.
sentinel() {
    local ch=$sent_next
    [[ $ch == Z ]] && sent_next=W || sent_next=Z
    send "$ch"
    wait_until "the message of the unknown key $ch" has "unknown key $ch;"
    sent_last=$ch
}

# The ":" prompt: TEXT typed, or (TEXT empty) Tab pressed K times (default 1-12 at random);
# "#" marks the end.
step_prompt() {
    local mode=$1 text=$2
    local keys=() i
    if [[ -n $text ]]; then
        keys=("$text")
    else
        local k=${3:-$((1 + RANDOM % 12))}
        for ((i = 0; i < k; i++)); do keys+=(Tab); done
    fi
    # A string that names no key is sent as its characters.
    send : "${keys[@]}" "#"
    wait_until "the prompt with #" prompt_marked
    local c=$prompt_text
    if [[ -z $c || $c == concede ]]; then
        # Nothing to play (or only conceding): empty the prompt; Enter on nothing plays nothing.
        local keys=(BSpace) i
        for ((i = 0; i < ${#c}; i++)); do keys+=(BSpace); done
        send "${keys[@]}" Enter
        wait_until "the prompt closed" proc_prompt
        check_save none "" 0 "an emptied prompt"
        say "prompt: nothing to play (\"$c\")"
        return 0
    fi
    remember_squares "$c"
    if [[ $mode == kill ]] && ((RANDOM % 8 == 0)); then
        final_kill "" 0 none "prompt open: \"$c#\""
        return 0
    fi
    send BSpace Enter
    after_key "$mode" "$c" 0 proc_prompt ":$c"
    # A roll typed shows its odds first, as its key does: y plays it. (A kill step has killed the
    # program by now; `killed` may still be set from an earlier kill in a sync step.)
    if [[ $mode != kill ]] && asked; then
        send y
        after_key "$mode" "$c" 0 proc_confirm ":$c, y"
    fi
}

prompt_text=
prompt_marked() {
    [[ ${L[23]} =~ ^\>\ (.*)#_$ ]] || return 1
    prompt_text=${BASH_REMATCH[1]}
}
proc_prompt() { [[ ${L[23]} != "> "* ]]; }
proc_menu() { ! has "1-9 pick, Esc cancels"; }
# A command asked about before it is played: the odds of its roll, or a card in play given up
# unused (t or P; y alone plays it).
asked() { has "y or Enter plays it" || has "card in play is not used yet"; }
proc_confirm() { ! asked; }
proc_sentinel() { ! has "unknown key $sent_last;"; }

# A single key in the map: KEY may play C ("" for none).
step_key() {
    local mode=$1 key=$2 c=$3
    sentinel
    send "$key"
    if [[ -z $c ]]; then
        if [[ $mode == kill ]]; then
            final_kill "" 0 none "key $key"
            return 0
        fi
        wait_until "key $key" proc_sentinel
        check_save none "" 0 "key $key"
        snap
        say "key $key: no command"
        return 0
    fi
    after_key "$mode" "$c" 0 proc_sentinel "key $key"
    if ((!killed)) && asked; then
        send y
        after_key "$mode" "$c" 0 proc_confirm "key $key, y \"$c\""
    fi
}

# Enter at the cursor, then a digit from the menu (then y if the odds are shown).
step_menu() {
    local mode=$1
    send Enter
    wait_until "the menu" menu_or_nothing
    if has "Nothing to do here now"; then
        say "menu: nothing to do"
        return 0
    fi
    parse_menu
    ((${#items[@]} > 0)) || fail "the menu shows no numbered rows"
    local d=$((1 + RANDOM % ${#items[@]}))
    local c=${items[d - 1]} trunc=${truncs[d - 1]}
    remember_squares "$c"
    if [[ $mode == kill ]] && ((RANDOM % 10 == 0)); then
        final_kill "" 0 none "menu open"
        return 0
    fi
    send "${numbers[d - 1]}"
    # Half the kills of a menu step wait for the odds' y, if there are odds.
    local m=$mode
    [[ $mode == kill ]] && ((RANDOM % 2)) && m=sync
    after_key "$m" "$c" "$trunc" proc_menu "menu $d \"$c\""
    if ((!killed)) && asked; then
        if [[ $mode == kill ]] && ((RANDOM % 8 == 0)); then
            final_kill "" 0 none "odds shown"
            return 0
        fi
        send y
        after_key "$mode" "$c" "$trunc" proc_confirm "odds y \"$c\""
    fi
}
menu_or_nothing() { has "1-9 pick, Esc cancels" || has "Nothing to do here now"; }

# The menu's numbered rows, read at the column of its heading.
items=()
truncs=()
numbers=()
parse_menu() {
    items=()
    truncs=()
    numbers=()
    local i col=-1 row
    for ((i = 0; i < 24; i++)); do
        # The heading "h8: Enter plays, Esc cancels".
        if [[ ${L[i]} =~ ([a-o][0-9]+):\ Enter\ plays ]]; then
            local pre=${L[i]%%"${BASH_REMATCH[1]}: Enter plays"*}
            col=${#pre}
            break
        fi
    done
    ((col >= 0)) || return 0
    for ((i = i + 1; i < 24; i++)); do
        row=${L[i]:col}
        # Each command keeps its number at a square in a turn, so numbers may skip one that is
        # gone; they rise down the menu.
        [[ $row =~ ^([1-9])\ (.+)$ ]] || break
        ((${#numbers[@]} == 0 || BASH_REMATCH[1] > numbers[${#numbers[@]} - 1])) || break
        numbers+=("${BASH_REMATCH[1]}")
        items+=("${BASH_REMATCH[2]}")
        # A row reaching the screen's last column may be cut short.
        truncs+=($((${#L[i]} >= 80)))
    done
}

# Squares named by commands seen, for the cursor to visit.
remember_squares() {
    local w
    for w in $1; do
        [[ $w =~ ^[a-o][0-9]{1,2}$ ]] && squares+=("$w")
    done
    ((${#squares[@]} > 40)) && squares=("${squares[@]: -20}")
    return 0
}

# The cursor walked (h j k l) to a square a command named; the status line then names it.
step_goto() {
    ((${#squares[@]} > 0)) || return 0
    local to=${squares[RANDOM % ${#squares[@]}]}
    sentinel  # a short message: the row above it is the cursor's status line
    local at=${L[22]%% *}
    [[ $at =~ ^[a-o][0-9]{1,2}$ ]] || fail "no cursor square on the status line: \"${L[22]}\""
    local files=abcdefghijklmno
    local fx=${files%%"${at:0:1}"*} tx=${files%%"${to:0:1}"*}
    local dx=$((${#tx} - ${#fx})) dy=$((${to:1} - ${at:1})) keys=() i
    for ((i = 0; i < dx; i++)); do keys+=(l); done
    for ((i = 0; i > dx; i--)); do keys+=(h); done
    for ((i = 0; i < dy; i++)); do keys+=(k); done
    for ((i = 0; i > dy; i--)); do keys+=(j); done
    ((${#keys[@]} > 0)) || return 0
    send "${keys[@]}"
    wait_until "the cursor on $to" cursor_on "$to"
    check_save none "" 0 "cursor keys"
    say "cursor $at -> $to"
}
cursor_on() { [[ ${L[22]} == "$1 "* ]]; }

# After the key that may play C: in "sync" mode wait for it (PROCESSED tells when the screen shows
# it handled) and check; in "kill" mode kill.
after_key() {
    local mode=$1 c=$2 trunc=$3 processed=$4 what=$5
    if [[ $mode == kill ]]; then
        final_kill "$c" "$trunc" "$processed" "$what"
        return 0
    fi
    wait_until "$what handled" "$processed"
    local need=C
    if asked && [[ $processed != proc_confirm ]]; then
        need=none  # the odds are asked first
    elif refused "$c" "$trunc"; then
        need=none
    fi
    check_save "$need" "$c" "$trunc" "$what"
    snap
    if ((added)); then say "$what: played"; else say "$what: not played ($need)"; fi
    if save_over; then game_over=1; fi
}

# Whether the message says the command was refused ("C: why", maybe over two rows).
refused() {
    local p="$1: "
    ((${2:-0})) && p="$1*: "  # C cut at the screen's edge
    [[ ${L[23]} == $p* || ${L[22]} == $p* ]]
}

# ---------------------------------------------------------------------------------------------
# The kill.

kinds=(KILL HUP KILL HANGUP)

# Sends the signal; for the SIGHUPs checks the exit within 2 s. Sets kind.
do_kill() {
    local startup=$1
    kind=${kinds[nkills % 4]}
    nkills=$((nkills + 1))
    list_tmps
    local before=" ${tmps[*]} " f
    # Where the kill finds tercio (for the summary): waiting for a key, or busy (running, or
    # in the kernel on something else: the fdatasync of the save, the write to the terminal).
    local st="" wch=""
    read -r st 2>/dev/null </proc/"$pid"/stat || true
    read -r wch 2>/dev/null </proc/"$pid"/wchan || true
    st=${st##*) }
    landed="${st:0:1}:${wch:-?}"
    ((startup)) && landed="starting, $landed"
    landed_at[$landed]=$((${landed_at[$landed]:-0} + 1))
    local t0
    t0=${EPOCHREALTIME/./}
    case $kind in
        KILL) kill -KILL "$pid" 2>/dev/null || true ;;
        HUP) kill -HUP "$pid" 2>/dev/null || true ;;
        HANGUP)
            tc "kill-session -t play"
            session_up=0
            ;;
    esac
    while alive; do
        if ((${EPOCHREALTIME/./} - t0 > 2000000)); then
            [[ $kind == KILL ]] || fail "$kind: tercio ($pid) still running 2 s after the signal"
            ((${EPOCHREALTIME/./} - t0 > 10000000)) && fail "SIGKILL: tercio ($pid) still running after 10 s"
        fi
        nap 0.002
    done
    local ms=$(((${EPOCHREALTIME/./} - t0) / 1000))
    [[ $kind != KILL ]] && ((ms > hup_ms)) && hup_ms=$ms
    if [[ $kind == KILL ]]; then
        # A SIGKILL may leave a temporary file (a .bak being written): allowed, counted.
        list_tmps
        for f in "${tmps[@]}"; do [[ $before == *" $f "* ]] || tmps_left=$((tmps_left + 1)); done
    else
        # An orderly exit: no temporary file left, whole lines, and it said why it stopped.
        list_tmps
        for f in "${tmps[@]}"; do
            [[ $before == *" $f "* ]] || fail "$kind: a temporary file was left beside the save: $f"
        done
        whole_lines || fail "$kind: the save ends with half a line"
        if ((!startup)); then
            # A hang-up may also show as the end of the terminal's input, if a read sees it first.
            grep -qF "the connection closed" "$err" || { [[ $kind == HANGUP ]] && grep -qF "input ended" "$err"; } ||
                fail "$kind: stderr does not say the connection closed"
            if [[ $kind == HUP ]]; then
                exit_status
                [[ $xstatus == 0 ]] || fail "HUP: exit status \"$xstatus\", expected 0"
            fi
        fi
    fi
    say "kill $nkills: $kind (tercio was $landed), exited after $ms ms"
}

# The dead tercio's exit status, in xstatus: from /proc while it is a zombie (tmux is at times
# slow to reap it: seconds), else from tmux, which has it once it has reaped it.
exit_status() {
    local st f i
    xstatus=""
    if read -r st 2>/dev/null </proc/"$pid"/stat; then
        read -ra f <<<"${st##*) }"
        # f[0] is field 3 (the state); field 52, exit_code, is as waitpid reports it.
        local code=${f[49]:-}
        if [[ ${f[0]} == Z && -n $code ]]; then
            if (((code & 0x7f) == 0)); then xstatus=$(((code >> 8) & 0xff)); else xstatus="signal $((code & 0x7f))"; fi
            return 0
        fi
    fi
    for ((i = 0; i < 500; i++)); do
        tc "display -p -t play '#{pane_dead_status}#{?pane_dead_signal,signal ,}#{pane_dead_signal}'" || true
        xstatus=${TC[0]:-}
        [[ -n $xstatus ]] && break
        nap 0.004
    done
    return 0
}

# Kills 0-30 ms after the last key; PROCESSED reads the screen captured just before the kill
# ("none": the kill is mid-step, nothing may have been played).
final_kill() {
    local c=$1 trunc=$2 processed=$3 what=$4
    # 40%: 0-6 ms after the key, without looking (the key is then often being handled: the
    # save's fdatasync alone takes milliseconds); 60%: 1-30 ms after, the screen captured first.
    local r=$((RANDOM % 10)) delay capture=1 ds
    if ((r < 4)); then
        delay=$((RANDOM % 7)) capture=0
    else
        delay=$((1 + RANDOM % 30))
    fi
    local need=any seen=""
    printf -v ds '0.%03d' "$delay"
    ((delay > 0)) && nap "$ds"
    if ((capture)); then
        cap
        seen_dump=$scr
        if [[ $processed == none ]]; then
            need=none
            seen="mid-step"
        elif "$processed"; then
            if asked && [[ $processed != proc_confirm ]]; then
                need=none
                seen="odds shown"
            elif refused "$c" "$trunc"; then
                need=none
                seen="refused"
            else
                need=C
                seen="played"
            fi
        else
            seen="key not yet handled"
        fi
    else
        seen_dump=""
        [[ $processed == none ]] && need=none
        seen="not captured"
    fi
    do_kill 0
    killed=1
    # A SIGKILL might cut the last line short: its whole-line part is what must meet (a).
    local file=$save
    cut=0
    if ! whole_lines; then
        [[ $kind == KILL ]] || fail "$kind: the save ends with half a line"
        cut=1
        cuts=$((cuts + 1))
        local good
        good=$(($(stat -c %s "$save") - $(tail -n 1 "$save" | wc -c)))
        head -c "$good" "$save" >"$wdir/good"
        file="$wdir/good"
    fi
    check_save "$need" "$c" "$trunc" "kill $nkills ($kind, ${delay} ms after $what, seen: $seen)" "$file"
    local got=S0
    ((added)) && got=S0+C
    local key="$kind seen=$seen saved=$got"
    outcome[$key]=$((${outcome[$key]:-0} + 1))
    say "kill $nkills after $what: delay $delay ms, seen: $seen, need $need, got $got"
    snap  # what --resume must start from
    if save_over; then game_over=1; fi
}

# Kills while --resume is starting: the save must not change at all.
startup_kill() {
    launch --resume --save-dir "$gdir" --player p
    local delay=$((RANDOM % 61))
    local ds
    printf -v ds '0.%03d' "$delay"
    nap "$ds"
    do_kill 1
    check_save none "" 0 "kill $nkills ($kind) ${delay} ms into --resume"
    outcome["$kind during --resume"]=$((${outcome["$kind during --resume"]:-0} + 1))
}

# --resume: it must show the game with "Resumed", then play one more command, saved.
resume() {
    launch --resume --save-dir "$gdir" --player p
    wait_until "Resumed" resumed_or_dead
    has "Resumed " || fail "--resume did not show the game: $(cat "$err")"
    # Resuming changes nothing in the save, but for cutting off a cut line.
    # (The message may take two rows: compare it without its blanks.)
    local note="${L[22]}${L[23]}"
    note=${note//[[:space:]]/}
    if ((cut)); then
        [[ $note == *wascutshort* ]] || fail "--resume after a cut line does not say so"
        IFS= read -rd '' s0t <"$wdir/good" || true
        s0n=$(LC_ALL=C; echo ${#s0t})
        cut=0
    else
        [[ $note != *wascutshort* ]] || fail "--resume speaks of a cut line, but the save had none"
    fi
    check_save none "" 0 "--resume"
    sent_next=Z
    # (c) The game goes on: one more command, and the save grows by exactly it.
    # The first legal command, else the next (conceding, last of them, is never played).
    local k
    for ((k = 1; k <= 5; k++)); do
        step_prompt sync "" "$k"
        ((added)) && break
    done
    ((added)) || fail "after --resume no command could be played (the first 5 legal commands tried)"
}
resumed_or_dead() { has "Resumed " || ! alive; }

# ---------------------------------------------------------------------------------------------
KILL_RESUME_SEED_USED=$seed
start=${EPOCHREALTIME/./}
pids=()
for ((w = 1; w <= workers; w++)); do
    quota=$(((kills + w - 1) / workers))
    (worker "$w" "$quota") &
    pids+=($!)
done
status=0
for p in "${pids[@]}"; do wait "$p" || status=1; done
secs=$(((${EPOCHREALTIME/./} - start) / 1000000))
# The workers' counts, added up (max for the SIGHUP exit time).
cat "$work"/w*/summary 2>/dev/null | awk -F'\t' '
    /^max / { if ($2 > m[$1]) m[$1] = $2; next }
    { n[$1] += $2 }
    END { for (k in n) printf "  %s: %d\n", k, n[k]; for (k in m) printf "  %s: %d\n", k, m[k] }' | sort || true
for ((w = 1; w <= workers; w++)); do
    [[ -f $work/w$w/FAILED ]] && cat "$work/w$w/FAILED" >&2
done
if ((status)); then
    echo "kill_resume: FAILED after $secs s (KILL_RESUME_SEED=$seed); the saves and logs are kept in $work" >&2
    exit 1
fi
[[ -n ${KILL_RESUME_KEEP:-} ]] || rm -rf "$work"
echo "kill_resume: ok, $kills kills in $secs s"
