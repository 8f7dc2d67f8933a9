# Sourced by the tests that play tercio through a real sshd (tests/ssh/*.sh): Debian's own
# /usr/sbin/sshd on 127.0.0.1 with a config, host key, port and pid file of its own in a temporary
# directory, and throw-away Unix users (tcia + 6 random hex digits) who log in to it with ed25519
# keys only, as players do on a public server (docs/network.md). Everything it makes (the users
# with their homes, sshd, the tmux server, the game servers, the directory) is removed on any exit.
#
# It needs root (useradd, sshd) and sshd, ssh, ssh-keygen, useradd, userdel, tmux and python3:
# without them the test says why and exits 77, which ctest counts as skipped (SKIP_RETURN_CODE).
# Under scripts/test (TERCIO_REQUIRE_SSH=1), which installs them, a missing program fails instead.
#
# Before sourcing, set: name (for messages), tercio (the built program). Then:
#   ssh_start ROLE...    makes a user for each role (alice, bob...) and starts sshd for them;
#                        ${user[ROLE]} is the role's user name, ${home[ROLE]} its home
#                        (or in two steps: ssh_users ROLE..., then ssh_sshd [CONFIG-LINES], the
#                        lines added at the end of sshd's config, e.g. a Match block)
#   ssh_line ROLE [CMD]  a shell command line that logs ROLE in with `ssh -tt` (TERM=xterm) and
#                        runs CMD in the user's own shell (CMD holds no single quote); with no
#                        CMD the login shell, or the account's ForceCommand
# and: $bin (the copy of tercio every user can run), $work (the temporary directory, 0755),
# $port (sshd's), t (tmux on the test's own socket), fail, and the pane helpers screen, see,
# keys and typed as in tests/cli/tmux_net_common.sh, and hosted (tests/cli/hosted.sh). KEEP=1
# keeps the directory of a test that fails (the users and sshd go all the same).
set -euo pipefail
ssh_skip() {
    echo "$name: skipped: $*"
    exit 77
}
if [ "$(id -u)" -ne 0 ]; then ssh_skip "needs root, to make throw-away users and run an sshd of its own"; fi
for prog in /usr/sbin/sshd ssh ssh-keygen useradd userdel tmux python3; do
    if ! command -v "$prog" >/dev/null 2>&1; then
        if [ "${TERCIO_REQUIRE_SSH:-0}" = 1 ]; then
            echo "$name: $prog is not installed (TERCIO_REQUIRE_SSH=1): apt-get install openssh-server openssh-client tmux python3" >&2
            exit 1
        fi
        ssh_skip "$prog is not installed (apt-get install openssh-server openssh-client tmux python3)"
    fi
done

declare -A user=() home=()
sshd_pid=""
work=""
sock="tercio-ssh-$$"
t() { tmux -L "$sock" "$@"; }

# The process ids of a user's processes (each killed by its id, never by a name).
ssh_user_pids() { ps -o pid= -u "$1" 2>/dev/null | tr -d ' ' || true; }
ssh_kill_user() {
    local u=$1 pid pids
    for _ in $(seq 50); do
        pids="$(ssh_user_pids "$u")"
        [ -n "$pids" ] || return 0
        for pid in $pids; do kill -9 "$pid" 2>/dev/null || true; done
        sleep 0.1
    done
}
# Users left by an earlier run that was killed (SIGKILL leaves no trap): their home names the
# pid of the test that made them, which is gone.
ssh_sweep() {
    local u h pid
    while IFS=: read -r u _ _ _ _ h _; do
        [[ $u =~ ^tcia[0-9a-f]{6}$ && $h =~ ^/tmp/tercio-ssh-([0-9]+)\. ]] || continue
        pid=${BASH_REMATCH[1]}
        kill -0 "$pid" 2>/dev/null && continue
        ssh_kill_user "$u"
        userdel -r "$u" >/dev/null 2>&1 || true
        rm -rf "${h%/home/*}"
    done </etc/passwd
}
cleanup() {
    local rc=$? u pid
    t kill-server 2>/dev/null || true
    # Processes started by the test itself (the latency script's ssh clients, a background wait).
    for pid in $(jobs -p); do kill -9 "$pid" 2>/dev/null || true; done
    # The users' processes (their tercio clients and game servers, their shells), then sshd and
    # the session processes it forked for them (its children, by their ids).
    for u in "${user[@]}"; do ssh_kill_user "$u"; done
    if [ -n "$sshd_pid" ]; then
        for pid in $(pgrep -P "$sshd_pid" 2>/dev/null); do kill -9 "$pid" 2>/dev/null || true; done
        kill -9 "$sshd_pid" 2>/dev/null || true
    fi
    for u in "${user[@]}"; do
        ssh_kill_user "$u"
        userdel -r "$u" >/dev/null 2>&1 || userdel -f -r "$u" >/dev/null 2>&1 ||
            echo "$name: could not remove the user $u" >&2
    done
    if [ -z "$work" ]; then
        :
    elif [ -n "${KEEP:-}" ] && [ "$rc" -ne 0 ]; then
        echo "$name: kept $work" >&2
    else
        rm -rf "$work"
    fi
    return "$rc"
}
trap cleanup EXIT
# A test stopped by a signal (ctest's timeout, Ctrl-C) cleans up too.
trap 'exit 143' TERM HUP
trap 'exit 130' INT
ssh_sweep

work="$(mktemp -d "/tmp/tercio-ssh-$$.XXXXXX")"
chmod 755 "$work"
# The program and its data where every user can reach them (a build tree may be in root's home,
# which other users cannot enter): as installed, bin/tercio finds ../share/tercio.
mkdir -p "$work/tercio/bin" "$work/tercio/share"
cp "$tercio" "$work/tercio/bin/tercio"
cp -rL "$(dirname "$tercio")/data" "$work/tercio/share/tercio"
chmod -R a+rX "$work/tercio"
bin="$work/tercio/bin/tercio"
mkdir -m 700 "$work/keys" "$work/sshd"
mkdir -m 755 "$work/home"

fail() {
    echo "$name: $*" >&2
    local s
    for s in $(t list-sessions -F '#{session_name}' 2>/dev/null); do
        echo "--- $s:" >&2
        t capture-pane -p -t "$s" >&2 2>/dev/null || true
    done
    if [ -s "$work/sshd/log" ]; then echo "--- sshd:" >&2; tail -n 20 "$work/sshd/log" >&2; fi
    exit 1
}

ssh_users() {
    local role u
    for role in "$@"; do
        for _ in $(seq 20); do
            u="tcia$(od -An -N3 -tx1 /dev/urandom | tr -d ' \n')"
            id "$u" >/dev/null 2>&1 || break
        done
        # A password of "*" (no password can match it), not useradd's "!": without PAM, sshd
        # refuses an account whose password is locked with "!" even for a key.
        useradd -m -d "$work/home/$u" -s /bin/bash -p '*' "$u" || fail "useradd $u failed"
        user[$role]=$u
        home[$role]="$work/home/$u"
        ssh-keygen -q -t ed25519 -N '' -C "$u" -f "$work/keys/$u"
        install -d -m 700 -o "$u" -g "$u" "$work/home/$u/.ssh"
        install -m 600 -o "$u" -g "$u" "$work/keys/$u.pub" "$work/home/$u/.ssh/authorized_keys"
    done
}
ssh_sshd() {
    ssh-keygen -q -t ed25519 -N '' -C tercio-test-host -f "$work/sshd/host_key"
    # sshd's privilege separation directory, which Debian makes at boot (left: others may use it).
    [ -d /run/sshd ] || install -d -m 755 /run/sshd
    cat >"$work/sshd/config" <<EOF
ListenAddress 127.0.0.1
HostKey $work/sshd/host_key
PidFile $work/sshd/pid
AllowUsers ${user[*]}
UsePAM no
PasswordAuthentication no
KbdInteractiveAuthentication no
PubkeyAuthentication yes
AuthenticationMethods publickey
PermitRootLogin no
AuthorizedKeysFile .ssh/authorized_keys
AllowTcpForwarding no
AllowAgentForwarding no
X11Forwarding no
PrintMotd no
PrintLastLog no
UseDNS no
MaxStartups 50
LogLevel VERBOSE
${1:-}
EOF
    /usr/sbin/sshd -t -f "$work/sshd/config" || fail "sshd refuses its config"
    local try
    for try in 1 2 3 4 5; do
        port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
        /usr/sbin/sshd -D -e -f "$work/sshd/config" -o "Port=$port" 2>>"$work/sshd/log" &
        sshd_pid=$!
        disown "$sshd_pid"  # no "Killed" notice from the shell when the cleanup ends it
        for _ in $(seq 100); do
            kill -0 "$sshd_pid" 2>/dev/null || break
            if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then return 0; fi
            sleep 0.05
        done
        # The port was taken meanwhile (or sshd is slow): another one.
        kill -9 "$sshd_pid" 2>/dev/null || true
        sshd_pid=""
    done
    fail "sshd did not start"
}
ssh_start() {
    ssh_users "$@"
    ssh_sshd
}

# The ssh client's options: keys only, a throw-away host key, no config of the machine's.
ssh_options() {
    echo "-F /dev/null -i $work/keys/$1 -o IdentitiesOnly=yes -o BatchMode=yes" \
         "-o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null -o LogLevel=ERROR -p $port"
}
ssh_line() {
    local u=${user[$1]}
    if [ -n "${2:-}" ]; then
        echo "TERM=xterm ssh -tt $(ssh_options "$u") $u@127.0.0.1 '$2'"
    else
        echo "TERM=xterm ssh -tt $(ssh_options "$u") $u@127.0.0.1"
    fi
}

# The pane's rows, spaces squeezed; then as one line each, so that a text wrapped over several
# rows is found whole however long the users' names are: the game screen's right column (from
# column 50 at 80x24: the log), and the whole screen (the message lines at the bottom).
screen() {
    local rows
    rows="$(t capture-pane -p -t "$1" 2>/dev/null)" || return 0
    tr -s ' ' <<<"$rows"
    cut -c50- <<<"$rows" | tr '\n' ' ' | tr -s ' '
    echo
    tr '\n' ' ' <<<"$rows" | tr -s ' '
    echo
}
# Waits (at most 15 s: a login, a start under the sanitizers) until the pane shows the text.
see() {
    local now
    for _ in $(seq 150); do
        now="$(screen "$1")"  # whole, not piped: grep -q would stop reading it (SIGPIPE, pipefail)
        grep -qF -- "$2" <<<"$now" && return 0
        sleep 0.1
    done
    fail "$1 does not show '$2'"
}
keys() { t send-keys -t "$1" "${@:2}"; }
typed() { t send-keys -t "$1" -l "$2"; }
. "$(dirname "${BASH_SOURCE[0]}")/../cli/hosted.sh"
