#!/usr/bin/env bash
# Hell Broke Loose on two terminals (tmux at 80x24), with real keys, as tmux_net.sh for Pikette
# Squared: alice hosts with --ruleset, bob joins with the code and gets Hell Broke Loose's screen
# from the server, each sees the other's commands, chat, a take-back asked on the other terminal,
# a spectator, and bob leaving and coming back to his seat.
# Usage: tmux_net_hbl.sh TERCIO
set -euo pipefail
tercio="$1"
name=tmux_net_hbl
sock="tercio-net-hbl-$$"
. "$(dirname "${BASH_SOURCE[0]}")/tmux_net_common.sh"
common="--server-dir $servers --save-dir $work/saves"
t new-session -d -s alice -x 80 -y 24 \
    "TERM=xterm $tercio host $common --ruleset hell-broke-loose --red french --blue ottoman --player alice --seed 7 --ai-delay 0; echo EXIT=\$?; sleep 60"
hosted alice
see alice "Turn 1 of 10"

t new-session -d -s bob -x 80 -y 24 "TERM=xterm $tercio join $common --player bob $code; echo EXIT=\$?; sleep 60"
see bob "You play side B of game $id"
see bob "Turn 1 of 10"
see bob "A chooses: first or second"
see alice "B (bob) joins the game."
see bob "A (French, alice) is thinking"

# Alice goes first: bob's screen shows her phase begin.
keys alice ":"; typed alice "first"; keys alice Enter
see bob "A's phase: 3 pips."
# Chat with the " key.
keys bob '"'; typed bob "good luck"; keys bob Enter
see alice "B (bob) says: good luck"

# Alice asks to take "first" back: bob is asked on his terminal and agrees.
keys alice U
see alice "Asked B (bob) to take it back"
see bob 'asks to take back "first"? (y/n)'
keys bob y
see alice "agreed: taken"
see bob "agreed: taken"
see bob "A chooses: first or second"

# A spectator follows the same game.
t new-session -d -s carol -x 80 -y 24 "TERM=xterm $tercio watch $common --player carol $id; echo EXIT=\$?; sleep 60"
see carol "You are watching game $id"
see carol "Turn 1 of 10"
see alice "carol watches"

# Bob leaves; the game waits for him and he comes back to his seat without the code.
keys bob Q
see bob "(y/N)"
keys bob y
see bob "EXIT=0"
see alice "B (bob) left; the game"
t kill-session -t bob
t new-session -d -s bob -x 80 -y 24 "TERM=xterm $tercio join $common --player bob; echo EXIT=\$?; sleep 60"
see bob "You play side B of game $id"
see alice "B (bob) is back."
echo "tmux_net_hbl: ok"
