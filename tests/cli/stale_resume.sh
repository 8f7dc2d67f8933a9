#!/usr/bin/env bash
# A save made before a rules change (tests/data/saves/stale-rules.save: out of sync at line 2059,
# "fight o14", after keyframes at 32, 50 and 94 commands) is not lost: `tercio check` still reports
# the line and names the turn the game can go on from; `tercio play --plain --resume` keeps the
# file as found beside the save, says what it dropped, goes on from the last keyframe that
# replays, and the game is played and saved on from there.
# Usage: stale_resume.sh TERCIO SRC
set -euo pipefail
tercio="$(realpath "$1")"
stale="$2/tests/data/saves/stale-rules.save"
work="$(mktemp -d "${TMPDIR:-/tmp}/tercio-stale.XXXXXX")"
trap 'rm -rf "$work"' EXIT
fail() { echo "stale_resume: $*" >&2; exit 1; }
has() { grep -qF -- "$2" "$1" || { echo "stale_resume: expected '$2' in $1:" >&2; tail -n 20 "$1" >&2; exit 1; }; }
commands() { grep -cE '^[0-9a-f]{16} ' "$1"; }
dropped="commands 95 to 273 (turn 4 onwards) no longer replay under these rules"

# 1. tercio check: still an error (65) at the line, and where --resume goes on from.
rc=0
"$tercio" check "$stale" >"$work/check.out" 2>"$work/check.err" || rc=$?
[[ "$rc" == 65 ]] || fail "tercio check: exit $rc, expected 65"
has "$work/check.err" "stale-rules.save:2059:1: out of sync at \"fight o14\""
has "$work/check.err" "stale-rules.save: note: tercio play --resume can go on from turn 4: $dropped"

# 2. Resumed in plain lines: told what was dropped, the game goes on from turn 4 and its first
# command there is saved.
mkdir -p "$work/saves/alice"
chmod 700 "$work/saves/alice"
save="$work/saves/alice/imperialist-v-ottoman.save"
cp "$stale" "$save"
rc=0
printf 'units\n1\nquit\n' | "$tercio" play --plain --resume --save-dir "$work/saves" --player alice \
    >"$work/resume.out" 2>"$work/resume.err" || rc=$?
[[ "$rc" == 0 ]] || { cat "$work/resume.err" >&2; fail "resume: exit $rc"; }
has "$work/resume.out" "Resumed after 94 commands."
has "$work/resume.out" "The save was made by an older tercio: $dropped and were dropped; the game goes on from turn 4."
has "$work/resume.out" "The save as it was is kept in imperialist-v-ottoman.save.as-found.bak."
has "$work/resume.out" "Turn 4: "
has "$work/resume.out" ", saved in $save"
cmp -s "$stale" "$save.as-found.bak" || fail "the copy kept is not the save as found"
[[ $(commands "$save") == 95 ]] || fail "the save holds $(commands "$save") commands, expected 94 and the one played"
"$tercio" check "$save" >/dev/null || fail "tercio check refuses the save once resumed"

# 3. Resumed again: nothing more to drop, no second copy, the game goes on where it was left.
rc=0
printf '1\nquit\n' | "$tercio" play --plain --resume --save-dir "$work/saves" --player alice \
    >"$work/again.out" 2>"$work/again.err" || rc=$?
[[ "$rc" == 0 ]] || { cat "$work/again.err" >&2; fail "second resume: exit $rc"; }
has "$work/again.out" "Resumed after 95 commands."
if grep -qF "older tercio" "$work/again.out"; then fail "the second resume dropped commands again"; fi
[[ $(commands "$save") == 96 ]] || fail "the save holds $(commands "$save") commands after the second resume"
[[ $(ls "$work/saves/alice" | grep -c 'as-found') == 1 ]] || fail "more than one copy as found: $(ls "$work/saves/alice")"

# 4. A save whose copy cannot be kept first is not changed, and the game does not go on: here a
# file size limit smaller than the save refuses the copy (it stops root too; SIGXFSZ ignored, as
# the game itself ignores it, so the write fails as on a full disk).
mkdir -p "$work/full/alice"
chmod 700 "$work/full/alice"
cp "$stale" "$work/full/alice/x.save"
rc=0
printf 'quit\n' | bash -c 'trap "" XFSZ; ulimit -f 16; exec "$@"' limited "$tercio" play --plain --resume \
    --save-dir "$work/full" --player alice >/dev/null 2>"$work/full.err" || rc=$?
[[ "$rc" == 74 ]] || { cat "$work/full.err" >&2; fail "a copy that cannot be kept: exit $rc, expected 74"; }
has "$work/full.err" "x.save:2059:1: out of sync at \"fight o14\""
has "$work/full.err" "cannot be kept first"
has "$work/full.err" "the save was not changed"
cmp -s "$stale" "$work/full/alice/x.save" || fail "the save was changed although its copy could not be kept"
[[ $(ls "$work/full/alice") == x.save ]] || fail "files left beside the save: $(ls "$work/full/alice")"
echo "stale_resume: ok"
