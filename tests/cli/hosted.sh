# Sourced by the tests that host a game in a tmux pane (tests/cli/tmux_net_common.sh,
# tests/ssh/harness.sh), after their screen and fail helpers.
#   hosted SESSION   waits (at most 15 s) until the pane shows "Game ID hosted. Join code: CODE"
#                    whole, then sets id and code.
# Waiting for the whole line, not only for "Join code: ": a pane can be read half drawn (over ssh
# a screen arrives in pieces), and a code read then is cut short.
hosted() {
    local now
    for _ in $(seq 150); do
        now="$(screen "$1")"
        if [[ $now =~ Game\ ([0-9a-f]{8})\ hosted\.\ Join\ code:\ ([A-Z]{9}) ]]; then
            id=${BASH_REMATCH[1]}
            code=${BASH_REMATCH[2]}
            return 0
        fi
        sleep 0.1
    done
    fail "$1 does not show 'Game ID hosted. Join code: CODE' whole"
}
