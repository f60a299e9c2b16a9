"""A small expect-like driver for `arbiter play` at a pseudo-terminal (python3 standard library only).

Terminal(argv) starts the command on a pty of 60 columns; send() types once the program reads
the terminal, expect() waits for text in what the program wrote since the last expect (ANSI
sequences kept), screen() is what was written since the last screen clear. Nothing sleeps: each
step waits for what it needs, up to a deadline, and a step that times out raises with what was
written.
"""
import os
import pty
import re
import select
import signal
import struct
import sys
import termios
import fcntl
import time

CLEAR = "\x1b[2J"


class Terminal:
    def __init__(self, argv, cols=60, rows=40, env=None):
        pid, fd = pty.fork()
        if pid == 0:
            # The size is set here, before the program starts, so that it reads this one
            # (set from the parent, it raced the program's first look at the terminal).
            fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
            e = dict(os.environ)
            e.update({"TERM": "xterm", "HOME": e.get("TMPDIR", "/tmp")})
            e.update(env or {})
            os.execvpe(argv[0], argv, e)
        self.pid, self.fd = pid, fd
        self.out = ""     # everything written
        self.seen = 0     # where the next expect starts looking
        self.status = None

    def _read(self, timeout):
        r, _, _ = select.select([self.fd], [], [], timeout)
        if not r:
            return False
        try:
            data = os.read(self.fd, 65536)
        except OSError:
            data = b""
        if not data:
            raise EOFError
        self.out += data.decode("utf-8", "replace")
        return True

    def expect(self, pattern, timeout=20):
        """Waits until `pattern` (a regex) appears after the last match; returns the match."""
        deadline = time.time() + timeout
        rx = re.compile(pattern)
        while True:
            m = rx.search(self.out, self.seen)
            if m:
                self.seen = m.end()
                return m
            left = deadline - time.time()
            try:
                if left <= 0 or not self._read(min(left, 0.2)) and time.time() > deadline:
                    raise AssertionError(f"timed out waiting for {pattern!r}; the program wrote:\n{self.out[-3000:]}")
            except EOFError:
                raise AssertionError(f"the program ended before {pattern!r}; it wrote:\n{self.out[-3000:]}")

    def reading(self, timeout=20):
        """Waits until the program reads the terminal key by key: libedit turns canonical mode
        off while it reads a line, and may do so after its prompt is written, so keys typed on
        seeing the prompt could reach a terminal not yet set up. (The pty's master shares the
        terminal's settings.)"""
        deadline = time.time() + timeout
        while termios.tcgetattr(self.fd)[3] & termios.ICANON:
            if time.time() > deadline:
                raise AssertionError(f"the program did not start reading keys; it wrote:\n{self.out[-3000:]}")
            try:
                self._read(0.01)
            except EOFError:
                raise AssertionError(f"the program ended before reading keys; it wrote:\n{self.out[-3000:]}")

    def send(self, text, cooked=False):
        """Types `text` once the program reads keys. `cooked`: the program reads whole lines in
        the terminal's canonical mode (no line editor, as when its output is piped), where the
        terminal keeps what is typed until it is read, so there is nothing to wait for."""
        if not cooked:
            self.reading()
        os.write(self.fd, text.encode())

    def line(self, text, cooked=False):
        self.send(text + "\r", cooked)

    def interrupt(self, at_prompt=True):
        """Ctrl-C: at a prompt, once the line is being read; otherwise (a bot thinking reads no
        keys) at once: the terminal makes it a signal whatever the program is doing."""
        if at_prompt:
            self.reading()
        os.write(self.fd, b"\x03")

    def screen(self):
        """What was written since the last clear of the screen, up to the last expect."""
        upto = self.out[: self.seen]
        return upto[upto.rfind(CLEAR) + len(CLEAR):] if CLEAR in upto else upto

    def wait(self, timeout=20):
        """Waits for the program to end; its exit status."""
        deadline = time.time() + timeout
        while time.time() < deadline:
            pid, st = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                self.status = os.waitstatus_to_exitcode(st)
                try:
                    while self._read(0.05):
                        pass
                except EOFError:
                    pass
                return self.status
            try:
                self._read(0.1)
            except EOFError:
                pass
        os.kill(self.pid, signal.SIGKILL)
        raise AssertionError(f"the program did not end; it wrote:\n{self.out[-3000:]}")


def plain(text):
    """Without ANSI escape sequences."""
    return re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", text)


def run(cases):
    """Runs the case named by argv[2] (argv[1] is the arbiter binary)."""
    binary, name = sys.argv[1], sys.argv[2]
    try:
        cases[name](binary)
    except AssertionError as e:
        print(f"{name}: {e}")
        sys.exit(1)
    print(f"{name}: passed")
