#!/usr/bin/env python3
"""Terminal benchmark for `tercio play` (and `tercio replay`): what a player on a slow link pays.

Runs the real binary in a pseudo-terminal sized 80x24 with TERM=xterm-256color and prints:

  first frame: <ms> ms                 spawn until the first full screen is drawn (the output has
                                       shown the set-up rolls or "Commands now:" and then gone
                                       quiet)
  first frame bytes: <n> (first output after <ms> ms)
                                       bytes written up to that point
  first frame cpu: <ms> ms             CPU time the process used up to then (/proc/PID/schedstat):
                                       the work itself, less disturbed by other load than the wall
                                       time
  idle cpu: <s> s in <s> s             CPU time (utime+stime of /proc/PID/stat, 10 ms ticks) used
                                       while the first frame stands ~2 s without a key: ~0 when
                                       the program blocks in get_wch (schedstat's ns in brackets)
  spawn floor: <ms> ms                 first output of `tercio --help` in the same kind of pty:
                                       what process start-up alone costs on this machine
  bytes per cursor move: <n> (median of <k>)
                                       after set-up (Esc through the set-up rolls, terrain pass x2,
                                       deploy auto x2), bytes the program sends for one `l`/`h`
                                       keystroke
  writes per cursor move: <n>          write() calls for one cursor key (/proc/PID/io syscw): over
                                       SSH each is apt to become a packet of its own
  bytes per card turned: <n>           bytes sent in response to `t` (after `:first` if the
                                       initiative has to be chosen)
  peak memory: <x> MB                  VmHWM of the process just before quitting (MB = 1024 kB)

With --replay FILE it runs `tercio replay FILE` instead (same pty, size and TERM), waits for the
replay's first full screen (its message line, "REPLAY: ...", has been drawn and then the output has
gone quiet for --quiet-ms), sends `q`, waits for the exit and prints only:

  replay first frame: <ms> ms          spawn until that first full screen, measured as `first
                                       frame` above
  replay first frame cpu: <ms> ms      CPU time the process used up to then (/proc/PID/schedstat),
                                       as `first frame cpu` above: loading and replaying the save,
                                       then drawing

Python 3 standard library only. Every wait has a timeout; it exits non-zero with a message if the
binary is missing, exits early or stops answering.

Usage: bench/terminal.py [--binary build/release/tercio] [--moves 20] [--quiet-ms 50]
                         [--idle-s 2] [-v]
       bench/terminal.py --replay FILE [--binary build/release/tercio] [--quiet-ms 50] [-v]
"""
import argparse
import errno
import fcntl
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
REVEAL = "Space for the next"  # the set-up rolls, shown one key at a time before play
REPLAY = "REPLAY:"  # how the replay screen's message line starts
ANSI = re.compile(rb"\x1b(\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[()][0-9A-Za-z]|[=>78MDEHc])")


class BenchError(Exception):
    pass


def text_of(data):
    """The printable text in a chunk of terminal output (escape sequences removed)."""
    return ANSI.sub(b" ", data).decode("utf-8", "replace")


class Child:
    def __init__(self, argv, verbose=False):
        self.argv = argv
        self.verbose = verbose
        self.log = bytearray()  # everything the child wrote, for error messages
        self.eof = False
        self.status = None
        self.rusage = None
        self.first_byte = None
        env = {k: v for k, v in os.environ.items() if k not in ("LINES", "COLUMNS")}
        env["TERM"] = "xterm-256color"
        # posix_spawn (vfork + exec) rather than pty.fork: forking the whole Python process costs
        # ~10 ms here, which would swamp a 10 ms first-frame target. The child starts a session
        # and opens the slave side of the pty, which becomes its controlling terminal; the size is
        # set before it starts, so it can never see another one.
        master, slave = os.openpty()
        fcntl.ioctl(master, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLS, 0, 0))
        actions = [(os.POSIX_SPAWN_CLOSE, master),
                   (os.POSIX_SPAWN_OPEN, 0, os.ttyname(slave), os.O_RDWR, 0),
                   (os.POSIX_SPAWN_DUP2, 0, 1), (os.POSIX_SPAWN_DUP2, 0, 2),
                   (os.POSIX_SPAWN_CLOSE, slave)]
        self.t0 = time.monotonic()
        try:
            self.pid = os.posix_spawn(argv[0], argv, env, file_actions=actions, setsid=True)
        except OSError as e:
            os.close(master)
            os.close(slave)
            raise BenchError(f"cannot run {argv[0]}: {e}") from e
        os.close(slave)
        self.fd = master

    def _read(self, timeout):
        """One read with a timeout: returns bytes, b"" on timeout; sets eof when the child is gone."""
        if self.eof:
            return b""
        r, _, _ = select.select([self.fd], [], [], max(0.0, timeout))
        if not r:
            return b""
        try:
            data = os.read(self.fd, 65536)
        except OSError as e:
            if e.errno != errno.EIO:
                raise
            data = b""
        if not data:
            self.eof = True
            return b""
        if self.first_byte is None:
            self.first_byte = time.monotonic()
        self.log += data
        if self.verbose:
            sys.stderr.write(f"[{(time.monotonic() - self.t0) * 1000:8.1f} ms] {len(data)} bytes\n")
        return data

    def settle(self, quiet_s, first_timeout_s, until=None, max_s=10.0):
        """Reads until the output has been quiet for quiet_s (and, if given, contains `until`: a
        string or a tuple of strings, any one of which will do).

        Waits up to first_timeout_s for the first byte. Returns (bytes, time of the last byte)."""
        if isinstance(until, str):
            until = (until,)
        got = bytearray()
        start = time.monotonic()
        last = None
        seen = until is None
        while True:
            now = time.monotonic()
            if now - start > max_s:
                raise BenchError(f"output never settled within {max_s:.0f} s" + self.tail())
            if last is None:
                wait = first_timeout_s - (now - start)
                if wait <= 0:
                    if until is not None:
                        raise BenchError(f"no output within {first_timeout_s:.0f} s" + self.tail())
                    return bytes(got), None
            else:
                wait = quiet_s - (now - last)
                if wait <= 0:
                    if seen:
                        return bytes(got), last
                    wait = first_timeout_s  # quiet but not yet the screen we wait for
            data = self._read(wait)
            if data:
                got += data
                last = time.monotonic()
                if not seen:
                    text = text_of(bytes(got))
                    seen = any(u in text for u in until)
            elif self.eof:
                self.reap(0)
                raise BenchError(f"tercio exited early ({self.describe_status()})" + self.tail())
            elif last is not None and not seen and time.monotonic() - last >= first_timeout_s:
                raise BenchError(f"the screen never showed {until!r}" + self.tail())

    def send(self, keys):
        os.write(self.fd, keys.encode())

    def key(self, keys, quiet_s, timeout_s=2.0):
        """Sends keys and returns the bytes written in answer, once the output has gone quiet."""
        self.send(keys)
        data, _ = self.settle(quiet_s, timeout_s)
        if self.eof:
            self.reap(0)
            raise BenchError(f"tercio exited after {keys!r} ({self.describe_status()})" + self.tail())
        return data

    def first_output_ms(self, timeout_s=5.0):
        """Milliseconds from spawn to the first byte of output (None if there was none)."""
        start = time.monotonic()
        while not self.eof and time.monotonic() - start < timeout_s:
            if self._read(timeout_s - (time.monotonic() - start)):
                return (time.monotonic() - self.t0) * 1000
        return None

    def proc_field(self, name, key):
        """An integer field `key:` of /proc/PID/<name> (None if unreadable)."""
        try:
            with open(f"/proc/{self.pid}/{name}") as f:
                for line in f:
                    if line.startswith(key + ":"):
                        return int(line.split()[1])
        except (OSError, ValueError, IndexError):
            pass
        return None

    def cpu_ticks(self):
        """utime + stime of /proc/PID/stat, in clock ticks (None if unreadable)."""
        try:
            with open(f"/proc/{self.pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            return int(fields[11]) + int(fields[12])  # fields 14 and 15 of proc(5)
        except (OSError, ValueError, IndexError):
            return None

    def cpu_ns(self):
        """CPU time so far in nanoseconds from /proc/PID/schedstat (None if unreadable)."""
        try:
            with open(f"/proc/{self.pid}/schedstat") as f:
                return int(f.read().split()[0])
        except (OSError, ValueError, IndexError):
            return None

    def writes(self):
        """write() calls so far (/proc/PID/io syscw; None if unreadable)."""
        return self.proc_field("io", "syscw")

    def idle(self, seconds):
        """Waits `seconds` without sending a key, draining any output. Returns (CPU seconds by
        utime+stime or None, CPU ns by schedstat or None, bytes written meanwhile)."""
        ticks0, ns0 = self.cpu_ticks(), self.cpu_ns()
        got = 0
        end = time.monotonic() + seconds
        while not self.eof and time.monotonic() < end:
            got += len(self._read(end - time.monotonic()))
        if self.eof:
            self.reap(0)
            raise BenchError(f"tercio exited while idle ({self.describe_status()})" + self.tail())
        ticks1, ns1 = self.cpu_ticks(), self.cpu_ns()
        cpu_s = None
        if None not in (ticks0, ticks1):
            cpu_s = (ticks1 - ticks0) / os.sysconf("SC_CLK_TCK")
        cpu_ns = ns1 - ns0 if None not in (ns0, ns1) else None
        return cpu_s, cpu_ns, got

    def peak_kb(self):
        try:
            with open(f"/proc/{self.pid}/status") as f:
                for line in f:
                    if line.startswith("VmHWM:"):
                        return int(line.split()[1])
        except OSError:
            pass
        return None

    def reap(self, timeout_s):
        """Waits up to timeout_s for the child (draining its output), then kills it."""
        deadline = time.monotonic() + timeout_s
        while self.status is None:
            pid, status, ru = os.wait4(self.pid, os.WNOHANG)
            if pid:
                self.status, self.rusage = status, ru
                break
            if time.monotonic() >= deadline:
                os.kill(self.pid, signal.SIGKILL)
                _, self.status, self.rusage = os.wait4(self.pid, 0)
                break
            if not self.eof:
                self._read(0.02)
            else:
                time.sleep(0.01)
        return self.status

    def close(self):
        if self.status is None:
            try:
                os.kill(self.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            self.reap(1)
        try:
            os.close(self.fd)
        except OSError:
            pass

    def describe_status(self):
        if self.status is None:
            return "still running"
        if os.WIFEXITED(self.status):
            return f"exit status {os.WEXITSTATUS(self.status)}"
        if os.WIFSIGNALED(self.status):
            return f"killed by signal {os.WTERMSIG(self.status)}"
        return f"status {self.status}"

    def tail(self):
        text = text_of(bytes(self.log[-2000:])).split()
        return ("\n  last output: " + " ".join(text)[-400:]) if text else "\n  (no output)"


def spawn_floor_ms(binary, runs=3):
    """What spawning costs on this machine: first output of `tercio --help` in the same kind of pty."""
    times = []
    for _ in range(runs):
        child = Child([binary, "--help"])
        try:
            t = child.first_output_ms()
            child.reap(2.0)
        finally:
            child.close()
        if t is not None:
            times.append(t)
    return statistics.median(times) if times else None


def run(args):
    binary = os.path.abspath(args.binary)
    if not os.path.isfile(binary) or not os.access(binary, os.X_OK):
        raise BenchError(f"no executable at {binary} (build it with bench/terminal.sh or bench/run)")
    argv = [binary, "play", "--red", "french", "--blue", "spanish", "--seed", str(args.seed)]
    quiet = args.quiet_ms / 1000
    child = Child(argv, args.verbose)
    try:
        # 1. First frame: the game screen (the set-up rolls shown one at a time, or the map with
        # "Commands now:") has been drawn and the output has gone quiet.
        frame, last = child.settle(quiet, 5.0, until=(REVEAL, "Commands now:"))
        first_output_ms = (child.first_byte - child.t0) * 1000
        first_frame_ms = (last - child.t0) * 1000
        first_frame_ns = child.cpu_ns()

        # 2. Idle: no key for a while; the program should sleep in get_wch.
        idle_cpu_s, idle_cpu_ns, idle_bytes = child.idle(args.idle_s)

        # 3. Set-up: Esc shows the rest of the set-up rolls, both sides pass on terrain, both
        # deploy automatically.
        if REVEAL in text_of(frame):
            child.key("\x1b", quiet)
        for cmd in (":terrain pass\r", ":terrain pass\r", ":deploy auto\r", ":deploy auto\r"):
            child.key(cmd, quiet)
        choose_initiative = "first" in text_of(bytes(child.log[-4000:]))  # "first, second"

        # 4. Cursor moves, one key at a time, right then left so the cursor stays on the board.
        per_move = []
        writes_per_move = []
        for i in range(args.moves):
            w0 = child.writes()
            per_move.append(len(child.key("l" if (i // 2) % 2 == 0 else "h", quiet)))
            w1 = child.writes()
            if None not in (w0, w1):
                writes_per_move.append(w1 - w0)
        if not any(per_move):
            raise BenchError("the cursor keys drew nothing")

        # 5. A card: take the initiative if it is to be chosen, then `t`.
        if choose_initiative:
            child.key(":first\r", quiet)
        card = child.key("t", quiet)
        card_text = text_of(card)
        if "turns" not in card_text and "Card:" not in card_text:
            raise BenchError("`t` did not turn a card" + child.tail())
        if "decline" in card_text:  # a reaction window opened: close it
            child.key(":decline\r", quiet)

        # 6. Peak memory, then quit.
        peak_kb = child.peak_kb()
        child.send("Q")
        child.settle(quiet, 2.0)
        if not child.eof:
            child.send("y")
        child.reap(3.0)
        if peak_kb is None and child.rusage is not None:
            peak_kb = child.rusage.ru_maxrss  # no /proc: the child's max RSS (kB on Linux)
    finally:
        child.close()
    floor_ms = spawn_floor_ms(binary)
    clean = os.WIFEXITED(child.status) and os.WEXITSTATUS(child.status) == 0

    print(f"first frame: {first_frame_ms:.1f} ms")
    print(f"first frame bytes: {len(frame)} (first output after {first_output_ms:.1f} ms)")
    if first_frame_ns is not None:
        print(f"first frame cpu: {first_frame_ns / 1e6:.1f} ms (/proc/PID/schedstat)")
    if idle_cpu_s is not None:
        detail = f"; {idle_cpu_ns / 1e6:.3f} ms by schedstat" if idle_cpu_ns is not None else ""
        print(f"idle cpu: {idle_cpu_s:.2f} s in {args.idle_s:g} s without a key "
              f"(utime+stime{detail}; {idle_bytes} bytes written)")
    if floor_ms is not None:
        print(f"spawn floor: {floor_ms:.1f} ms (first output of `tercio --help`, median of 3)")
    print(f"bytes per cursor move: {statistics.median(per_move):g} (median of {len(per_move)}; "
          f"min {min(per_move)}, max {max(per_move)})")
    if writes_per_move:
        print(f"writes per cursor move: {statistics.median(writes_per_move):g} "
              f"(median; max {max(writes_per_move)})")
    print(f"bytes per card turned: {len(card)}")
    print(f"peak memory: {peak_kb / 1024:.1f} MB" if peak_kb else "peak memory: unknown")
    if not clean:
        print(f"terminal.py: warning: tercio did not quit cleanly ({child.describe_status()})",
              file=sys.stderr)
    return 0


def run_replay(args):
    """`tercio replay FILE`: wall and CPU time to its first full screen; then `q` and the exit."""
    binary = os.path.abspath(args.binary)
    if not os.path.isfile(binary) or not os.access(binary, os.X_OK):
        raise BenchError(f"no executable at {binary} (build it with bench/terminal.sh or bench/run)")
    save = os.path.abspath(args.replay)
    if not os.path.isfile(save):
        raise BenchError(f"no save at {save}")
    quiet = args.quiet_ms / 1000
    child = Child([binary, "replay", save], args.verbose)
    try:
        # First frame, measured as the play mode does: the replay screen with its message line
        # "REPLAY: ..." has been drawn and the output has gone quiet.
        _, last = child.settle(quiet, 5.0, until=REPLAY)
        first_frame_ms = (last - child.t0) * 1000
        first_frame_ns = child.cpu_ns()
        # Quit: `q` leaves the replay at once (the save is only read).
        child.send("q")
        child.reap(3.0)
    finally:
        child.close()
    if not (os.WIFEXITED(child.status) and os.WEXITSTATUS(child.status) == 0):
        raise BenchError(f"tercio replay did not quit cleanly after `q` ({child.describe_status()})"
                         + child.tail())
    if first_frame_ns is None:
        raise BenchError(f"cannot read /proc/{child.pid}/schedstat for the CPU time")
    print(f"replay first frame: {first_frame_ms:.1f} ms")
    print(f"replay first frame cpu: {first_frame_ns / 1e6:.1f} ms")
    return 0


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--binary", default=os.path.join(root, "build", "release", "tercio"))
    ap.add_argument("--seed", type=int, default=12)
    ap.add_argument("--moves", type=int, default=20, help="cursor keys to send (default 20)")
    ap.add_argument("--quiet-ms", type=float, default=50, help="silence that ends a frame")
    ap.add_argument("--idle-s", type=float, default=2.0, help="seconds without a key for idle cpu")
    ap.add_argument("-v", "--verbose", action="store_true", help="log every read to stderr")
    ap.add_argument("--replay", metavar="FILE",
                    help="measure `tercio replay FILE`'s first frame instead of `tercio play`")
    args = ap.parse_args()
    try:
        return run_replay(args) if args.replay else run(args)
    except BenchError as e:
        print(f"terminal.py: {e}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
