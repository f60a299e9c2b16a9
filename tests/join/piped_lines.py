"""The lines a piped `arbiter join` writes, as the join tests read them (tests/join, tests/netns)."""
import os
import select


def lines_of(stdout):
    """Each line `stdout` (a pipe) gives; None whenever it stays silent for 0.3 s (join waits for a line)."""
    fd, buf = stdout.fileno(), b""
    while True:
        if not select.select([fd], [], [], 0.3)[0]:
            yield None
            continue
        chunk = os.read(fd, 65536)
        if not chunk:
            break
        buf += chunk
        *done, buf = buf.split(b"\n")
        for line in done:
            yield line.decode("utf-8", "replace")
    if buf:
        yield buf.decode("utf-8", "replace")
