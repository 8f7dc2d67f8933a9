# Sourced by scripts/play and scripts/test: installs the Debian 12 packages tercio needs, if any
# are missing, with apt-get (as root, or through sudo).
TERCIO_PACKAGES="g++ cmake ninja-build pkg-config libncurses-dev libcli11-dev libtomlplusplus-dev catch2 libasio-dev libsodium-dev"

# Extra packages may be named as arguments (scripts/test adds tmux for the terminal tests,
# espeak-ng for the speech test of --plain, binutils for the Debian package's test, and
# openssh-server, openssh-client and python3 for the tests through a real sshd, tests/ssh/).
tercio_install_deps() {
    local missing="" p
    for p in $TERCIO_PACKAGES "$@"; do
        if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
            missing="$missing $p"
        fi
    done
    [ -z "$missing" ] && return 0
    echo "tercio: installing missing packages:$missing" >&2
    local sudo=""
    if [ "$(id -u)" -ne 0 ]; then
        if command -v sudo >/dev/null 2>&1; then
            sudo="sudo"
        else
            echo "tercio: need root or sudo to install:$missing" >&2
            echo "        run: apt-get install$missing" >&2
            return 1
        fi
    fi
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get update -qq &&
        $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $missing
}

# Uses Ninja when it is there, otherwise Make.
tercio_generator() {
    if command -v ninja >/dev/null 2>&1; then echo "Ninja"; else echo "Unix Makefiles"; fi
}
