#!/usr/bin/env python3
"""Fits the weights of hard's leaf evaluation to the data of bench/leaf_data.cpp.

Least squares of how the game ended (winner: +1 side A, -1 side B, 0 a draw; or the victory
points difference) on the terms of ai::Scorer::terms at the start of each phase, with an intercept per pairing of
armies.
The weights are printed scaled so that an OK stand is worth 2, as in normal's evaluation, next to
normal's own (only their ratios matter to hard, which compares play-outs by their differences).

    python3 bench/fit-leaf.py /tmp/leaf.csv [--target winner|vp] [--from-turn N] [--to-turn N]
"""
import argparse
import csv

TERMS = ["ok", "disordered", "routed", "leader", "chips", "shots", "melees", "nearness", "facing"]
NORMAL = [2.0, 1.3, 0.4, 2.0, 0.12, 0.25, 0.125, 0.02, 0.08]


def solve(a, b):
    """Gaussian elimination with partial pivoting: a x = b."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        if abs(m[c][c]) < 1e-12:
            raise SystemExit(f"term {c} does not vary: no fit")
        for r in range(n):
            if r != c:
                f = m[r][c] / m[c][c]
                for k in range(c, n + 1):
                    m[r][k] -= f * m[c][k]
    return [m[i][n] / m[i][i] for i in range(n)]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("csv")
    ap.add_argument("--target", choices=["winner", "vp"], default="winner")
    ap.add_argument("--from-turn", type=int, default=1)
    ap.add_argument("--to-turn", type=int, default=99)
    args = ap.parse_args()
    # Each pairing of armies gets its own intercept (the terms and the outcome are measured from
    # their means within the pairing): hard compares play-outs of one game, so an army's strength
    # must not pass for the terms it tends to have.
    data = {}
    with open(args.csv, newline="") as f:
        for r in csv.DictReader(f):
            if not args.from_turn <= int(r["turn"]) <= args.to_turn:
                continue
            x = [float(r[t]) for t in TERMS]
            data.setdefault(r["pairing"], []).append((x, float(r[args.target])))
    k = len(TERMS)
    xtx = [[0.0] * k for _ in range(k)]
    xty = [0.0] * k
    rows = 0
    for group in data.values():
        n = len(group)
        mx = [sum(x[i] for x, _ in group) / n for i in range(k)]
        my = sum(y for _, y in group) / n
        for x, y in group:
            x = [x[i] - mx[i] for i in range(k)]
            y -= my
            for i in range(k):
                xty[i] += x[i] * y
                for j in range(k):
                    xtx[i][j] += x[i] * x[j]
            rows += 1
    w = solve(xtx, xty)
    scale = 2.0 / w[0]
    print(f"{rows} positions, target {args.target}, turns {args.from_turn}-{args.to_turn}")
    print(f"{'term':15} {'fitted':>10} {'as normal':>10} {'normal':>8}")
    for t, wi, n in zip(TERMS, w, NORMAL):
        print(f"{t:15} {wi:10.5f} {wi * scale:10.4f} {n:8.3f}")


if __name__ == "__main__":
    main()
