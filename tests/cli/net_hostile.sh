#!/usr/bin/env bash
# A shared server is hostile ground (docs/network.md, "Threat model"): another user may plant a
# fake game server in the shared game directory, or squat the id of a game whose server has gone.
# Neither may learn a join code or a seat's token:
#  1. mallory plants a fake game that claims an open seat, older than the real one and named so
#     that the code's tag points at it too; bob's `tercio join CODE` still takes his seat in the
#     real game, and the fake's log holds neither the code nor anything but a nonce;
#  2. the real server goes; mallory serves a fake on its id; bob's `tercio join` (no code: his
#     seat's token) refuses it, naming mallory, and the fake's log holds no token.
# Needs root (it makes a throw-away user); otherwise skipped (exit 77), saying why.
# Usage: net_hostile.sh TERCIO FAKE_SERVER
set -euo pipefail
tercio="$1"
fake_bin="$2"
if [ "$(id -u)" -ne 0 ]; then
    echo "net_hostile: skipped: needs root, to run a fake server as another user"
    exit 77
fi
user=tercio-mallory
if ! id "$user" >/dev/null 2>&1; then
    useradd --system --no-create-home --shell /usr/sbin/nologin "$user" 2>/dev/null ||
        { echo "net_hostile: skipped: cannot create the user $user"; exit 77; }
fi
uid="$(id -u "$user")"
gid="$(id -g "$user")"
work="$(mktemp -d)"
chmod 755 "$work"
servers="$work/games"
install -d -m 1777 -o root -g root "$servers"   # as /tmp: root's and sticky
mkdir -m 755 "$work/bin"
cp "$fake_bin" "$work/bin/fake"
chmod 755 "$work/bin/fake"
install -d -m 755 -o "$uid" "$work/logs"   # mallory's own
cleanup() {
    kill $(jobs -p) 2>/dev/null || true
    for pid in $("$tercio" watch --server-dir "$servers" 2>/dev/null | grep -o 'server pid [0-9]*' | awk '{print $3}'); do
        [ "$pid" -gt 1 ] && kill -9 "$pid" 2>/dev/null || true
    done
    pkill -u "$uid" -f "$work/bin/fake" 2>/dev/null || true
    [ -n "${KEEP:-}" ] || rm -rf "$work"
}
trap cleanup EXIT
fail() { echo "net_hostile: $*" >&2; exit 1; }
wait_for() {
    for _ in $(seq 300); do grep -qF -- "$2" "$1" 2>/dev/null && return 0; sleep 0.1; done
    echo "net_hostile: timed out waiting for '$2' in $1:" >&2; tail -n 30 "$1" >&2; exit 1
}
as_mallory() { setpriv --reuid="$uid" --regid="$gid" --clear-groups -- "$@"; }
# The two letters of a join code that name game $1 (as net::code_tag).
letters=ABCDEFGHJKMNPQRSTUVWXYZ
tag() { local v=$((16#$1)); echo "${letters:$((v % 23)):1}${letters:$((v / 23 % 23)):1}"; }
common=(--plain --server-dir "$servers" --save-dir "$work/saves")

# Alice hosts; her client waits for bob (a script's lines are read only when its side decides).
"$tercio" host "${common[@]}" --player alice --seed 5 --ai-delay 0 </dev/null >"$work/alice.out" 2>&1 &
wait_for "$work/alice.out" "Join code: "
code="$(grep -o 'Join code: [A-Z]*' "$work/alice.out" | head -1 | cut -d' ' -f3)"
id="$(grep -o 'Game [0-9a-f]* hosted' "$work/alice.out" | head -1 | cut -d' ' -f2)"
[ -n "$code" ] && [ -n "$id" ] || fail "no game hosted: $(cat "$work/alice.out")"
[ "${code:0:2}" = "$(tag "$id")" ] || fail "the code $code does not carry game $id's tag $(tag "$id")"

# 1. A fake game with the same tag, planted by mallory, listed before the real one.
v=$((16#$id))
if [ $v -ge 529 ]; then fv=$((v - 529)); else fv=$((v + 529)); fi
fake_id="$(printf '%08x' "$fv")"
[ "$(tag "$fake_id")" = "$(tag "$id")" ] || fail "test error: $fake_id and $id have different tags"
as_mallory "$work/bin/fake" "$servers/$fake_id.sock" "$work/logs/fake1.log" 60 &
for _ in $(seq 100); do [ -S "$servers/$fake_id.sock" ] && break; sleep 0.1; done
[ -S "$servers/$fake_id.sock" ] || fail "the fake server did not start"
touch -d '2000-01-01' "$servers/$fake_id.sock"   # older: tried first
"$tercio" watch --server-dir "$servers" >"$work/list1.out" 2>&1
grep -q "$fake_id  alice: French v Spanish.*B open seat" "$work/list1.out" || fail "the fake game is not listed: $(cat "$work/list1.out")"

"$tercio" join "${common[@]}" --player bob "$code" </dev/null >"$work/bob1.out" 2>&1 ||
    fail "bob could not join the real game: $(cat "$work/bob1.out")"
grep -qF "You play side B of game $id" "$work/bob1.out" || fail "bob is not in game $id: $(cat "$work/bob1.out")"
wait_for "$work/logs/fake1.log" "role play"   # the fake was asked (and failed its challenge)
grep -q "auth code" "$work/logs/fake1.log" || fail "the fake was not asked for a proof of the code"
if grep -q "${code:2}" "$work/logs/fake1.log"; then fail "the fake server learnt the code $code"; fi
if grep -q "^code \|[^a-z]code [A-Z]" "$work/logs/fake1.log"; then fail "the fake server was sent a code field"; fi
if grep -q "prove" "$work/logs/fake1.log"; then fail "the client sent a proof to a server that proved nothing"; fi
token_file="$(find "$work/saves" -name "seat-$id.token" | head -1)"
[ -n "$token_file" ] || fail "bob's seat token was not kept"
grep -qx "seat B" "$token_file" || fail "bob's token file does not name his seat: $(cat "$token_file")"
grep -qx "server-uid 0" "$token_file" || fail "bob's token file does not name the server's user: $(cat "$token_file")"
token="$(head -1 "$token_file")"

# 2. The real server goes (as when its game ends: its socket is removed); mallory squats its id.
pid="$("$tercio" watch --server-dir "$servers" | grep "^  $id " | grep -o 'server pid [0-9]*' | awk '{print $3}')"
[ -n "$pid" ] || fail "the real server is not listed"
kill -9 "$pid"
rm -f "$servers/$id.sock"
as_mallory "$work/bin/fake" "$servers/$id.sock" "$work/logs/fake2.log" 60 &
for _ in $(seq 100); do [ -S "$servers/$id.sock" ] && break; sleep 0.1; done
[ -S "$servers/$id.sock" ] || fail "the squatter did not start"
if "$tercio" join "${common[@]}" --player bob </dev/null >"$work/bob2.out" 2>&1; then
    fail "bob joined the squatter's game: $(cat "$work/bob2.out")"
fi
grep -qF "game $id is now served by $user" "$work/bob2.out" || fail "bob was not told who serves it now: $(cat "$work/bob2.out")"
if grep -q "$token" "$work/logs/fake2.log" 2>/dev/null; then fail "the squatter learnt bob's token"; fi
if grep -q "role play" "$work/logs/fake2.log" 2>/dev/null; then fail "bob asked the squatter for his seat"; fi
echo "net_hostile: ok (the fake game and the squatter learnt no code and no token)"
