# Sourced by the tests of networked games in tmux (tmux_net.sh, tmux_menu_net.sh): a private game
# directory and tmux server, their cleanup, and the helpers that drive and read the panes (and
# hosted, from tests/cli/hosted.sh).
# Before sourcing, set: tercio (the program), name (for messages), sock (the tmux socket's name).
work="$(mktemp -d)"
servers="$work/games"
mkdir -m 700 "$servers"
t() { tmux -L "$sock" "$@"; }
cleanup() {
    for pid in $("$tercio" watch --server-dir "$servers" 2>/dev/null | grep -o 'server pid [0-9]*' | awk '{print $3}'); do
        kill -9 "$pid" 2>/dev/null || true
    done
    t kill-server 2>/dev/null || true
    # The clients left with their panes end on the hangup; any still running after 5 s (under the
    # sanitizers, LeakSanitizer's check at exit has been seen to spin for ever once the terminal is
    # gone) is killed, so that no test leaves a program behind to eat the machine.
    for _ in $(seq 50); do pgrep -f -- "$work" >/dev/null || break; sleep 0.1; done
    pkill -9 -f -- "$work" 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT
fail() {
    echo "$name: $*" >&2
    for s in alice bob carol; do echo "--- $s:" >&2; t capture-pane -p -t "$s" >&2 2>/dev/null || true; done
    exit 1
}
screen() { t capture-pane -p -t "$1" 2>/dev/null | tr -s ' ' || true; }
# Waits (at most 10 s) until the pane shows the text (spaces squeezed: the log wraps and pads).
see() {
    for _ in $(seq 100); do screen "$1" | grep -qF -- "$2" && return 0; sleep 0.1; done
    fail "$1 does not show '$2'"
}
keys() { t send-keys -t "$1" "${@:2}"; }
typed() { t send-keys -t "$1" -l "$2"; }
. "$(dirname "${BASH_SOURCE[0]}")/hosted.sh"
