#!/usr/bin/env bash
# The start menu's Host a game and Join a game, with real keys in tmux at 80x24: alice hosts for
# a friend, bob finds her game in Join a game and joins with the code (after a wrong one), carol
# watches it from the same list, bob comes back to his seat from the list without the code,
# alice's Continue joins her hosted game instead of playing its save beside the server, and bob's
# Continue takes his seat in it back.
# Usage: tmux_menu_net.sh TERCIO
set -euo pipefail
tercio="$1"
name=tmux_menu_net
sock="tercio-menu-net-$$"
. "$(dirname "${BASH_SOURCE[0]}")/tmux_net_common.sh"
# tercio play's start menu for a player, in a session of that name.
menu() {
    t new-session -d -s "$1" -x 80 -y 24 \
        "TERM=xterm $tercio play --server-dir $servers --save-dir $work/saves --player $1; echo EXIT=\$?; sleep 60"
    see "$1" "Start the battle"
}

# Alice makes side B a person's (Left from the computer, normal: easy, random, a person), then
# goes down to Host a game, which says what it will do.
menu alice
keys alice Up Up Left Left Left
see alice "Played by < a person at this keyboard >"
keys alice Down Down Down
see alice "> [ Host a game ] you play A; a friend joins B with a code"
keys alice Enter
hosted alice

# Bob: Join a game lists alice's game with its open seat; a wrong code is refused in the list.
menu bob
keys bob Down Down Enter
see bob "> [join ] alice: French v Spanish, turn 0; A alice, B open seat"
# The right game's tag with wrong secret letters: the server cannot prove the code, nothing is sent.
wrong="${code:0:2}ABCDEFG"
[[ $code == "$wrong" ]] && wrong="${code:0:2}GFEDCBA"
typed bob "$wrong"
see bob "Join code $wrong"
keys bob Enter
see bob "does not match game $id"
keys bob BSpace BSpace BSpace BSpace BSpace BSpace BSpace BSpace BSpace
typed bob "${code,,}"  # typed in small letters
keys bob Enter
see bob "You play side B of game $id"
see alice "B (bob) joins the game."

# Carol finds the game full: Enter watches it, Q asks and stops watching.
menu carol
keys carol Down Down Enter
see carol "> [watch] alice: French v Spanish, turn 0; A alice, B bob"
keys carol Enter
see carol "You are watching game $id"
keys carol Q
see carol "Stop watching? (y/N)"
keys carol y
see carol "you stopped watching game $id."

# Bob leaves, and comes back from the list without the code: the line says [back]. (His menu
# starts on Continue, which offers the same seat: Up is Join a game.)
keys bob Q
see bob "Leave? The game waits for you, saved"
keys bob y
see bob "EXIT=0"
see alice "B (bob) left; the game waits"
t kill-session -t bob
menu bob
see bob "> [ Continue ]"
keys bob Up Enter
see bob "> [back ] alice:"
keys bob Enter
see bob "You play side B of game $id"
see alice "B (bob) is back."

# Alice leaves; her menu offers the hosted game, and Continue joins it where it is served.
keys alice Q
see alice "(y/N)"
keys alice y
see alice "EXIT=0"
t kill-session -t alice
menu alice
see alice "> [ Continue ] French v Spanish, the set-up"
see alice "hosted for two terminals: Continue joins it"
keys alice Enter
see alice "You play side A of game $id"
see bob "A (alice) is back."

# Bob leaves again; logging in, his menu's Continue offers his seat in alice's game, and takes it back.
keys bob Q
see bob "Leave? The game waits for you, saved"
keys bob y
see bob "EXIT=0"
t kill-session -t bob
menu bob
see bob "> [ Continue ] French v Spanish, the set-up"
see bob "hosted by alice: Continue takes your seat back"
keys bob Enter
see bob "You play side B of game $id"
see alice "B (bob) is back."
echo "tmux_menu_net: ok"
