#!/usr/bin/env python3
"""Fits the weights of hard's reading of a play-out's end to the data of bench/leaf_data.cpp
(Pikette Squared) or bench/tsp_leaf_data.cpp (The Sword and the Pike).

Least squares of how the game ended (winner: +1 side A, -1 side B, 0 a draw; or the victory
points difference) on the terms of the reading (ai::Scorer::terms, ai::tsp_search_terms) at the
start of each phase or turn, with an intercept per pairing of armies. The weights are printed
scaled so that the first term has the weight the ruleset's own reading gives it, next to that
reading's (only their ratios matter to hard, which compares play-outs by their differences).
It then fits again on the first half of the games alone and says how well the fitted weights,
and the reading's own (at their best scale on that half), foretell the second half: the share of
the outcome's spread (within each pairing) that each explains.

    python3 bench/fit-leaf.py /tmp/leaf.csv [--ruleset R] [--target winner|vp] [--from-turn N] [--to-turn N]
    python3 bench/fit-leaf.py /tmp/leaf.csv --ruleset R --by-turn [--terms a,b,...]

--by-turn fits each turn from --from-turn on alone (the last, --to-turn, with every turn after
it), and prints the weights as fitted (the outcome's change per unit of each term), one row a turn,
with the share of the spread each row explains. --terms fits only those terms (the rest 0).
"""
import argparse
import csv

RULESETS = {
    "pikette-squared": (
        ["ok", "disordered", "routed", "leader", "chips", "shots", "melees", "nearness", "facing"],
        [2.0, 1.3, 0.4, 2.0, 0.12, 0.25, 0.125, 0.02, 0.08],
    ),
    "the-sword-and-the-pike": (
        ["units", "fire", "fights", "placing", "charges", "race"],
        [1.0, 1.0, 1.0, 1.0, 1.0, 10.0],
    ),
}


def solve(a, b, names):
    """Gaussian elimination with partial pivoting: a x = b."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        if abs(m[c][c]) < 1e-12:
            raise SystemExit(f"no fit: the term {names[c]} does not vary in these positions, or moves with the "
                             "others (too few games; or only turn 1, before anything has happened: --from-turn 2)")
        for r in range(n):
            if r != c:
                f = m[r][c] / m[c][c]
                for k in range(c, n + 1):
                    m[r][k] -= f * m[c][k]
    return [m[i][n] / m[i][i] for i in range(n)]


def centred(groups, k):
    """Each pairing's rows, the terms and the outcome measured from their means in the pairing."""
    out = []
    for group in groups.values():
        n = len(group)
        mx = [sum(x[i] for x, _ in group) / n for i in range(k)]
        my = sum(y for _, y in group) / n
        out += [([x[i] - mx[i] for i in range(k)], y - my) for x, y in group]
    return out


def fit(rows, k, names):
    xtx = [[0.0] * k for _ in range(k)]
    xty = [0.0] * k
    for x, y in rows:
        for i in range(k):
            xty[i] += x[i] * y
            for j in range(k):
                xtx[i][j] += x[i] * x[j]
    return solve(xtx, xty, names)


def too_few(why):
    raise SystemExit(f"too few games to fit: {why}; give the data tool more games (thousands)")


def explained(rows, w):
    """The share of the outcome's spread the reading w explains (1 - residual / total)."""
    total = sum(y * y for _, y in rows)
    if total == 0:
        too_few("every game of a pairing ended alike")
    resid = sum((y - sum(a * b for a, b in zip(x, w))) ** 2 for x, y in rows)
    return 1 - resid / total


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("csv")
    ap.add_argument("--ruleset", choices=sorted(RULESETS), default="pikette-squared")
    ap.add_argument("--target", choices=["winner", "vp"], default="winner")
    ap.add_argument("--from-turn", type=int, default=1)
    ap.add_argument("--to-turn", type=int, default=99)
    ap.add_argument("--by-turn", action="store_true")
    ap.add_argument("--terms")
    args = ap.parse_args()
    terms, own = RULESETS[args.ruleset]
    if args.by_turn:
        by_turn(args, terms)
        return
    k = len(terms)
    # Each pairing of armies gets its own intercept (the terms and the outcome are measured from
    # their means within the pairing): hard compares play-outs of one game, so an army's strength
    # must not pass for the terms it tends to have.
    data = {}
    halves = ({}, {})
    seeds = []
    with open(args.csv, newline="") as f:
        for r in csv.DictReader(f):
            if not args.from_turn <= int(r["turn"]) <= args.to_turn:
                continue
            row = ([float(r[t]) for t in terms], float(r[args.target]))
            data.setdefault(r["pairing"], []).append(row)
            seeds.append((int(r["seed"]), r["pairing"], row))
    if not data:
        too_few("no positions in these turns")
    w = fit(centred(data, k), k, terms)
    if w[0] == 0:
        too_few(f"the fitted weight of {terms[0]} is 0")
    scale = own[0] / w[0]
    print(f"{sum(len(g) for g in data.values())} positions, target {args.target}, turns {args.from_turn}-{args.to_turn}")
    print(f"{'term':15} {'fitted':>10} {'scaled':>10} {'its own':>8}")
    for t, wi, n in zip(terms, w, own):
        print(f"{t:15} {wi:10.5f} {wi * scale:10.4f} {n:8.3f}")
    middle = sorted(s for s, _, _ in seeds)[len(seeds) // 2]
    for s, pairing, row in seeds:
        halves[s >= middle].setdefault(pairing, []).append(row)
    first, second = centred(halves[0], k), centred(halves[1], k)
    wf = fit(first, k, terms)
    own_x = [(sum(a * b for a, b in zip(x, own)), y) for x, y in first]
    spread = sum(x * x for x, _ in own_x)
    if spread == 0:
        too_few("the reading does not vary in the first half")
    c = sum(x * y for x, y in own_x) / spread
    print(f"second half explained: fitted on the first {explained(second, wf):.4f}, "
          f"its own weights (times {c:.4f}) {explained(second, [c * o for o in own]):.4f}")


def by_turn(args, terms):
    use = args.terms.split(",") if args.terms else terms
    rows = list(csv.DictReader(open(args.csv, newline="")))
    if not rows:
        too_few("no positions")
    last = min(args.to_turn, max(int(r["turn"]) for r in rows))
    print("turn  " + " ".join(f"{t:>9}" for t in terms) + "  explained")
    for turn in range(args.from_turn, last + 1):
        groups = {}
        for r in rows:
            if int(r["turn"]) == turn or (turn == last and int(r["turn"]) > last):
                groups.setdefault(r["pairing"], []).append(([float(r[t]) for t in use], float(r[args.target])))
        c = centred(groups, len(use))
        w = dict(zip(use, fit(c, len(use), use)))
        label = f"{turn}+" if turn == last else f"{turn}"
        print(f"{label:5} " + " ".join(f"{w.get(t, 0.0):9.5f}" for t in terms) +
              f"  {explained(c, [w[t] for t in use]):.3f}")


if __name__ == "__main__":
    main()
