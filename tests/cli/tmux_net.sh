#!/usr/bin/env bash
# Two players on two terminals (tmux at 80x24), with real keys: alice hosts, bob joins with the
# code, each sees the other's commands, chat, a take-back asked on the other terminal, a
# spectator, and bob leaving and coming back to his seat.
# Usage: tmux_net.sh TERCIO
set -euo pipefail
tercio="$1"
name=tmux_net
sock="tercio-net-$$"
. "$(dirname "${BASH_SOURCE[0]}")/tmux_net_common.sh"
common="--server-dir $servers --save-dir $work/saves"
t new-session -d -s alice -x 80 -y 24 "TERM=xterm $tercio host $common --player alice --seed 5 --ai-delay 0; echo EXIT=\$?; sleep 60"
hosted alice
see alice "has no player yet: tell them tercio"

t new-session -d -s bob -x 80 -y 24 "TERM=xterm $tercio join $common --player bob $code; echo EXIT=\$?; sleep 60"
see bob "You play side B of game $id"
see alice "B (bob) joins the game."
see alice "Both sides are seated"

# Bob places no terrain: alice sees his command at once.
keys bob ":"; typed bob "terrain pass"; keys bob Enter
see alice 'B (Spanish, bob) played "terrain pass".'
# Chat with the " key.
keys bob '"'; typed bob "good luck"; keys bob Enter
see alice "B (bob) says: good luck"
# A command key while the other decides is refused with who decides.
keys bob P
see bob "Wait: A (French, alice) decides now."

# Alice passes too, then asks to take it back: bob is asked on his terminal and agrees.
keys alice ":"; typed alice "terrain pass"; keys alice Enter
see bob 'A (French, alice) played "terrain pass".'
keys alice U
see alice "Asked B (bob) to take it back"
see bob 'A (French, alice) asks to take back "terrain pass"? (y/n)'
keys bob y
see alice "B (bob) agreed: taken back."
see bob "B (bob) agreed: taken back."

# A spectator follows the same game, and cannot play.
t new-session -d -s carol -x 80 -y 24 "TERM=xterm $tercio watch $common --player carol $id; echo EXIT=\$?; sleep 60"
see carol "You are watching game $id"
see alice "carol watches (1 watching)."
keys carol P
see carol "You are watching: the players give the commands."

# Bob leaves; the game waits for him and he comes back to his seat without the code.
keys bob Q
see bob "(y/N)"
keys bob y
see bob "EXIT=0"
see alice "B (bob) left; the game waits"
t kill-session -t bob
t new-session -d -s bob -x 80 -y 24 "TERM=xterm $tercio join $common --player bob; echo EXIT=\$?; sleep 60"
see bob "You play side B of game $id"
see alice "B (bob) is back."
echo "tmux_net: ok"
