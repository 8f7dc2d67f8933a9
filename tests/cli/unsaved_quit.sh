#!/usr/bin/env bash
# tercio play left while the disk refuses the last commands: exit 74, never "saved in". A file size
# limit (`ulimit -f`, as signals.sh uses: it stops root too, where a read-only directory would
# not) lets the header and the first commands be written and refuses the first keyframe, so the
# rest of a scripted --plain game waits in memory; at `quit` the save still cannot be written.
# Both rulesets' paths (Pikette Squared's and Hell Broke Loose's), then the save resumed without
# the limit from the commands that were written.
# Usage: unsaved_quit.sh TERCIO
set -euo pipefail
tercio="$(realpath "$1")"
work="$(mktemp -d "${TMPDIR:-/tmp}/tercio-unsaved.XXXXXX")"
trap 'rm -rf "$work"' EXIT
fail() { echo "unsaved_quit: $*" >&2; exit 1; }
has() { grep -qF -- "$2" "$1" || { echo "unsaved_quit: expected '$2' in $1:" >&2; tail -n 20 "$1" >&2; exit 1; }; }

# Runs tercio with a 4 KB file size limit, its standard output and error through pipes to files
# (the limit is on the files tercio writes; the pipes and the cats outside it are not limited).
# Its exit status.
limited() {
    local out="$1" err="$2" in="$3"
    shift 3
    { bash -c 'ulimit -f 4; exec "$@"' limited "$tercio" "$@" <"$in" 2>&1 1>&3 3>&- | cat >"$err"
      exit "${PIPESTATUS[0]}"; } 3>&1 | cat >"$out"
    return "${PIPESTATUS[0]}"
}

# Checks one game left with commands not written: the status, the words, and that the save holds
# exactly the commands it says are saved.
check_unsaved() {
    local name="$1" rc="$2" saves="$3"
    local dir="$saves/p"
    [[ "$rc" == 74 ]] || { cat "$work/$name.err" >&2; tail -n 5 "$work/$name.out" >&2; fail "$name: exit $rc, expected 74"; }
    has "$work/$name.out" "NOT SAVED"  # said as it was played
    has "$work/$name.err" "tercio: NOT SAVED: the last "
    has "$work/$name.err" "commands could not be written: "
    has "$work/$name.err" "File too large"
    if grep -qF ", saved in" "$work/$name.out"; then fail "$name: it says 'saved in' with commands not saved"; fi
    local save
    save="$(ls "$dir"/*.save)"
    local last unsaved written
    last="$(grep -F "commands are NOT saved; the " "$work/$name.out")" || { tail -n 5 "$work/$name.out" >&2; fail "$name: no last line naming what is not saved"; }
    unsaved="$(sed -E 's/.*the last ([0-9]+) commands are NOT saved.*/\1/' <<<"$last")"
    written="$(sed -E 's/.*NOT saved; the ([0-9]+) commands? before them are saved in .*/\1/' <<<"$last")"
    [[ "$last" == *"before them are saved in $save" ]] || fail "$name: the last line does not name the save: $last"
    grep -qF "the last $unsaved commands could not be written" "$work/$name.err" || fail "$name: stderr and stdout disagree"
    [[ "$unsaved" -ge 1 && "$written" -ge 1 ]] || fail "$name: $last"
    local in_file
    in_file="$(grep -cE '^[0-9a-f]{16} ' "$save")"
    [[ "$in_file" == "$written" ]] || fail "$name: the save holds $in_file commands, the last line says $written"
    has "$work/$name.out" "tercio play --resume --player p --save-dir $saves goes on from before them"
    [[ $(stat -c %s "$save") -le 4096 ]] || fail "$name: the save grew past the limit"
    "$tercio" check "$save" >/dev/null || fail "$name: tercio check refuses the save"
    # Without the limit the game goes on from the commands written.
    printf 'quit\n' | "$tercio" play --plain --resume --save-dir "$saves" --player p >"$work/$name.resumed" 2>&1 ||
        fail "$name: resume: exit $?"
    has "$work/$name.resumed" "Resumed after $written commands."
}

# 1. Pikette Squared against the computer, one legal command after another.
{ for _ in $(seq 40); do echo 1; done; echo quit; } >"$work/ps.in"
rc=0
limited "$work/ps.out" "$work/ps.err" "$work/ps.in" \
    play --plain --red french --blue spanish --seed 3 --vs easy --save-dir "$work/ps" --player p || rc=$?
check_unsaved ps "$rc" "$work/ps"
has "$work/ps.out" "tercio: game french v spanish, seed 3: the last "

# 2. Hell Broke Loose: its plain lines number the commands after `legal`.
{ for _ in $(seq 60); do echo legal; echo 1; done; echo quit; } >"$work/hbl.in"
rc=0
limited "$work/hbl.out" "$work/hbl.err" "$work/hbl.in" \
    play --plain --ruleset hell-broke-loose --red french --blue ottoman --seed 3 --vs random \
    --save-dir "$work/hbl" --player p || rc=$?
check_unsaved hbl "$rc" "$work/hbl"
has "$work/hbl.out" "tercio: Hell Broke Loose game french v ottoman, seed 3: the last "

# 3. The same game with room for its save: status 0 and "saved in".
rc=0
"$tercio" play --plain --red french --blue spanish --seed 3 --vs easy --save-dir "$work/ok" --player p \
    <"$work/ps.in" >"$work/ok.out" 2>"$work/ok.err" || rc=$?
[[ "$rc" == 0 ]] || fail "a game saved whole: exit $rc"
has "$work/ok.out" ", saved in $work/ok/p/"
if grep -qF "NOT SAVED" "$work/ok.out" "$work/ok.err"; then fail "NOT SAVED with room for the save"; fi
echo "unsaved_quit: ok"
