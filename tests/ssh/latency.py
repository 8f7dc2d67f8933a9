#!/usr/bin/env python3
"""How long a key takes from one player's ssh client to the other player's screen, over real SSH.

Run by tests/ssh/latency.sh, which starts sshd and makes the two users (tests/ssh/harness.sh).
This script runs the two players' `ssh -tt` clients itself, each in a pseudo-terminal of its own
sized 80x24 (TIOCSWINSZ before the client starts) with TERM=xterm, and keeps a copy of each
terminal's screen by interpreting what the client writes (class Screen: the control sequences
ncurses sends to an xterm). Alice hosts (`tercio host --server-dir D --seed 5`), Bob joins with the
code from her screen, and each places no terrain ("terrain pass"); then 50 keys, each of which
must change the other's screen at once, in turn:

  - Alice presses U (take back her "terrain pass"): Bob's screen asks him (y/n);
  - Bob presses y: it is taken back, and Alice's screen asks her to place terrain again;
  - Alice types ":terrain pass" (not timed) and presses Enter: Bob's screen asks him to deploy.

So the game goes back and forth over the same two commands and the keys can go on: a command
played, a question and an answer, each through the game server. (Chat would do too, but is limited
to 5 lines in 10 s.) Before each key both terminals have been quiet for 50 ms. The time is from the
write of the key to the pty until the other terminal's screen differs from what it was, not
counting digits: while a player decides, the other's screen shows "is thinking, 0:12", a clock
redrawn every second. The screen must then show what the key did (the question, the hint).

Prints `ssh key-to-other-screen latency: median X ms, p95 Y ms over 50 keys` (and the goal: median
<= 50 ms, p95 <= 100 ms). Exits 0 whatever the times (the machine may be busy); 1 if a client
exits, a screen does not change within 10 s, or changes to something else: a broken connection.

Python 3 standard library only.
Usage: latency.py --port P --keys DIR --alice USER --bob USER --tercio BIN --server-dir D [--keys-sent 50] [-v]
"""
import argparse
import codecs
import errno
import fcntl
import math
import os
import re
import select
import signal
import statistics
import struct
import sys
import termios
import time

COLS, ROWS = 80, 24


class Broken(Exception):
    pass


class Screen:
    """A copy of an xterm's screen, kept from the bytes written to it: enough of xterm for what
    ncurses sends with TERM=xterm (cursor addressing, erasing, inserting and deleting characters
    and lines, scrolling regions, repeats). Attributes and colours are ignored: only the text
    counts. Every character takes one cell."""

    CSI = re.compile(r"\x1b\[([0-?]*)([ -/]*)([@-~])")

    def __init__(self, rows=ROWS, cols=COLS):
        self.rows, self.cols = rows, cols
        self.decoder = codecs.getincrementaldecoder("utf-8")("replace")
        self.pending = ""
        self.reset()

    def reset(self):
        self.cells = [[" "] * self.cols for _ in range(self.rows)]
        self.y = self.x = 0
        self.wrap_next = False
        self.top, self.bottom = 0, self.rows - 1
        self.saved = (0, 0)
        self.last = " "

    def text(self):
        return "\n".join("".join(row) for row in self.cells)

    def searchable(self):
        """As tests/ssh/harness.sh's screen: the rows, then as one line each (spaces squeezed),
        so that a text wrapped over rows is found whole, the right column (from column 50: the
        log) and the whole screen (the message lines at the bottom)."""
        rows = ["".join(row) for row in self.cells]
        one_line = lambda parts: re.sub(r" +", " ", " ".join(parts))
        return "\n".join(rows + [one_line(r[49:] for r in rows), one_line(rows)])

    # Cursor and scrolling.
    def clamp(self):
        self.y = max(0, min(self.rows - 1, self.y))
        self.x = max(0, min(self.cols - 1, self.x))
        self.wrap_next = False

    def scroll_up(self, n=1, top=None):
        top = self.top if top is None else top
        for _ in range(n):
            del self.cells[top]
            self.cells.insert(self.bottom, [" "] * self.cols)

    def scroll_down(self, n=1, top=None):
        top = self.top if top is None else top
        for _ in range(n):
            del self.cells[self.bottom]
            self.cells.insert(top, [" "] * self.cols)

    def line_feed(self):
        if self.y == self.bottom:
            self.scroll_up()
        elif self.y < self.rows - 1:
            self.y += 1
        self.wrap_next = False

    def put(self, ch):
        if self.wrap_next:
            self.x = 0
            self.line_feed()
        self.cells[self.y][self.x] = ch
        self.last = ch
        if self.x == self.cols - 1:
            self.wrap_next = True
        else:
            self.x += 1

    def erase(self, y, x0, x1):
        for x in range(max(0, x0), min(self.cols, x1)):
            self.cells[y][x] = " "

    def csi(self, params, inter, final):
        private = params.startswith(("?", ">", "<", "="))
        nums = [int(p) if p.isdigit() else 0 for p in params.lstrip("?><=").split(";")] if params else []
        a = nums[0] if nums else 0
        n = a or 1
        if private or inter:
            return  # modes (?1049h, ?25l...), queries: nothing on the screen
        if final in "Hf":
            self.y, self.x = n - 1, (nums[1] if len(nums) > 1 and nums[1] else 1) - 1
            self.clamp()
        elif final == "A":
            self.y = max(self.top if self.y >= self.top else 0, self.y - n)
            self.clamp()
        elif final == "B":
            self.y = min(self.bottom if self.y <= self.bottom else self.rows - 1, self.y + n)
            self.clamp()
        elif final == "C":
            self.x += n
            self.clamp()
        elif final == "D":
            self.x = min(self.x, self.cols - 1) - n
            self.clamp()
        elif final == "E":
            self.y, self.x = self.y + n, 0
            self.clamp()
        elif final == "F":
            self.y, self.x = self.y - n, 0
            self.clamp()
        elif final in "G`":
            self.x = n - 1
            self.clamp()
        elif final == "d":
            self.y = n - 1
            self.clamp()
        elif final == "J":
            if a == 0:
                self.erase(self.y, self.x, self.cols)
                for y in range(self.y + 1, self.rows):
                    self.erase(y, 0, self.cols)
            elif a == 1:
                self.erase(self.y, 0, self.x + 1)
                for y in range(0, self.y):
                    self.erase(y, 0, self.cols)
            else:
                for y in range(self.rows):
                    self.erase(y, 0, self.cols)
        elif final == "K":
            if a == 0:
                self.erase(self.y, self.x, self.cols)
            elif a == 1:
                self.erase(self.y, 0, self.x + 1)
            else:
                self.erase(self.y, 0, self.cols)
        elif final == "X":
            self.erase(self.y, self.x, self.x + n)
        elif final == "P":
            row = self.cells[self.y]
            del row[self.x:self.x + n]
            row.extend([" "] * (self.cols - len(row)))
        elif final == "@":
            row = self.cells[self.y]
            row[self.x:self.x] = [" "] * n
            del row[self.cols:]
        elif final in "LM":
            if self.top <= self.y <= self.bottom:
                n = min(n, self.bottom - self.y + 1)
                (self.scroll_down if final == "L" else self.scroll_up)(n, top=self.y)
                self.x = 0
        elif final == "S":
            self.scroll_up(n)
        elif final == "T":
            self.scroll_down(n)
        elif final == "r":
            top = (nums[0] if nums and nums[0] else 1) - 1
            bottom = (nums[1] if len(nums) > 1 and nums[1] else self.rows) - 1
            if 0 <= top < bottom < self.rows:
                self.top, self.bottom = top, bottom
                self.y = self.x = 0
                self.wrap_next = False
        elif final == "b":
            for _ in range(n):
                self.put(self.last)
        # m (attributes), h/l (modes), n, c, t, s, u...: nothing on the screen's text.

    def feed(self, data):
        """Takes bytes written to the terminal; an escape sequence cut between two reads waits
        for the rest."""
        s = self.pending + self.decoder.decode(data)
        self.pending = ""
        i, n = 0, len(s)
        while i < n:
            c = s[i]
            if c == "\x1b":
                if i + 1 >= n:
                    self.pending = s[i:]
                    return
                nxt = s[i + 1]
                if nxt == "[":
                    m = self.CSI.match(s, i)
                    if not m:
                        if re.fullmatch(r"\x1b\[[0-?]*[ -/]*", s[i:]):
                            self.pending = s[i:]
                            return
                        i += 2  # malformed: skip the introducer
                        continue
                    self.csi(*m.groups())
                    i = m.end()
                elif nxt == "]":  # OSC: up to BEL or ST
                    end = s.find("\x07", i)
                    st = s.find("\x1b\\", i)
                    ends = [e for e in (end, st) if e >= 0]
                    if not ends:
                        self.pending = s[i:]
                        return
                    e = min(ends)
                    i = e + (1 if e == end else 2)
                elif nxt in "()*+":
                    if i + 2 >= n:
                        self.pending = s[i:]
                        return
                    i += 3  # character sets: line drawing is text all the same
                elif nxt == "M":
                    if self.y == self.top:
                        self.scroll_down()
                    elif self.y > 0:
                        self.y -= 1
                    i += 2
                elif nxt == "D":
                    self.line_feed()
                    i += 2
                elif nxt == "E":
                    self.x = 0
                    self.line_feed()
                    i += 2
                elif nxt == "7":
                    self.saved = (self.y, self.x)
                    i += 2
                elif nxt == "8":
                    self.y, self.x = self.saved
                    self.clamp()
                    i += 2
                elif nxt == "c":
                    self.reset()
                    i += 2
                else:
                    i += 2  # ESC = , ESC > and the like
            elif c == "\r":
                self.x = 0
                self.wrap_next = False
                i += 1
            elif c in "\n\x0b\x0c":
                self.line_feed()
                i += 1
            elif c == "\b":
                self.x = max(0, min(self.x, self.cols - 1) - 1)
                self.wrap_next = False
                i += 1
            elif c == "\t":
                self.x = min(self.cols - 1, (self.x // 8 + 1) * 8)
                i += 1
            elif c < " " or c == "\x7f":
                i += 1  # BEL, SI, SO...
            else:
                self.put(c)
                i += 1


class Client:
    """One player's `ssh -tt` in a pseudo-terminal of its own, and a copy of its screen."""

    def __init__(self, who, argv, verbose):
        self.who = who
        self.verbose = verbose
        self.screen = Screen()
        self.log = bytearray()
        self.eof = False
        env = {k: v for k, v in os.environ.items() if k not in ("LINES", "COLUMNS")}
        env["TERM"] = "xterm"
        # As bench/terminal.py: the child starts a session and opens the pty's slave side, which
        # becomes its controlling terminal; the size is set before it starts, so ssh sends it.
        master, slave = os.openpty()
        fcntl.ioctl(master, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLS, 0, 0))
        actions = [(os.POSIX_SPAWN_CLOSE, master),
                   (os.POSIX_SPAWN_OPEN, 0, os.ttyname(slave), os.O_RDWR, 0),
                   (os.POSIX_SPAWN_DUP2, 0, 1), (os.POSIX_SPAWN_DUP2, 0, 2),
                   (os.POSIX_SPAWN_CLOSE, slave)]
        self.pid = os.posix_spawnp(argv[0], argv, env, file_actions=actions, setsid=True)
        os.close(slave)
        self.fd = master

    def read(self):
        """What one read gives (the screen updated); sets eof when the client is gone."""
        try:
            data = os.read(self.fd, 65536)
        except OSError as e:
            if e.errno != errno.EIO:
                raise
            data = b""
        if not data:
            self.eof = True
            return b""
        self.log += data
        self.screen.feed(data)
        if self.verbose > 1:
            sys.stderr.write(f"[{time.monotonic():.3f}] {self.who}: {len(data)} bytes\n")
        return data

    def send(self, keys):
        os.write(self.fd, keys.encode())

    def close(self):
        try:
            os.kill(self.pid, signal.SIGTERM)
        except ProcessLookupError:
            pass
        for _ in range(100):
            pid, _ = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                break
            time.sleep(0.01)
        else:
            os.kill(self.pid, signal.SIGKILL)
            os.waitpid(self.pid, 0)
        os.close(self.fd)

    def dump(self):
        return f"--- {self.who}'s screen:\n{self.screen.text()}"


def pump(clients, timeout):
    """Reads whatever comes within timeout; returns (when, client) for each read."""
    r, _, _ = select.select([c.fd for c in clients if not c.eof], [], [], max(0.0, timeout))
    got = []
    for c in clients:
        if c.fd in r:
            now = time.monotonic()
            c.read()
            if c.eof:
                raise Broken(f"{c.who}'s ssh client ended\n{c.dump()}")
            got.append((now, c))
    return got


def wait_for(clients, who, pattern, timeout=15.0):
    """Reads until who's screen matches the pattern; returns the match."""
    deadline = time.monotonic() + timeout
    while True:
        m = re.search(pattern, who.screen.searchable())
        if m:
            return m
        if time.monotonic() > deadline:
            raise Broken(f"{who.who}'s screen does not show /{pattern}/ after {timeout:.0f} s\n{who.dump()}")
        pump(clients, deadline - time.monotonic())


def quiet(clients, quiet_s=0.05, timeout=5.0):
    """Reads until no terminal has had output for quiet_s."""
    deadline = time.monotonic() + timeout
    last = time.monotonic()
    while time.monotonic() < deadline:
        if pump(clients, quiet_s):
            last = time.monotonic()
        elif time.monotonic() - last >= quiet_s:
            return


def masked(text):
    """The screen without its digits: the other side's clock ticks, nothing else changes them."""
    return re.sub(r"[0-9]", "#", text)


def timed_key(clients, sender, key, other, expect, verbose, timeout=10.0):
    """Sends the key; returns the ms until the other screen changes, which must show `expect`."""
    quiet(clients)
    before = masked(other.screen.text())
    t0 = time.monotonic()
    sender.send(key)
    deadline = t0 + timeout
    while True:
        for when, c in pump(clients, deadline - time.monotonic()):
            if c is other and masked(other.screen.text()) != before:
                ms = (when - t0) * 1000
                if verbose:
                    sys.stderr.write(f"{sender.who} {key!r} -> {other.who}: {ms:.1f} ms\n")
                wait_for(clients, other, expect, timeout=5.0)
                return ms
        if time.monotonic() > deadline:
            raise Broken(f"{other.who}'s screen did not change within {timeout:.0f} s of {sender.who}'s "
                         f"key {key!r}\n{other.dump()}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--port", required=True)
    ap.add_argument("--keys", required=True, help="the directory of the users' private keys (named after them)")
    ap.add_argument("--alice", required=True)
    ap.add_argument("--bob", required=True)
    ap.add_argument("--tercio", required=True, help="the program, as the users reach it")
    ap.add_argument("--server-dir", required=True)
    ap.add_argument("--keys-sent", type=int, default=50)
    ap.add_argument("-v", "--verbose", action="count", default=0,
                    help="each key's time; twice: every read")
    args = ap.parse_args()

    def ssh(user, command):
        # The options of tests/ssh/harness.sh's ssh_options.
        return ["ssh", "-tt", "-F", "/dev/null", "-i", os.path.join(args.keys, user), "-o", "IdentitiesOnly=yes",
                "-o", "BatchMode=yes", "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null",
                "-o", "LogLevel=ERROR", "-p", args.port, f"{user}@127.0.0.1", command]

    clients = []
    try:
        alice = Client("alice", ssh(args.alice, f"{args.tercio} host --server-dir {args.server_dir} --seed 5"),
                       args.verbose)
        clients.append(alice)
        code = wait_for(clients, alice, r"Join code: ([A-Z]{9})").group(1)
        bob = Client("bob", ssh(args.bob, f"{args.tercio} join --server-dir {args.server_dir} {code}"), args.verbose)
        clients.append(bob)
        wait_for(clients, bob, r"You play side B")
        wait_for(clients, alice, r"Both sides are seated")
        # Neither places terrain (side B first): then alice has a command she may ask to take back.
        bob.send(":terrain pass\r")
        wait_for(clients, alice, r'played "terrain pass"')
        alice.send(":terrain pass\r")
        wait_for(clients, bob, r'A \(.*\) played "terrain pass"')

        # The keys, in turn; each changes the other's screen from what it showed before: a
        # question, then the decision's hint under the map (the side to decide changes).
        kinds = {"U": "U (asked to take back)", "y": "y (taken back: saved)", "\r": "Enter (a command: saved)"}
        times = []
        by_key = {k: [] for k in kinds}

        def timed(sender, key, other, expect):
            ms = timed_key(clients, sender, key, other, expect, args.verbose)
            times.append(ms)
            by_key[key].append(ms)

        while len(times) < args.keys_sent:
            timed(alice, "U", bob, r'asks to take back "terrain pass"\? \(y/n\)')
            wait_for(clients, alice, r"Asked B")
            if len(times) < args.keys_sent:
                timed(bob, "y", alice, r"A French: place terrain")
            if len(times) < args.keys_sent:
                alice.send(":terrain pass")
                timed(alice, "\r", bob, r"B Spanish: deploy in ranks")
    except Broken as e:
        print(f"latency: {e}", file=sys.stderr)
        return 1
    finally:
        for c in clients:
            c.close()
    times.sort()
    p95 = times[math.ceil(0.95 * len(times)) - 1]
    print(f"ssh key-to-other-screen latency: median {statistics.median(times):.1f} ms, p95 {p95:.1f} ms "
          f"over {len(times)} keys (goal: median <= 50 ms, p95 <= 100 ms; min {times[0]:.1f}, max {times[-1]:.1f})")
    print("  median by key: " + ", ".join(f"{kinds[k]} {statistics.median(v):.1f} ms" for k, v in by_key.items() if v))
    return 0


if __name__ == "__main__":
    sys.exit(main())
