# Sourced by the scripted network tests (net_play.sh, net_play_hbl.sh): a private game directory,
# its cleanup (every game server still running there ends with the test), and the helpers that
# bound and read the players' outputs. Before sourcing, set: tercio (the program) and name (for
# messages).
work="$(mktemp -d)"
servers="$work/games"
mkdir -m 700 "$servers"
cleanup() {
    kill $(jobs -p) 2>/dev/null || true
    for pid in $("$tercio" watch --server-dir "$servers" 2>/dev/null | grep -o 'server pid [0-9]*' | awk '{print $3}'); do
        kill -9 "$pid" 2>/dev/null || true
    done
    rm -rf "$work"
}
trap cleanup EXIT
fail() { echo "$name: $*" >&2; exit 1; }
# Bounds a background process to 300 s. Not timeout(1): its timer follows the wall clock, which
# may jump on a virtual machine; sleep(1) counts real elapsed time.
watchdog() { (sleep 300; kill -TERM "$1" 2>/dev/null) >/dev/null 2>&1 & }
has() { grep -qF -- "$2" "$1" || { echo "$name: expected '$2' in $1:" >&2; tail -n 30 "$1" >&2; exit 1; }; }
# Waits (at most 30 s) until the file holds the text.
wait_for() {
    for _ in $(seq 300); do grep -qF -- "$2" "$1" 2>/dev/null && return 0; sleep 0.1; done
    echo "$name: timed out waiting for '$2' in $1:" >&2; tail -n 30 "$1" >&2; exit 1
}
common=(--plain --server-dir "$servers" --save-dir "$work/saves")
