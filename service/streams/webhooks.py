"""Webhooks: an app key's feed entries POSTed to endpoints it registered, signed, retried.

For integrators who cannot hold the feed's connection (`service.streams.feed`). An endpoint is a URL
and the feed entry types it wants; each delivery is a POST of
`{"type", "timestamp", "data"}` signed by the Standard Webhooks scheme (the `standardwebhooks`
library): headers `webhook-id` (`msg_<key id>_<feed entry number>`: the same on every attempt,
so a receiver drops what it already handled), `webhook-timestamp` (the attempt's unix second)
and `webhook-signature` (`v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">` with the
endpoint's secret, `whsec_...`, shown once at creation and never again).

Exactly once into the queue, at least once to the receiver. The relay script that appends a
feed entry of a key with endpoints also records its number in the key's `pending` set, in the
same step (`service.streams.feed.RELAY_SCRIPT`); `dispatch` enqueues one RQ job per (endpoint,
entry)
with a job id of its own (a second enqueue of it is refused) and only then forgets the number,
and the recovery loop (`recover`, in `service.watchdog`) dispatches numbers pending too long.

Fairness (issue 31): deliveries have their own queue and worker pool (`WEBHOOK_QUEUE`, `python
-m service.worker --pool webhooks`), so a slow receiver never delays a game's bot turn, and a
delivery holds a slot of its app key and of its endpoint for its attempt, or is deferred when
they are full (`service.streams.webhook_slots`).

Retries: a delivery that does not get a 2xx (in `WEBHOOK_TIMEOUT_SECONDS`; redirects are not
followed) is retried through RQ's `Retry` after each of `WEBHOOK_RETRY_SECONDS` (by default
5 s, 30 s, 2 min, 10 min, 30 min, 1 h, 2 h, 4 h, 8 h, 8 h: about a day); the worker pool that
serves `WEBHOOK_QUEUE` runs RQ's scheduler, which enqueues them when due. Disabling: an endpoint
all of whose attempts failed for `WEBHOOK_DISABLE_AFTER_SECONDS` (a day), since its last
success, is disabled; its pending deliveries stop, and nothing more is sent to it (delete it
and register it again). Addresses: an endpoint whose host resolves to a private, loopback,
link-local or otherwise non-public address is refused at creation AND at each delivery (DNS
may change: the delivery connects to the very address it checked), unless that address is in
the operator's `WEBHOOK_ALLOWED_NETWORKS`.

Keys, on game data's Redis in the app key's feed bucket `{k}` (`service.storage.keys.key_tag`):

- `dp:{k}:appkey:<id>:webhooks`              set: the key's endpoint ids
- `dp:{k}:appkey:<id>:webhooks:pending`      sorted set: feed numbers not yet dispatched
- `dp:{k}:appkey:<id>:webhook:<eid>`         hash: `url`, `events` (space-separated),
                                             `secret`, `created`, `disabled`, `reason`,
                                             `failing_since` (unix s; 0 for none),
                                             `delivered`, `failed` (counts)
- `dp:{k}:appkey:<id>:webhook:<eid>:log`     hash: webhook-id -> its delivery (JSON)
- `dp:{k}:appkey:<id>:webhook:<eid>:order`   sorted set: webhook-id by creation ms; the log
                                             keeps the last `LOG_SIZE`
- the deliveries' slots: see `service.streams.webhook_slots`
- `dp:webhooks:keys`                         set: key ids with endpoints (the recovery loop's)
"""

from __future__ import annotations

import base64
import ipaddress
import logging
import secrets
import socket
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import partial
from typing import Any, cast
from urllib.parse import urlsplit, urlunsplit

import httpx
from rq import Queue, Retry, get_current_job
from rq.exceptions import DuplicateJobError
from standardwebhooks import Webhook

from service.core.codec import dumps_sorted, loads
from service.core.errors import ServiceError
from service.core.shards import DataClient
from service.storage.keys import (
    DELIVER_WEBHOOK_JOB,
    HOOKS_NOTE,
    WEBHOOK_KEYS_INDEX,
    endpoint_key,
    feed_key,
    hooks_key,
    log_key,
    order_key,
    pending_key,
    relayed_key,
)
from service.streams.feed import number_of, stream_id
from service.streams.feed_relay import Feed
from service.streams.webhook_slots import JOB_TIMEOUT, Slots

log = logging.getLogger("duckpond.webhooks")

JSON = dict[str, Any]
LOG_SIZE = 100
"""Deliveries kept in an endpoint's log, newest first."""
MAX_URL = 2048
RETRY_SECONDS = (5, 30, 120, 600, 1800, 3600, 7200, 14400, 28800, 28800)
DISPATCH_AFTER_MS = 2000
"""The recovery loop dispatches feed numbers pending this long (younger: their relay's)."""


def message_id(key_id: str, number: int) -> str:
    """The `webhook-id` of a feed entry: the same for every attempt and every endpoint."""
    return f"msg_{key_id}_{number}"


def job_id(eid: str, number: int) -> str:
    return f"webhook_{eid}_{number}"


def iso(seconds: float) -> str:
    return datetime.fromtimestamp(seconds, UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


class Refused(Exception):
    """A URL this service does not deliver to (its reason is safe to show its owner)."""


def networks(setting: str) -> list[ipaddress.IPv4Network | ipaddress.IPv6Network]:
    """`WEBHOOK_ALLOWED_NETWORKS`: non-public networks the operator allows ("" for none)."""
    return [ipaddress.ip_network(n.strip(), strict=False) for n in setting.split(",") if n.strip()]


#: IPv6 forms that carry an IPv4 address a gateway (NAT64, 6to4, the old IPv4-compatible
#: form, SIIT's IPv4-translated form) may deliver to: the IPv4 is what must be judged.
NAT64_WELL_KNOWN = ipaddress.IPv6Network("64:ff9b::/96")
NAT64_LOCAL_USE = ipaddress.IPv6Network("64:ff9b:1::/48")
IPV4_TRANSLATED = ipaddress.IPv6Network("::ffff:0:0:0/96")
IPV4_COMPATIBLE = ipaddress.IPv6Network("::/96")


def carried_ipv4(address: ipaddress.IPv6Address) -> list[ipaddress.IPv4Address]:
    """The IPv4 addresses an IPv6 address carries (none for a plain one): a NAT64 or 6to4
    gateway, or a Teredo relay, would take a delivery on to them, so a guard that judged only
    the IPv6 form would let `64:ff9b::7f00:1` reach the loopback."""
    carried: list[ipaddress.IPv4Address] = []
    if address.ipv4_mapped is not None:
        carried.append(address.ipv4_mapped)
    if address.sixtofour is not None:
        carried.append(address.sixtofour)
    if address.teredo is not None:
        carried.extend(address.teredo)  # (server, client); the client's is un-XOR-ed already
    in_low_bits = (NAT64_WELL_KNOWN, NAT64_LOCAL_USE, IPV4_TRANSLATED)
    compatible = address in IPV4_COMPATIBLE and int(address) > 1  # `::` and `::1` are themselves
    if compatible or any(address in net for net in in_low_bits):
        carried.append(ipaddress.IPv4Address(int(address) & 0xFFFFFFFF))
    return carried


def public(address: ipaddress.IPv4Address | ipaddress.IPv6Address) -> bool:
    """Reachable on the internet: global and not multicast."""
    return address.is_global and not address.is_multicast


def deliverable(
    address: ipaddress.IPv4Address | ipaddress.IPv6Address,
    allowed: Sequence[ipaddress.IPv4Network | ipaddress.IPv6Network],
) -> bool:
    """Whether a delivery may go to `address`: in a network the operator allowed as written;
    else, for an IPv6 form carrying IPv4, every IPv4 inside public or allowed (the NAT64
    local-use prefix never: where its IPv4 sits is each network's choice, RFC 8215); else
    public."""

    def permitted(one: ipaddress.IPv4Address | ipaddress.IPv6Address) -> bool:
        return any(one.version == net.version and one in net for net in allowed)

    if permitted(address):
        return True
    if isinstance(address, ipaddress.IPv6Address):
        inside = carried_ipv4(address)
        if inside:
            return address not in NAT64_LOCAL_USE and all(
                public(one) or permitted(one) for one in inside
            )
    return public(address)


@dataclass(frozen=True, slots=True)
class Target:
    """Where a delivery goes: the URL as registered, and the addresses checked for it."""

    url: str
    addresses: tuple[str, ...]
    port: int


def resolve(url: str, allowed: Sequence[ipaddress.IPv4Network | ipaddress.IPv6Network]) -> Target:
    """Check `url` and resolve its host: http(s), no credentials in it, and every address it
    resolves to public or in `allowed`. Raises `Refused` with the reason."""
    if len(url) > MAX_URL:
        raise Refused(f"the URL is longer than {MAX_URL} characters")
    try:
        parts = urlsplit(url)
        port = parts.port or (443 if parts.scheme == "https" else 80)
    except ValueError as exc:
        raise Refused("the URL cannot be read") from exc
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise Refused("the URL must be http:// or https:// with a host")
    if parts.username is not None or parts.password is not None:
        raise Refused("the URL may not hold credentials")
    try:
        found = socket.getaddrinfo(parts.hostname, port, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError) as exc:
        raise Refused(f"the host {parts.hostname!r} does not resolve") from exc
    addresses = [str(info[4][0]) for info in found]
    for text in addresses:
        address = ipaddress.ip_address(text.split("%", 1)[0])
        if not deliverable(address, allowed):
            raise Refused(
                f"the host {parts.hostname!r} resolves to {address}, a private, loopback or"
                " link-local address (or an IPv6 form carrying one) this service does not"
                " deliver to"
            )
    if not addresses:
        raise Refused(f"the host {parts.hostname!r} does not resolve")
    return Target(url, tuple(dict.fromkeys(addresses)), port)


def post(target: Target, headers: Mapping[str, str], body: bytes, timeout: float) -> int:
    """POST `body` to the address `resolve` checked (not to whatever the name resolves to
    now: DNS rebinding), with the URL's host in `Host` and TLS's SNI and certificate check;
    returns the status without reading the answer's body. Redirects are not followed."""
    parts = urlsplit(target.url)
    sent = {**headers, "Host": parts.netloc, "Content-Type": "application/json"}
    extensions = {"sni_hostname": parts.hostname or ""} if parts.scheme == "https" else {}
    limits = httpx.Timeout(timeout, connect=min(timeout, 2.0))
    with httpx.Client(timeout=limits, follow_redirects=False, trust_env=False) as client:
        for n, address in enumerate(target.addresses):  # in the resolver's order, as browsers
            literal = f"[{address}]" if ":" in address else address
            path = parts.path or "/"
            direct = urlunsplit((parts.scheme, f"{literal}:{target.port}", path, parts.query, ""))
            try:
                with client.stream(
                    "POST", direct, content=body, headers=sent, extensions=extensions
                ) as answer:
                    return answer.status_code
            except httpx.ConnectError:
                if n == len(target.addresses) - 1:
                    raise
    raise httpx.ConnectError("no address")


class DeliveryFailed(Exception):
    """An attempt that RQ retries (its text: the status or the kind of failure only)."""


@dataclass(frozen=True, slots=True)
class Settings:
    retry: tuple[int, ...] = RETRY_SECONDS
    disable_after: int = 86400
    allowed: tuple[ipaddress.IPv4Network | ipaddress.IPv6Network, ...] = ()
    per_key: int = 10
    timeout: float = 5.0
    key_slots: int = 1
    endpoint_slots: int = 1

    @classmethod
    def of(cls, settings: Mapping[str, Any]) -> Settings:
        retry = str(settings.get("WEBHOOK_RETRY_SECONDS") or "")
        return cls(
            retry=tuple(int(s) for s in retry.split(",") if s.strip()) or RETRY_SECONDS,
            disable_after=int(settings.get("WEBHOOK_DISABLE_AFTER_SECONDS", 86400)),
            allowed=tuple(networks(str(settings.get("WEBHOOK_ALLOWED_NETWORKS") or ""))),
            per_key=int(settings.get("WEBHOOKS_PER_APP_KEY", 10)),
            timeout=float(settings.get("WEBHOOK_TIMEOUT_SECONDS", 5.0)),
            key_slots=max(1, int(settings.get("WEBHOOK_KEY_CONCURRENCY", 1))),
            endpoint_slots=max(1, int(settings.get("WEBHOOK_ENDPOINT_CONCURRENCY", 1))),
        )


class Webhooks:
    """Endpoints, dispatch into RQ and the delivery itself; one per process."""

    def __init__(
        self, client: DataClient, feed: Feed, queue: Queue, settings: Settings = Settings()
    ) -> None:
        self.redis = client
        self.feed = feed
        self.queue = queue
        self.settings = settings
        feed.hooked = self.dispatch
        self.gate = Slots(
            client,
            queue,
            key_slots=settings.key_slots,
            endpoint_slots=settings.endpoint_slots,
            retry=settings.retry,
        )
        self.slots = self.gate.script  # the slots' script and deferral, as a test drives them
        self.defer = self.gate.defer

    # --- endpoints (the API) ----------------------------------------------------------------

    def create(self, key_id: str, url: str, events: Sequence[str]) -> JSON:
        """Register an endpoint; the answer holds its secret, shown this once."""
        try:
            resolve(url, self.settings.allowed)
        except Refused as exc:
            raise ServiceError("webhook_url_refused", str(exc)) from exc
        held = int(self.redis.scard(hooks_key(key_id)))
        if held >= self.settings.per_key:
            raise ServiceError(
                "too_many_webhooks",
                f"this app key has {held} webhook endpoints, as many as it may: delete one first",
            )
        eid = "wh_" + secrets.token_hex(8)
        secret = "whsec_" + base64.b64encode(secrets.token_bytes(24)).decode()
        record = {
            "url": url,
            "events": " ".join(sorted(set(events))),
            "secret": secret,
            "created": int(time.time()),
            "disabled": 0,
            "reason": "",
            "failing_since": 0,
            "delivered": 0,
            "failed": 0,
        }
        self.redis.sadd(WEBHOOK_KEYS_INDEX, key_id)  # first: the recovery loop must know the key
        with self.redis.pipeline(transaction=True) as pipe:  # one slot: the key's bucket
            pipe.hset(endpoint_key(key_id, eid), mapping=cast(Any, record))
            pipe.sadd(hooks_key(key_id), eid)
            pipe.hdel(relayed_key(key_id), HOOKS_NOTE)  # the relay looks again
            pipe.execute()
        log.info("app key %s: webhook endpoint %s registered", key_id, eid)
        return {**self._out(eid, record), "secret": secret}

    def all(self, key_id: str) -> list[JSON]:
        eids = sorted(m.decode() for m in cast(set[bytes], self.redis.smembers(hooks_key(key_id))))
        found = [self._load(key_id, eid) for eid in eids]
        return [self._out(eid, raw) for eid, raw in zip(eids, found, strict=True) if raw]

    def get(self, key_id: str, eid: str) -> JSON:
        return self._out(eid, self._found(key_id, eid))

    def delete(self, key_id: str, eid: str) -> None:
        self._found(key_id, eid)
        with self.redis.pipeline(transaction=True) as pipe:
            pipe.srem(hooks_key(key_id), eid)
            pipe.hdel(relayed_key(key_id), HOOKS_NOTE)  # the relay looks again
            pipe.delete(endpoint_key(key_id, eid), log_key(key_id, eid), order_key(key_id, eid))
            pipe.execute()
        log.info("app key %s: webhook endpoint %s deleted", key_id, eid)

    def deliveries(self, key_id: str, eid: str, limit: int = LOG_SIZE) -> list[JSON]:
        """The endpoint's latest deliveries, newest first."""
        self._found(key_id, eid)
        ids = cast(list[bytes], self.redis.zrevrange(order_key(key_id, eid), 0, limit - 1))
        if not ids:
            return []
        raws = cast(list[bytes | None], self.redis.hmget(log_key(key_id, eid), ids))
        return [cast(JSON, loads(raw)) for raw in raws if raw is not None]

    def _load(self, key_id: str, eid: str) -> dict[str, Any]:
        if not eid.startswith("wh_") or len(eid) > 64:
            return {}
        raw = cast(dict[bytes, bytes], self.redis.hgetall(endpoint_key(key_id, eid)))
        return {k.decode(): v.decode() for k, v in raw.items()}

    def _found(self, key_id: str, eid: str) -> dict[str, Any]:
        raw = self._load(key_id, eid)
        if not raw:
            raise ServiceError("no_such_webhook", f"this app key has no webhook {eid!r}")
        return raw

    @staticmethod
    def _out(eid: str, raw: Mapping[str, Any]) -> JSON:
        """An endpoint as its owner sees it: never its secret."""
        disabled, failing = int(raw.get("disabled", 0)), int(raw.get("failing_since", 0))
        return {
            "id": eid,
            "url": raw["url"],
            "events": str(raw["events"]).split(),
            "status": "disabled" if disabled else "active",
            "created": iso(int(raw["created"])),
            "disabled_at": iso(disabled) if disabled else None,
            "disabled_reason": raw.get("reason") or None,
            "failing_since": iso(failing) if failing else None,
            "delivered": int(raw.get("delivered", 0)),
            "failed": int(raw.get("failed", 0)),
        }

    # --- dispatch: feed entries into RQ ------------------------------------------------------

    def dispatch(self, key_id: str, numbers: Sequence[int]) -> int:
        """Enqueue a delivery of each of these feed entries to each live endpoint of the key
        that wants its type, then forget the numbers; returns the jobs enqueued. Safe to run
        twice: a job id that exists is refused."""
        if not numbers:
            return 0
        endpoints = self._live(key_id)
        low, high = min(numbers), max(numbers)
        rows = cast(
            list[tuple[bytes, dict[bytes, bytes]]],
            self.redis.xrange(feed_key(key_id), stream_id(low), stream_id(high)),
        )
        wanted = set(numbers)
        enqueued = 0
        for oid, fields in rows:
            number = number_of(oid)
            kind = fields[b"t"].decode()
            if number not in wanted:
                continue
            for eid, raw in endpoints:
                if kind in raw["events"].split() and self._enqueue(key_id, eid, number, fields):
                    enqueued += 1
        self.redis.zrem(pending_key(key_id), *[str(n) for n in numbers])
        return enqueued

    def _live(self, key_id: str) -> list[tuple[str, dict[str, Any]]]:
        eids = sorted(m.decode() for m in cast(set[bytes], self.redis.smembers(hooks_key(key_id))))
        live = [(eid, self._load(key_id, eid)) for eid in eids]
        return [(eid, raw) for eid, raw in live if raw and not int(raw.get("disabled", 0))]

    def _enqueue(self, key_id: str, eid: str, number: int, fields: Mapping[bytes, bytes]) -> bool:
        """One delivery job, unless its id exists (a repeated dispatch)."""
        try:
            self.queue.enqueue_call(
                DELIVER_WEBHOOK_JOB,
                args=(key_id, eid, number, fields[b"t"].decode(), fields[b"d"].decode()),
                job_id=job_id(eid, number),
                unique=True,
                timeout=JOB_TIMEOUT,
                result_ttl=86400,  # a repeated dispatch within a day finds the job: no resend
                failure_ttl=86400,
                retry=Retry(max=len(self.settings.retry), interval=list(self.settings.retry)),
            )
        except DuplicateJobError:
            return False
        return True

    def recover(self, older_ms: int = DISPATCH_AFTER_MS) -> int:
        """Dispatch the feed numbers pending longer than `older_ms` of every key with
        endpoints (a relay that died before its dispatch); the recovery loop's step."""
        keys = sorted(m.decode() for m in cast(set[bytes], self.redis.smembers(WEBHOOK_KEYS_INDEX)))
        if not keys:
            return 0
        upto = (int(time.time() * 1000) - older_ms) * 1000
        with self.redis.pipeline(transaction=False) as pipe:
            for key_id in keys:
                pipe.zrangebyscore(pending_key(key_id), "-inf", upto, start=0, num=500)
            found = pipe.execute()
        enqueued = 0
        for key_id, members in zip(keys, found, strict=True):
            if members:
                enqueued += self.dispatch(key_id, [int(m) for m in members])
        return enqueued

    # --- delivery (the RQ job) ---------------------------------------------------------------

    def deliver(self, key_id: str, eid: str, number: int, kind: str, data: str) -> str:
        """One attempt at one delivery, in a slot of its key and endpoint, or deferred when
        they are full; raises `DeliveryFailed` for RQ to retry it."""
        job = get_current_job()
        if job is None:  # called outside a worker: no slots to share
            return self._deliver(key_id, eid, number, kind, data)
        attempt = partial(self._deliver, key_id, eid, number, kind, data)
        return self.gate.run(job, key_id, eid, job_id(eid, number), attempt)

    def _deliver(self, key_id: str, eid: str, number: int, kind: str, data: str) -> str:
        raw = self._load(key_id, eid)
        msg = message_id(key_id, number)
        now = time.time()
        record = self._record(key_id, eid, msg) or {
            "id": msg,
            "type": kind,
            "feed_id": str(number),
            "status": "pending",
            "attempts": 0,
            "status_code": None,
            "last_error": None,
            "created": iso(now),
            "last_attempt": None,
            "next_attempt": None,
        }
        if not raw:
            return "gone"  # the endpoint was deleted (with its log)
        if int(raw.get("disabled", 0)):
            self._save(key_id, eid, {**record, "status": "skipped", "next_attempt": None})
            return "disabled"
        entry = cast(JSON, loads(data))
        entry.pop("type", None)
        body = dumps_sorted({"type": kind, "timestamp": iso(number // 1_000_000), "data": entry})
        started = time.monotonic()
        code, error = self._attempt(raw, msg, body)
        took_ms = int((time.monotonic() - started) * 1000)
        self.gate.timed(key_id, eid, took_ms)  # how long the next deferral waits
        record.update(attempts=int(record["attempts"]) + 1, status_code=code, last_error=error)
        record["last_attempt"] = iso(now)
        if error is None:
            record.update(status="delivered", next_attempt=None)
            self._save(key_id, eid, record)
            self._succeeded(key_id, eid)
            return "delivered"
        job = get_current_job()
        retry_in = job.get_retry_interval() if job is not None and job.retries_left else None
        if not self._failed_attempt(key_id, eid, raw, now) and retry_in is not None:
            record.update(status="retrying", next_attempt=iso(now + retry_in))
            self._save(key_id, eid, record)
            raise DeliveryFailed(error)
        record.update(status="failed", next_attempt=None)
        self._save(key_id, eid, record)
        self.redis.hincrby(endpoint_key(key_id, eid), "failed", 1)
        return "failed"

    def _attempt(
        self, raw: Mapping[str, Any], msg: str, body: bytes
    ) -> tuple[int | None, str | None]:
        """(HTTP status, None) on a 2xx, else (status or None, what went wrong)."""
        try:
            target = resolve(raw["url"], self.settings.allowed)
            at = datetime.now(UTC)
            headers = {
                "webhook-id": msg,
                "webhook-timestamp": str(int(at.timestamp())),
                "webhook-signature": Webhook(raw["secret"]).sign(msg, at, body.decode()),
            }
            code = post(target, headers, body, self.settings.timeout)
        except Refused as exc:
            return None, str(exc)
        except httpx.TimeoutException:
            return None, "timed out"
        except (httpx.HTTPError, OSError) as exc:
            return None, f"could not connect ({type(exc).__name__})"
        if 200 <= code < 300:
            return code, None
        return code, f"answered HTTP {code}"

    def _failed_attempt(self, key_id: str, eid: str, raw: Mapping[str, Any], now: float) -> bool:
        """Record a failed attempt; disable the endpoint once it has failed, without a
        success, for `disable_after` seconds. True when it is (now) disabled."""
        key = endpoint_key(key_id, eid)
        since = int(raw.get("failing_since", 0)) or int(now)
        if not int(raw.get("failing_since", 0)):
            self.redis.hset(key, "failing_since", since)
        if now - since < self.settings.disable_after:
            return False
        reason = f"every delivery failed for {self.settings.disable_after} s"
        self.redis.hset(key, mapping={"disabled": int(now), "reason": reason})
        log.warning("app key %s: webhook endpoint %s disabled (%s)", key_id, eid, reason)
        return True

    def _succeeded(self, key_id: str, eid: str) -> None:
        with self.redis.pipeline(transaction=True) as pipe:
            pipe.hset(endpoint_key(key_id, eid), "failing_since", 0)
            pipe.hincrby(endpoint_key(key_id, eid), "delivered", 1)
            pipe.execute()

    def _record(self, key_id: str, eid: str, msg: str) -> JSON | None:
        raw = cast(bytes | None, self.redis.hget(log_key(key_id, eid), msg))
        return None if raw is None else cast(JSON, loads(raw))

    def _save(self, key_id: str, eid: str, record: JSON) -> None:
        """Write a delivery into the endpoint's log, which keeps the latest `LOG_SIZE` (and
        only while the endpoint exists)."""
        if not self.redis.exists(endpoint_key(key_id, eid)):
            return
        order, entries = order_key(key_id, eid), log_key(key_id, eid)
        with self.redis.pipeline(transaction=True) as pipe:
            pipe.hset(entries, record["id"], dumps_sorted(record))
            pipe.zadd(order, {record["id"]: int(record["feed_id"])}, nx=True)
            pipe.zrange(order, 0, -LOG_SIZE - 1)
            old = pipe.execute()[2]
        if old:
            with self.redis.pipeline(transaction=True) as pipe:
                pipe.zrem(order, *old)
                pipe.hdel(entries, *old)
                pipe.execute()
