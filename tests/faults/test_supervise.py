"""`service.supervise`, scripts/serve's supervisor, on plain processes (`sleep`, a shell that
fails at once): each part is restarted on its own schedule, a crash loop is backed off but never
given up, and SIGTERM stops the parts in reverse order."""

from __future__ import annotations

import io
import os
import re
import signal
import sys
import threading
import time
from collections.abc import Iterator

import pytest
from testkit.faultkit import Watched

from service.supervise import (
    DEFAULT_MAX_PAUSE,
    FIRST_PAUSE,
    UP_AFTER,
    Supervisor,
    parse,
    restart_pause,
)


def test_the_pause_grows_only_for_a_part_that_dies_before_it_is_up() -> None:
    assert restart_pause(UP_AFTER, 7, 0.5) == (0.0, 0)  # it was up: at once, crashes forgiven
    deaths, pauses = 0, []
    for _ in range(8):
        pause, deaths = restart_pause(0.1, deaths, DEFAULT_MAX_PAUSE)
        pauses.append(pause)
    assert pauses == [FIRST_PAUSE * 2**n for n in range(5)] + [DEFAULT_MAX_PAUSE] * 3
    assert max(restart_pause(0.1, n, 0.5)[0] for n in range(100)) == 0.5  # never given up


def test_parts_are_read_from_the_command_line() -> None:
    parts = parse(["--max-pause", "b=0.5", "--", "a", "sleep", "9", "--", "b", "sh", "-c", "x"])
    assert [(p.name, p.cmd, p.max_pause) for p in parts] == [
        ("a", ["sleep", "9"], DEFAULT_MAX_PAUSE),
        ("b", ["sh", "-c", "x"], 0.5),
    ]
    for bad in (["a", "sleep"], ["--", "a"], ["--max-pause", "c=1", "--", "a", "sleep", "1"]):
        with pytest.raises(SystemExit):
            parse(bad)


def test_a_stop_signal_handler_takes_no_lock() -> None:
    """Ctrl-C in a terminal brings SIGINT and, from scripts/serve, SIGTERM at once: the second
    handler may run while the first one, or the loop, holds the output's lock (it once
    deadlocked there, and the parts were never stopped)."""
    supervisor = Supervisor([], io.BytesIO(), io.BytesIO())
    with supervisor.lock:
        asked = threading.Thread(target=supervisor.ask_stop, args=(signal.SIGTERM, None))
        asked.start()
        asked.join(timeout=5)
        assert not asked.is_alive()
    assert supervisor.stopping


class Running(Watched):
    """`python -m service.supervise` over the given parts, its output collected."""

    def __init__(self, *args: str) -> None:
        super().__init__([sys.executable, "-m", "service.supervise", *args])

    def pid(self, name: str) -> int:
        """The pid the last process of `name` said it had."""
        said = [m for line in self.lines if (m := re.search(rf"\[{name}\] pid (\d+)", line))]
        return int(said[-1].group(1))


@pytest.fixture()
def running() -> Iterator[Running]:
    # Each sleeper says its pid first, so the test knows whom to kill.
    sleeper = ["sh", "-c", "echo pid $$; exec sleep 60"]
    supervised = Running(
        "--max-pause", "steady=0.5",
        "--", "steady", *sleeper,
        "--", "crashing", "sh", "-c", "echo crashed; exit 3",
        "--", "other", *sleeper,
    )  # fmt: skip
    try:
        yield supervised
    finally:
        if supervised.proc.poll() is None:
            supervised.proc.send_signal(signal.SIGTERM)
            supervised.proc.wait(timeout=30)


def test_a_part_dies_while_another_is_in_its_pause_and_both_come_back(running: Running) -> None:
    running.wait_line(r"\[steady\] pid \d+")
    running.wait_line(r"\[other\] pid \d+")
    # The crash loop backs off (0.25, 0.5, 1 s...) and says what it does with the output prefixed.
    running.wait_line(r"\[crashing\] crashed")
    running.wait_line(r"crashing \(pid \d+\) exited \(status 3\); restarting it in 1 s", 10)
    for _ in range(5):  # each SIGKILL lands during the crash loop's pauses
        mark = len(running.lines)
        killed = running.pid("steady")
        os.kill(killed, signal.SIGKILL)
        at = time.monotonic()
        running.wait_line(rf"steady \(pid {killed}\) exited \(SIGKILL\); restarting it", 5, mark)
        new = int(running.wait_line(r"steady restarted \(pid (\d+)\)", 5, mark).group(1))
        running.wait_line(rf"\[steady\] pid {new}", 5, mark)
        assert new != killed
        assert time.monotonic() - at < 2.0  # its pause is capped at 0.5 s
    assert running.proc.poll() is None
    restarts = sum("crashing restarted" in line for line in running.lines)
    assert restarts >= 3  # never given up


def test_sigterm_stops_the_parts_in_reverse_order(running: Running) -> None:
    running.wait_line(r"\[other\] pid \d+")
    running.proc.send_signal(signal.SIGTERM)
    assert running.proc.wait(timeout=30) == 0
    running.reader.join(timeout=5)  # its last lines may still be in the pipe (a loaded machine)
    stops = [m.group(1) for line in running.lines if (m := re.match(r".*stopping (\w+) \(", line))]
    assert [name for name in stops if name != "crashing"] == ["other", "steady"], running.lines
    assert running.lines[-1] == "[serve] stopped."


def _gone(pid: int) -> bool:
    """True once `pid` has ended (a zombie counts: it runs nothing any more)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] == "Z"
    except OSError:
        return True


def test_the_parts_die_with_a_supervisor_killed_with_sigkill(running: Running) -> None:
    """Issue 31, item 18: a supervisor killed with SIGKILL runs none of its code, and its parts
    (each in a session of its own) went on unsupervised. Now the kernel SIGTERMs each part."""
    running.wait_line(r"\[steady\] pid \d+")
    running.wait_line(r"\[other\] pid \d+")
    parts = [running.pid("steady"), running.pid("other")]
    assert not any(_gone(pid) for pid in parts)
    os.kill(running.proc.pid, signal.SIGKILL)
    killed = time.monotonic()
    running.proc.wait(timeout=10)
    while not all(_gone(pid) for pid in parts) and time.monotonic() - killed < 10:
        time.sleep(0.02)
    took = time.monotonic() - killed
    left = [pid for pid in parts if not _gone(pid)]
    for pid in left:  # never leave them behind, whatever the outcome
        os.kill(pid, signal.SIGKILL)
    print(f"\n[faults] supervisor SIGKILLed: its parts gone after {took:.2f} s")
    assert not left, f"parts still running {took:.1f} s after their supervisor's death: {left}"
    assert took < 3.0
