#!/usr/bin/env bash
# tercio play --plain for a player who listens (a screen reader, espeak-ng): in a scripted game of
# each ruleset, against the computer to the end, with every word of the plain mode typed now and
# then (map, near SQUARE, units, enemy, cards or status, why, odds, legal, help), every line printed
# is speakable. The checker below says so by rule:
#   1. printable ASCII only: no box drawing, arrows or other symbols a speech synthesiser reads
#      badly or not at all;
#   2. no bare number columns: no two numbers side by side with only spaces between them (a table
#      row such as "A French 20 0 3 17" reads aloud as a string of numbers);
#   3. no rows of glyphs (". . . K k #") and no ASCII art (runs of -, =, _, + or |);
# except the map's grid, which `map` keeps on purpose: it is fenced by a line that says what it is
# ("The board as a grid of ...") and "End of the grid.", and near, units and enemy say the same in
# sentences. The checker is first shown lines it must refuse. With espeak-ng installed, every line
# is also spoken (to phonemes, nothing played) and any error fails the test; TERCIO_REQUIRE_ESPEAK=1
# (scripts/test sets it) makes a missing espeak-ng a failure rather than a skipped step.
# Usage: plain_speech.sh TERCIO
set -euo pipefail
tercio="$1"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
fail() { echo "plain_speech: $*" >&2; exit 1; }

# Prints each line of file $1 that breaks a rule, as "LINE: RULE: TEXT"; nothing if all are
# speakable.
unspeakable() {
    LC_ALL=C awk '
        function bad(rule) { printf "%d: %s: %s\n", NR, rule, $0 }
        /^The board as a grid of / { grid = 1; next }
        grid && $0 == "End of the grid." { grid = 0; next }
        grid { next }
        /[^ -~]/ { bad("not printable ASCII"); next }
        {
            n = split($0, t, / +/)
            for (i = 1; i < n; ++i) {
                if (t[i] ~ /^[0-9]+$/ && t[i + 1] ~ /^[0-9]+$/) { bad("bare number columns"); next }
            }
            glyphs = 0; words = 0
            for (i = 1; i <= n; ++i) {
                if (t[i] == "") continue
                ++words
                if (t[i] ~ /^[^0-9]$/) ++glyphs
            }
            if (words >= 5 && glyphs * 3 > words * 2) { bad("a row of glyphs"); next }
            if ($0 ~ /[-=_+|][-=_+|][-=_+|]/) { bad("ASCII art"); next }
        }
        END { if (grid) printf "%d: a map grid without its end line\n", NR }
    ' "$1"
}

# The checker refuses what it must: the old `cards` table, box drawing, a glyph row, a grid that
# never ends; and passes sentences, the prompt and a fenced grid.
printf '%s\n' "A French      20    0   3     17" "┌──────┐" " 2 . . . . . . . K K M H P P A A G" \
    "+-----+" "A French: 20 cards in the deck, 0 discarded, 3 opportunity chips, 17 morale chips." \
    "A, 4 pips left> near h5" "The board as a grid of 2 rows, rank 2 at the top." " 2 . . K" " 1 . . ." \
    "End of the grid." "The board as a grid of 1 rows" >"$work/self.txt"
unspeakable "$work/self.txt" >"$work/self.out" || true
for line in 1 2 3 4 11; do
    grep -q "^$line: " "$work/self.out" || fail "the checker passes line $line of its own test: $(sed -n "${line}p" "$work/self.txt")"
done
for line in 5 6 7 8 9 10; do
    if grep -q "^$line: " "$work/self.out"; then fail "the checker refuses a speakable line: $(grep "^$line: " "$work/self.out")"; fi
done

# A game of the ruleset's, scripted: the plain words, then the first legal command 25 times, and
# again, to the end of the game (bounded: the games end at nightfall long before).
play() {
    local name="$1" pages="$2" odds="$3"
    shift 3
    {
        for _ in $(seq 200); do
            printf '%s\n' help map units enemy "near h5" near "near z99" "$pages" why "odds $odds" "legal turn"
            for _ in $(seq 25); do echo 1; done
        done
    } >"$work/$name.in"
    TERM=dumb timeout 600 "$tercio" play --plain --vs normal "$@" --save-dir "$work/saves-$name" --player p \
        <"$work/$name.in" >"$work/$name.out" 2>"$work/$name.err" || fail "$name: exit $? ($(tail -n 3 "$work/$name.err"))"
    grep -qF "The game is over." "$work/$name.out" || fail "$name: the game did not end: $(tail -n 5 "$work/$name.out")"
    for want in "Your side, " "The enemy, " "At h5, " "near: give a square" "The roll explained: " \
        "The board as a grid of" "End of the grid." " pips left> "; do
        grep -qF -- "$want" "$work/$name.out" || fail "$name: expected '$want' in the game's lines"
    done
    if unspeakable "$work/$name.out" >"$work/$name.bad"; [ -s "$work/$name.bad" ]; then
        echo "plain_speech: $name: $(wc -l <"$work/$name.bad") lines a listener cannot follow:" >&2
        head -n 20 "$work/$name.bad" >&2
        exit 1
    fi
    cat "$work/$name.out" "$work/$name.err" >>"$work/all.txt"
}
play pikette cards "fight h6" --seed 7
play hbl status "fight K1" --ruleset hell-broke-loose --red french --blue ottoman --seed 5

# Spoken by espeak-ng, to phonemes (nothing is played): it must read every line without an error.
if command -v espeak-ng >/dev/null 2>&1; then
    espeak-ng -q -x -f "$work/all.txt" >"$work/phonemes.txt" 2>"$work/espeak.err" ||
        fail "espeak-ng failed (exit $?): $(head -n 5 "$work/espeak.err")"
    [ ! -s "$work/espeak.err" ] || fail "espeak-ng reported: $(head -n 5 "$work/espeak.err")"
    [ -s "$work/phonemes.txt" ] || fail "espeak-ng said nothing"
    echo "plain_speech: ok ($(wc -l <"$work/all.txt") lines checked and spoken by espeak-ng)"
elif [ "${TERCIO_REQUIRE_ESPEAK:-0}" = 1 ]; then
    fail "espeak-ng is not installed (TERCIO_REQUIRE_ESPEAK=1): apt-get install espeak-ng"
else
    echo "plain_speech: ok ($(wc -l <"$work/all.txt") lines checked; espeak-ng not installed, not spoken)"
fi
