"""A TCP proxy between the kit and the service that cuts chosen requests' answers: the request
reaches the service (and is applied), the connection is closed before the answer comes back,
as a network cut at the worst moment does. It logs each request it saw, with whether the
service answered it as a replay (`Idempotent-Replayed: true`)."""

from __future__ import annotations

import contextlib
import re
import socket
import threading
from collections.abc import Callable
from dataclasses import dataclass, field

REQUEST_LINE = re.compile(rb"^(GET|POST|PUT|DELETE|PATCH) (\S+) HTTP/1\.1\r\n", re.M)
IDEMPOTENCY = re.compile(rb"^idempotency-key: *(\S+)\r\n", re.M | re.I)


@dataclass
class Seen:
    method: str
    path: str
    key: str | None
    cut: bool
    replayed: bool = False


@dataclass
class CutProxy:
    upstream: int
    cut_when: Callable[[Seen], bool]
    """Which requests to cut (it is asked once per request)."""
    seen: list[Seen] = field(default_factory=list)
    port: int = 0

    def __post_init__(self) -> None:
        self._listener = socket.create_server(("127.0.0.1", 0))
        self.port = self._listener.getsockname()[1]
        self._lock = threading.Lock()
        threading.Thread(target=self._accept, daemon=True).start()

    def close(self) -> None:
        self._listener.close()

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self._listener.accept()
            except OSError:
                return
            threading.Thread(target=self._serve, args=(client,), daemon=True).start()

    def _serve(self, client: socket.socket) -> None:
        server = socket.create_connection(("127.0.0.1", self.upstream))
        state: dict[str, Seen | None] = {"last": None}
        done = threading.Event()

        def down() -> None:  # the service's answers to the kit
            try:
                while chunk := server.recv(65536):
                    last = state["last"]
                    if last is not None and b"Idempotent-Replayed: true" in chunk:
                        last.replayed = True
                    if last is not None and last.cut:
                        break  # the request was applied; its answer is lost
                    client.sendall(chunk)
            except OSError:
                pass
            finally:
                done.set()
                for s in (client, server):
                    with contextlib.suppress(OSError):
                        s.shutdown(socket.SHUT_RDWR)
                    s.close()

        threading.Thread(target=down, daemon=True).start()
        try:
            while not done.is_set() and (chunk := client.recv(65536)):
                line = REQUEST_LINE.search(chunk)
                if line is not None:
                    key = IDEMPOTENCY.search(chunk)
                    seen = Seen(
                        line.group(1).decode(),
                        line.group(2).decode(),
                        key.group(1).decode() if key else None,
                        False,
                    )
                    with self._lock:
                        seen.cut = self.cut_when(seen)
                        self.seen.append(seen)
                    state["last"] = seen
                server.sendall(chunk)
        except OSError:
            pass
