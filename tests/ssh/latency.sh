#!/usr/bin/env bash
# How long a key takes from one player's ssh client to the other player's screen, through a real
# sshd: tests/ssh/latency.py runs the two ssh clients in pseudo-terminals of its own and prints
# the median and p95 over 50 keys. It fails only if a connection breaks or a screen shows the
# wrong thing, never on the times (the machine may be busy): they are printed for the log.
# Needs root (it makes the users); skipped otherwise (tests/ssh/harness.sh). Usage: latency.sh TERCIO
# LATENCY_OPTIONS (optional) is passed on to latency.py: -v prints each key's time.
set -euo pipefail
tercio="$1"
name=ssh_latency
. "$(dirname "${BASH_SOURCE[0]}")/harness.sh"
ssh_start alice bob
games="$work/games"
install -d -m 1777 -o root -g root "$games"
python3 "$(dirname "${BASH_SOURCE[0]}")/latency.py" --port "$port" --keys "$work/keys" \
    --alice "${user[alice]}" --bob "${user[bob]}" --tercio "$bin" --server-dir "$games" ${LATENCY_OPTIONS:-} ||
    fail "the latency measurement failed (sshd's log below)"
