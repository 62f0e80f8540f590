"""The compose file's structure (Docker cannot run here): the `cluster` profile has six Redis
nodes joined as three masters with a replica each, two API containers behind one published
port, and the workers (live, think, bulk, webhooks), all pointing game data at the cluster and the
queues at `redis`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

DOCKER = Path(__file__).resolve().parents[3] / "docker"


def _services() -> dict[str, Any]:
    return dict(yaml.safe_load((DOCKER / "compose.yaml").read_text())["services"])


def test_the_cluster_profile_has_six_nodes_two_apis_behind_one_port_and_three_workers() -> None:
    services = _services()
    cluster = {n: s for n, s in services.items() if "cluster" in s.get("profiles", [])}
    nodes = sorted(n for n in cluster if n.startswith("redis-node-"))
    assert nodes == [f"redis-node-{i}" for i in range(1, 7)]
    for name in nodes:
        command = [str(part) for part in cluster[name]["command"]]
        assert command[:3] == ["redis-server", "--cluster-enabled", "yes"]
        assert command[command.index("--cluster-announce-hostname") + 1] == name
        assert command[command.index("--appendfsync") + 1] == "everysec"
        assert command[command.index("--maxmemory-policy") + 1] == "noeviction"
    init = " ".join(cluster["redis-cluster-init"]["command"])
    assert "--cluster create" in init and "--cluster-replicas 1" in init
    assert set(cluster["redis-cluster-init"]["depends_on"]) == set(nodes)

    api = cluster["api-cluster"]
    assert api["deploy"]["replicas"] == 2 and "ports" not in api
    assert cluster["proxy"]["ports"] == ["${DUCKPOND_CLUSTER_PORT:-8080}:8080"]
    conf = (DOCKER / "nginx.conf").read_text()
    assert "server api-cluster:8000" in conf and "proxy_read_timeout 40s" in conf

    workers = {n: s for n, s in cluster.items() if n.startswith("worker-")}
    assert sorted(s["command"][-1] for s in workers.values()) == [
        "bulk", "live", "think", "webhooks",
    ]  # fmt: skip
    assert workers["worker-webhooks-cluster"]["deploy"]["replicas"] == 2
    for service in [api, *workers.values()]:
        env = service["environment"]
        assert (
            env["THINK_QUEUE"] == "duckpond-think"
        )  # the API enqueues where the think pool serves
        assert env["REDIS_URL"] == "redis://redis:6379/0"  # the queues' standalone Redis
        assert env["REDIS_CLUSTER_NODES"].split(",")[0] == "redis-node-1:6379"
        assert service["depends_on"]["redis-cluster-init"] == {
            "condition": "service_completed_successfully"
        }


def test_the_default_stack_is_unchanged_by_the_profile() -> None:
    services = _services()
    default = sorted(n for n, s in services.items() if not s.get("profiles"))
    assert default == ["api", "redis", "worker", "worker-bulk", "worker-think", "worker-webhooks"]
    # Webhook deliveries on their own pool, more than one process (issue 31, item 12).
    assert services["worker-webhooks"]["command"][-2:] == ["--pool", "webhooks"]
    assert services["worker-webhooks"]["deploy"]["replicas"] == 2
    assert services["worker-think"]["command"][-2:] == ["--pool", "think"]
    assert services["api"]["environment"]["THINK_QUEUE"] == "duckpond-think"
