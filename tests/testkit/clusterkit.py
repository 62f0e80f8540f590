"""A REAL Redis Cluster for tests: redis-server processes with `cluster-enabled yes` on loopback
ports of 20500..20599 (the cluster bus on port + 10000), joined by `redis-cli --cluster create`.

Why real: the point is what a cluster refuses (CROSSSLOT, MOVED, a dead master's slots), and a
mock refuses nothing.
"""

from __future__ import annotations

import random
import shutil
import socket
import subprocess
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import redis
from redis.cluster import RedisCluster

PORTS = range(20500, 20600)
BUS_OFFSET = 10000
NODE_TIMEOUT_MS = 1000
"""How long a master may be silent before the others count it as failed (and a replica takes
over): short, so the failover test is quick."""


def _free(port: int) -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        try:
            s.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


def _ports(count: int) -> list[int]:
    """`count` ports of PORTS whose bus ports are free too, drawn at random: several test
    sessions (xdist workers, other checkouts) on one machine rarely pick the same ones."""
    candidates = [p for p in PORTS if _free(p) and _free(p + BUS_OFFSET)]
    if len(candidates) < count:
        raise RuntimeError(f"fewer than {count} free ports in {PORTS.start}..{PORTS.stop - 1}")
    return sorted(random.sample(candidates, count))


@dataclass
class Cluster:
    """The processes of one cluster; `nodes` is what REDIS_CLUSTER_NODES would name."""

    ports: list[int]
    replicas: int
    folder: Path
    procs: dict[int, subprocess.Popen[bytes]] = field(default_factory=dict)
    aof: bool = False

    @property
    def nodes(self) -> str:
        return ",".join(f"127.0.0.1:{p}" for p in self.ports)

    def client(self) -> RedisCluster:
        return RedisCluster(host="127.0.0.1", port=self.ports[0], socket_timeout=5)

    def start_node(self, port: int) -> None:
        folder = self.folder / str(port)
        folder.mkdir(parents=True, exist_ok=True)
        durability = ["--appendonly", "yes", "--appendfsync", "everysec"] if self.aof else [
            "--appendonly", "no"]  # fmt: skip
        self.procs[port] = subprocess.Popen(
            [
                "redis-server",
                "--port", str(port),
                "--bind", "127.0.0.1",
                "--dir", str(folder),
                "--cluster-enabled", "yes",
                "--cluster-config-file", "nodes.conf",
                "--cluster-node-timeout", str(NODE_TIMEOUT_MS),
                "--save", "",
                "--maxmemory-policy", "noeviction",
                "--logfile", str(folder / "redis.log"),
                *durability,
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )  # fmt: skip
        _wait_ping(port)

    def kill(self, port: int) -> None:
        """SIGKILL one node (a crash: no shutdown, no last write)."""
        proc = self.procs.pop(port)
        proc.kill()
        proc.wait()

    def masters(self) -> dict[int, list[tuple[int, int]]]:
        """Port of each live master -> its slot ranges, as a live node tells."""
        for port in self.procs:
            try:
                slots = redis.Redis(port=port, socket_timeout=2).cluster("slots")
            except redis.RedisError:
                continue
            out: dict[int, list[tuple[int, int]]] = {}
            for start, end, master, *_ in slots:
                out.setdefault(int(master[1]), []).append((int(start), int(end)))
            return out
        return {}

    def stop(self) -> None:
        for port in list(self.procs):
            proc = self.procs.pop(port)
            proc.terminate()
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        shutil.rmtree(self.folder, ignore_errors=True)


def _wait_ping(port: int) -> None:
    client = redis.Redis(port=port, socket_timeout=1)
    for _ in range(200):
        try:
            client.ping()
            return
        except redis.RedisError:
            time.sleep(0.05)
    raise RuntimeError(f"redis-server on port {port} did not start")


def wait_ok(ports: list[int], timeout: float = 30) -> None:
    """Until every node says `cluster_state:ok` and knows every node."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            infos = [redis.Redis(port=p, socket_timeout=1).cluster("info") for p in ports]
            if all(
                i["cluster_state"] == "ok" and int(i["cluster_known_nodes"]) == len(ports)
                for i in infos
            ):
                return
        except redis.RedisError:
            pass
        time.sleep(0.1)
    raise RuntimeError("the cluster did not become ok")


def wait_replicated(ports: list[int], timeout: float = 30) -> None:
    """Until every replica's link to its master is up (synced): a replica that never synced
    refuses to take over (`cluster-replica-validity-factor`)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            infos = [redis.Redis(port=p, socket_timeout=1).info("replication") for p in ports]
            if all(i["role"] == "master" or i.get("master_link_status") == "up" for i in infos):
                return
        except redis.RedisError:
            pass
        time.sleep(0.1)
    raise RuntimeError("the replicas did not sync")


def start(masters: int = 3, replicas: int = 0, aof: bool = False) -> Cluster:
    """A new cluster of `masters` masters with `replicas` replicas each, its slots covered."""
    if shutil.which("redis-server") is None or shutil.which("redis-cli") is None:
        raise RuntimeError("redis-server is not installed (scripts/test installs it)")
    count = masters * (1 + replicas)
    for _ in range(3):  # another process may take a port between the check and the bind
        cluster = Cluster(
            _ports(count), replicas, Path(tempfile.mkdtemp(prefix="dp-cluster-")), aof=aof
        )
        try:
            for port in cluster.ports:
                cluster.start_node(port)
            subprocess.run(
                ["redis-cli", "--cluster", "create",
                 *[f"127.0.0.1:{p}" for p in cluster.ports],
                 "--cluster-replicas", str(replicas), "--cluster-yes"],
                check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=60,
            )  # fmt: skip
            wait_ok(cluster.ports)
            wait_replicated(cluster.ports)
            return cluster
        except (RuntimeError, subprocess.SubprocessError):
            cluster.stop()
    raise RuntimeError("could not start a Redis Cluster")
