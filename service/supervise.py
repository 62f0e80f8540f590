"""`python -m service.supervise [--max-pause NAME=SECONDS]... -- NAME CMD... [-- NAME CMD...]...`:
the supervisor behind `scripts/serve`. It runs each part (redis-server, the workers, the API) in
a session of its own, prints the part's output prefixed with `[NAME] `, and restarts a part that
dies, whatever the others are doing, until SIGINT, SIGTERM or SIGHUP; then it stops the parts in
reverse order (the API, the workers, redis) and exits.

Why not supervisord (docs/operations.md has the figures): its main loop starts a restart only on
its next one-second tick, which put the live worker's return at 1.4-2.7 s after a SIGKILL on a
loaded machine; a part that dies during its start-up is backed off by one more second per try
and given up for good (FATAL) after `startretries`; and it has no prefixed output.

How no death is missed: SIGCHLD only wakes the loop (through `signal.set_wakeup_fd`, so a signal
that arrives while the loop is busy still wakes the next wait), and every wake reaps with
`waitpid(-1, WNOHANG)` until none is left; a restart pause is a deadline in the loop, never a
sleep, so a part that dies during another's pause or start is restarted on its own schedule.

A part dies with its supervisor: each is started with Linux's parent-death signal (SIGTERM,
`die_with`), so a supervisor killed with SIGKILL, which runs none of its own code, leaves no
part running unsupervised; each stops as on Ctrl-C, its own children with it.

The restart pause (`restart_pause`): none when the part had run at least `UP_AFTER` seconds; for
one that dies sooner (a crash loop, or a kill during its start), 0.25 s doubling per quick death,
up to its `--max-pause` (`DEFAULT_MAX_PAUSE` unless given). A part is never given up.
"""

from __future__ import annotations

import argparse
import contextlib
import ctypes
import ctypes.util
import os
import select
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from types import FrameType
from typing import BinaryIO

UP_AFTER = 3.0
"""A part that ran this long was up: its death is restarted at once and forgives its crashes."""
FIRST_PAUSE = 0.25
DEFAULT_MAX_PAUSE = 5.0
STOP_SECONDS = 15.0
"""How long a part may take to stop on SIGTERM before its whole session is SIGKILLed."""
PR_SET_PDEATHSIG = 1
"""prctl(2)'s option: the signal the kernel sends a process when its parent dies."""


def die_with(parent: int) -> Callable[[], None]:
    """A `preexec_fn` that asks Linux to SIGTERM the part when the supervisor dies, however
    it dies (a kill -9 runs none of its code, so only the kernel can do this): the part then
    stops as on Ctrl-C (a worker finishes its job and stops RQ's scheduler, gunicorn its
    workers, redis syncs its AOF). If `parent` died before the prctl, the part ends at once.
    The library is loaded here, before the fork: the child only makes one call."""
    libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
    prctl = libc.prctl

    def preexec() -> None:
        prctl(PR_SET_PDEATHSIG, signal.SIGTERM, 0, 0, 0)
        if os.getppid() != parent:
            os.kill(os.getpid(), signal.SIGTERM)

    return preexec


def restart_pause(ran: float, quick_deaths: int, max_pause: float) -> tuple[float, int]:
    """The pause before restarting a part that ran `ran` seconds and had died `quick_deaths`
    times in a row before it was up, and that count after this death."""
    if ran >= UP_AFTER:
        return 0.0, 0
    quick_deaths += 1
    return min(max_pause, FIRST_PAUSE * 2 ** (quick_deaths - 1)), quick_deaths


def describe(status: int) -> str:
    """A wait status in words: `status 1`, `SIGKILL`."""
    if os.WIFSIGNALED(status):
        number = os.WTERMSIG(status)
        try:
            return signal.Signals(number).name
        except ValueError:  # a real-time signal
            return f"signal {number}"
    return f"status {os.waitstatus_to_exitcode(status)}"


@dataclass
class Part:
    """One supervised command, and where it is in its life."""

    name: str
    cmd: list[str]
    max_pause: float = DEFAULT_MAX_PAUSE
    proc: subprocess.Popen[bytes] | None = None
    started: float = 0.0
    quick_deaths: int = 0
    due: float | None = None
    """When to start it again (monotonic); None while it runs."""
    readers: list[threading.Thread] = field(default_factory=list)


class Supervisor:
    """Runs and restarts `parts`; `run` returns when asked to stop and every part has stopped."""

    def __init__(self, parts: list[Part], out: BinaryIO, err: BinaryIO) -> None:
        self.parts = parts
        self.out = out
        self.err = err
        self.lock = threading.Lock()
        self.stopping = False
        self.stop_signal = ""
        self.preexec = die_with(os.getpid()) if sys.platform == "linux" else None

    def say(self, message: str) -> None:
        self.write(self.err, f"[serve] {message}\n".encode())

    def write(self, stream: BinaryIO, data: bytes) -> None:
        with self.lock, contextlib.suppress(OSError, ValueError):  # a closed terminal
            stream.write(data)
            stream.flush()

    def start(self, part: Part) -> None:
        """Start `part` in a session of its own, its output copied with its name in front."""
        part.due = None
        part.started = time.monotonic()
        read, write = os.pipe()
        try:
            part.proc = subprocess.Popen(
                part.cmd,
                stdin=subprocess.DEVNULL,
                stdout=write,
                stderr=subprocess.STDOUT,
                start_new_session=True,
                preexec_fn=self.preexec,  # one libc call: nothing to deadlock on after the fork
            )
        except OSError as exc:  # the command cannot run: counted as a death before it was up
            os.close(read)
            self.say(f"{part.name} cannot start: {exc}")
            self.schedule(part, ran=0.0)
            return
        finally:
            os.close(write)
        reader = threading.Thread(target=self.copy, args=(part.name, read), daemon=True)
        reader.start()
        part.readers = [r for r in part.readers if r.is_alive()] + [reader]

    def copy(self, name: str, fd: int) -> None:
        """Copy one process's output to ours, line by line, each line prefixed with its name.
        The pipe ends when the process and whatever it left running have gone."""
        prefix = f"[{name}] ".encode()
        with os.fdopen(fd, "rb") as pipe:
            for line in pipe:
                self.write(self.out, prefix + (line if line.endswith(b"\n") else line + b"\n"))

    def schedule(self, part: Part, ran: float) -> float:
        pause, part.quick_deaths = restart_pause(ran, part.quick_deaths, part.max_pause)
        part.due = time.monotonic() + pause
        return pause

    def reap(self) -> None:
        """Collect every child that has ended and schedule its part's restart."""
        while True:
            try:
                pid, status = os.waitpid(-1, os.WNOHANG)
            except ChildProcessError:
                return
            if pid == 0:
                return
            part = next((p for p in self.parts if p.proc is not None and p.proc.pid == pid), None)
            if part is None or part.proc is None:
                continue
            part.proc.returncode = os.waitstatus_to_exitcode(status)  # Popen must not reap it
            part.proc = None
            # Whatever is left of its session (gunicorn's workers when its master died).
            with contextlib.suppress(OSError):
                os.killpg(pid, signal.SIGKILL)
            if self.stopping:
                continue
            pause = self.schedule(part, ran=time.monotonic() - part.started)
            when = "now" if pause == 0 else f"in {pause:g} s"
            self.say(f"{part.name} (pid {pid}) exited ({describe(status)}); restarting it {when}")

    def run(self) -> None:
        wake_read, wake_write = os.pipe()
        os.set_blocking(wake_read, False)
        os.set_blocking(wake_write, False)
        signal.set_wakeup_fd(wake_write, warn_on_full_buffer=False)
        signal.signal(signal.SIGCHLD, lambda signum, frame: None)  # only to wake the loop
        for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
            signal.signal(sig, self.ask_stop)
        try:
            for part in self.parts:
                self.start(part)
            while not self.stopping:
                self.reap()
                now = time.monotonic()
                for part in self.parts:
                    if part.due is not None and part.due <= now and not self.stopping:
                        self.start(part)
                        if part.proc is not None:
                            self.say(f"{part.name} restarted (pid {part.proc.pid})")
                dues = [p.due - now for p in self.parts if p.due is not None]
                timeout = max(0.0, min(dues)) if dues else None
                select.select([wake_read], [], [], timeout)
                with contextlib.suppress(BlockingIOError):
                    while os.read(wake_read, 512):
                        pass
        finally:
            self.stopping = True
            self.say(f"{self.stop_signal or 'an error'}: stopping the parts")
            self.stop_all()

    def ask_stop(self, signum: int, frame: FrameType | None) -> None:
        """A signal handler: it only records (it may run while the loop holds the output's
        lock, and Ctrl-C in a terminal brings SIGINT from there and SIGTERM from scripts/serve
        at once); the loop says it and stops."""
        self.stop_signal = self.stop_signal or signal.Signals(signum).name
        self.stopping = True

    def stop_all(self) -> None:
        """Stop the parts in reverse order, each with SIGTERM and then, after STOP_SECONDS, a
        SIGKILL of its whole session (a gunicorn worker, a forked job)."""
        for part in reversed(self.parts):
            proc = part.proc
            if proc is None:
                continue
            self.say(f"stopping {part.name} (pid {proc.pid})")
            with contextlib.suppress(OSError):
                os.kill(proc.pid, signal.SIGTERM)
            try:
                proc.wait(timeout=STOP_SECONDS)
            except subprocess.TimeoutExpired:
                self.say(f"{part.name} did not stop within {STOP_SECONDS:g} s; killing it")
                with contextlib.suppress(OSError):
                    os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()
            with contextlib.suppress(OSError):
                os.killpg(proc.pid, signal.SIGKILL)
            part.proc = None
        for part in self.parts:
            for reader in part.readers:
                reader.join(timeout=2)
        self.say("stopped.")


def parse(argv: list[str]) -> list[Part]:
    """The parts from `[--max-pause NAME=SECONDS]... -- NAME CMD... [-- NAME CMD...]...`."""
    parser = argparse.ArgumentParser(
        prog="python -m service.supervise", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument(
        "--max-pause",
        action="append",
        default=[],
        metavar="NAME=SECONDS",
        help=f"cap of NAME's restart pause (default {DEFAULT_MAX_PAUSE:g} s)",
    )
    first = argv.index("--") if "--" in argv else len(argv)
    args = parser.parse_args(argv[:first])
    if first == len(argv):
        parser.error("no part given: -- NAME CMD...")
    caps: dict[str, float] = {}
    for item in args.max_pause:
        name, _, seconds = item.partition("=")
        try:
            caps[name] = float(seconds)
        except ValueError:
            parser.error(f"--max-pause takes NAME=SECONDS, got {item!r}")
    parts: list[Part] = []
    group: list[str] = []
    for token in [*argv[first + 1 :], "--"]:
        if token != "--":
            group.append(token)
            continue
        if len(group) < 2:
            parser.error(f"a part needs a name and a command, got {group!r}")
        parts.append(Part(group[0], group[1:], caps.pop(group[0], DEFAULT_MAX_PAUSE)))
        group = []
    if caps:
        parser.error(f"--max-pause names no part: {', '.join(caps)}")
    return parts


def main(argv: list[str] | None = None) -> None:
    parts = parse(sys.argv[1:] if argv is None else argv)
    Supervisor(parts, sys.stdout.buffer, sys.stderr.buffer).run()


if __name__ == "__main__":
    main()
