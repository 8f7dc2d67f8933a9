#!/usr/bin/env bash
# The tools that fit hard's reading of a play-out's end (bench/leaf_data.cpp, bench/tsp_leaf_data.cpp,
# bench/fit-leaf.py; docs/computer.md) still build, play and write what the fit reads, and the fit
# finds weights it knows, or says it has too few games instead of failing.
#   leaf_data.sh PS_TOOL TSP_TOOL DATA_DIR FIT_SCRIPT
set -euo pipefail
ps_tool=$1 tsp_tool=$2 data=$3 fit=$4
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "leaf_data: $*" >&2; exit 1; }

"$ps_tool" "$data" 4 1 > "$tmp/ps.csv"
"$tsp_tool" "$data" 4 1 > "$tmp/tsp.csv"
for f in ps tsp; do
    rows=$(($(wc -l < "$tmp/$f.csv") - 1))
    [ "$rows" -ge 4 ] || fail "$f: $rows positions from 4 games"
    head -1 "$tmp/$f.csv" | grep -q ',winner,vp$' || fail "$f: no winner and vp columns"
done

# Four games are too few: a clear message and exit status 1, no traceback.
for args in "$tmp/ps.csv" "$tmp/tsp.csv --ruleset the-sword-and-the-pike" \
            "$tmp/tsp.csv --ruleset the-sword-and-the-pike --by-turn"; do
    # shellcheck disable=SC2086
    if python3 "$fit" $args > "$tmp/out" 2> "$tmp/err"; then
        continue  # a fit it could make: fine
    else
        rc=$?
    fi
    [ "$rc" -eq 1 ] || fail "fit-leaf.py $args: exit $rc"
    grep -Eq "^(too few games to fit|no fit: )" "$tmp/err" || fail "fit-leaf.py $args: $(cat "$tmp/err")"
done

# Data made from known weights (the tools' columns, the outcome exactly the ruleset's own reading
# plus a constant for each pairing): the fit finds them.
python3 - "$tmp/ps.csv" "$tmp/known.csv" <<'PY'
import csv, random, sys
own = {"ok": 2.0, "disordered": 1.3, "routed": 0.4, "leader": 2.0, "chips": 0.12, "shots": 0.25,
       "melees": 0.125, "nearness": 0.02, "facing": 0.08}
header = next(csv.reader(open(sys.argv[1])))
rng = random.Random(7)
with open(sys.argv[2], "w", newline="") as f:
    w = csv.writer(f)
    w.writerow(header)
    for seed in range(1, 201):
        pairing = seed % 5
        for turn in range(1, 6):
            x = {t: rng.uniform(-3, 3) for t in own}
            vp = sum(own[t] * x[t] for t in own) + 10 * pairing
            row = {"seed": seed, "pairing": pairing, "turn": turn, "active": 1, "winner": 0, "vp": vp, **x}
            w.writerow([row[h] for h in header])
PY
python3 "$fit" "$tmp/known.csv" --target vp > "$tmp/known.out" || fail "fit-leaf.py on known weights: exit $?"
python3 - "$tmp/known.out" <<'PY' || fail "fit-leaf.py did not find the known weights: $(cat "$tmp/known.out")"
import sys
found = 0
for line in open(sys.argv[1]):
    p = line.split()
    if len(p) == 4 and p[0] in {"ok", "disordered", "routed", "leader", "chips", "shots", "melees", "nearness", "facing"}:
        scaled, own = float(p[2]), float(p[3])
        assert abs(scaled - own) < 1e-3, line
        found += 1
assert found == 9, found
PY
echo "leaf_data: ok"
