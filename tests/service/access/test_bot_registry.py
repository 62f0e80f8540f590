"""Bot identities (issue 25): an app key registers outside bots, listed next to the built-in
ones and marked by owner; names are unique for good; only the owner retires one; revoking the
key retires them all. Every refusal is a 4xx in the one error shape that changes nothing."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from testkit.svc_helpers import API, auth, expect

from bots import BOTS
from service.access.app_keys import AppKeys, Issued
from service.access.bot_registry import MAX_LIVE, BotRegistry, OutsideBot
from service.app_keys import main
from service.core.errors import ServiceError
from service.storage.keys import app_key_record

BOT = {"name": "trump-counter", "description": "Counts the trumps still out.", "games": ["duck"]}


@pytest.fixture()
def keyed(make_app: Callable[..., Flask]) -> Flask:
    return make_app(APP_KEYS="required")


@pytest.fixture()
def client(keyed: Flask) -> FlaskClient:
    return keyed.test_client()


@pytest.fixture()
def registry(keyed: Flask) -> BotRegistry:
    """The app's own registry (the layers'), on the keys' Redis."""
    found = keyed.extensions["duckpond"].registry
    assert isinstance(found, BotRegistry)
    return found


def register(client: FlaskClient, key: Issued | str | None, **body: Any) -> Any:
    headers = {} if key is None else auth(key if isinstance(key, str) else key.key)
    return client.post(f"{API}/bots", json={**BOT, **body}, headers=headers)


def retire(client: FlaskClient, key: Issued, name: str) -> Any:
    return client.delete(f"{API}/bots/{name}", headers=auth(key.key))


def stored(keys: AppKeys) -> dict[bytes, Any]:
    """Every bot record and index on the keys' Redis: what a refusal must leave as it was."""
    out: dict[bytes, Any] = {}
    for name in keys.redis.scan_iter("dp:bot*"):
        kind = keys.redis.type(name)
        out[name] = (
            keys.redis.hgetall(name)
            if kind == b"hash"
            else sorted(keys.redis.zrange(name, 0, -1))
            if kind == b"zset"
            else sorted(keys.redis.smembers(name))
        )
    for name in keys.redis.scan_iter("dp:appkey:*:bots"):
        out[name] = sorted(keys.redis.smembers(name))
    return out


def test_a_key_registers_bots_listed_next_to_the_built_in_ones(
    client: FlaskClient, keys: AppKeys
) -> None:
    acme, other = keys.issue("acme"), keys.issue("other lab")
    made = register(client, acme)
    assert made.status_code == 201, made.json
    bot = made.json
    assert bot["name"] == "trump-counter" and bot["kind"] == "outside"
    assert bot["owner"] == "acme" and acme.id not in str(bot)  # the key's name, not its id
    assert bot["games"] == ["duck"] and bot["description"] == BOT["description"]
    assert bot["retired"] is False and bot["created"] > 1_700_000_000_000
    assert (
        register(client, other, name="kontra", games=["doppelkopf", "doubleduck"]).status_code
        == 201
    )
    listed = client.get(f"{API}/bots").json["bots"]
    kinds = {b["name"]: b["kind"] for b in listed}
    assert kinds == {
        **dict.fromkeys(BOTS, "builtin"),
        "trump-counter": "outside",
        "kontra": "outside",
    }
    assert [b["name"] for b in listed] == [*sorted(BOTS), "kontra", "trump-counter"]
    by_name = {b["name"]: b for b in listed}
    assert by_name["kontra"]["owner"] == "other lab"
    assert by_name["kontra"]["games"] == ["doppelkopf", "doubleduck"]
    assert "owner" not in by_name["random"] and "levels" in by_name["search"]
    # One by name: outside and built-in alike; the listing needs no key.
    assert client.get(f"{API}/bots/trump-counter").json == bot
    assert client.get(f"{API}/bots/heuristic").json == {
        **BOTS["heuristic"].to_json(),
        "kind": "builtin",
    }
    expect(client.get(f"{API}/bots/nobody"), 404, "no_such_bot")
    expect(client.get(f"{API}/bots/Not%20a%20name"), 404, "no_such_bot")
    # The catalog's bots stay the built-in ones: a plain game's seats take only those.
    for game in client.get(f"{API}/catalog").json["games"]:
        assert set(game["bots"]) <= set(BOTS)


def test_names_are_checked_and_never_given_twice(client: FlaskClient, keys: AppKeys) -> None:
    acme, other = keys.issue("acme"), keys.issue("other")
    assert register(client, acme).status_code == 201
    before = stored(keys)
    for bad in (
        "ab",
        "Trump",
        "1abc",
        "-abc",
        "my bot",
        "a:b",
        "search:strong",
        "x" * 33,
        "",
        "ünï",
    ):
        expect(register(client, acme, name=bad), 422, "validation_error")
    for body in (
        {"games": []},
        {"games": ["chess"]},
        {"games": "duck"},
        {"name": 7},
        {"description": "x" * 501},
        {"owner": "someone else"},  # server-owned fields are refused, not taken
        {"retired": True},
    ):
        expect(register(client, acme, **body), 422, "validation_error")
    for builtin in BOTS:
        body = expect(register(client, acme, name=builtin), 409, "bot_name_taken")
        assert body["errors"]["name"] == builtin
    expect(register(client, other), 409, "bot_name_taken")  # another key's
    expect(register(client, acme), 409, "bot_name_taken")  # its own
    assert stored(keys) == before
    # A retired name stays taken, for its owner too: a result never changes hands.
    assert retire(client, acme, "trump-counter").status_code == 200
    before = stored(keys)
    expect(register(client, acme), 409, "bot_name_taken")
    expect(register(client, other), 409, "bot_name_taken")
    assert stored(keys) == before


def test_a_key_has_at_most_its_limit_of_live_bots(client: FlaskClient, keys: AppKeys) -> None:
    acme, other = keys.issue("acme"), keys.issue("other")
    for i in range(MAX_LIVE):
        assert register(client, acme, name=f"bot-{i:02}").status_code == 201
    before = stored(keys)
    body = expect(register(client, acme, name="one-more"), 409, "too_many_bots")
    assert body["errors"]["limit"] == MAX_LIVE
    assert stored(keys) == before
    assert register(client, other, name="theirs").status_code == 201  # per key
    assert retire(client, acme, "bot-07").status_code == 200  # a retired one frees its place
    assert register(client, acme, name="one-more").status_code == 201
    expect(register(client, acme, name="two-more"), 409, "too_many_bots")


def test_only_its_owner_retires_a_bot(
    client: FlaskClient, keys: AppKeys, registry: BotRegistry
) -> None:
    acme, other = keys.issue("acme"), keys.issue("other")
    assert register(client, acme).status_code == 201
    before = stored(keys)
    expect(retire(client, other, "trump-counter"), 403, "not_your_bot")
    expect(retire(client, other, "random"), 403, "not_your_bot")  # the service's own
    expect(retire(client, acme, "nobody"), 404, "no_such_bot")
    expect(client.delete(f"{API}/bots/trump-counter"), 401, "missing_app_key")
    expect(client.delete(f"{API}/bots/trump-counter", headers=auth("dpk_nope")), 401, "bad_app_key")
    assert stored(keys) == before
    assert registry.resolve("trump-counter", "duck").owner == acme.id
    retired = retire(client, acme, "trump-counter")
    assert retired.status_code == 200 and retired.json["retired"] is True
    assert retire(client, acme, "trump-counter").json == retired.json  # again: the same
    assert "trump-counter" not in {b["name"] for b in client.get(f"{API}/bots").json["bots"]}
    assert client.get(f"{API}/bots/trump-counter").json == retired.json  # retired ones too
    with pytest.raises(ServiceError) as refused:
        registry.resolve("trump-counter", "duck")
    assert refused.value.reason == "retired_bot"


def test_resolve_names_a_live_bot_that_plays_the_game(
    client: FlaskClient, keys: AppKeys, registry: BotRegistry
) -> None:
    acme = keys.issue("acme")
    made = register(client, acme, games=["duck", "ducksoup"]).json
    bot = registry.resolve("trump-counter", "ducksoup")
    assert bot == OutsideBot(
        "trump-counter", acme.id, "acme", BOT["description"], ("duck", "ducksoup"), False,
        made["created"],
    )  # fmt: skip
    for name, game in (
        ("nobody", "duck"),
        ("trump-counter", "doubleduck"),  # registered, but not for this game
        ("heuristic", "duck"),  # a built-in bot is no outside bot
        ("search:strong", "duck"),
        ("Trump-Counter", "duck"),
    ):
        with pytest.raises(ServiceError) as refused:
            registry.resolve(name, game)
        assert refused.value.reason == "unknown_bot", name


def test_revoking_a_key_retires_its_bots(
    client: FlaskClient, keys: AppKeys, registry: BotRegistry, capsys: pytest.CaptureFixture[str]
) -> None:
    acme, other = keys.issue("acme"), keys.issue("other")
    for name in ("first-bot", "second-bot"):
        assert register(client, acme, name=name).status_code == 201
    assert register(client, other, name="theirs").status_code == 201
    url = f"redis://127.0.0.1:{keys.redis.connection_pool.connection_kwargs['port']}/" + str(
        keys.redis.connection_pool.connection_kwargs["db"]
    )
    assert main(["--redis-url", url, "list"]) == 0
    lines = {line.split()[0]: line for line in capsys.readouterr().out.splitlines()}
    assert "bots=first-bot,second-bot" in lines[acme.id] and "bots=theirs" in lines[other.id]
    assert main(["--redis-url", url, "revoke", acme.id]) == 0  # AppKeys.revoke
    assert "bots retired" in capsys.readouterr().out
    # At once: the records say so.
    for name in ("first-bot", "second-bot"):
        assert int(keys.redis.hget(f"dp:bot:{name}", "retired") or 0) > 0
        assert client.get(f"{API}/bots/{name}").json["retired"] is True
        with pytest.raises(ServiceError) as refused:
            registry.resolve(name, "duck")
        assert refused.value.reason == "retired_bot"
    assert [
        b["name"] for b in client.get(f"{API}/bots").json["bots"] if b["kind"] == "outside"
    ] == ["theirs"]
    assert registry.resolve("theirs", "duck").owner == other.id
    # The key itself is refused, so it registers nothing more.
    expect(register(client, acme, name="third-bot"), 403, "app_key_revoked")
    expect(retire(client, acme, "first-bot"), 403, "app_key_revoked")
    # A revocation cut off before it retired the bots (or written by another path): the bots
    # of a revoked key read as retired all the same.
    assert register(client, other, name="cut-off").status_code == 201
    keys.redis.hset(app_key_record(other.id), "revoked", 1)
    assert int(keys.redis.hget("dp:bot:cut-off", "retired") or 0) == 0
    assert client.get(f"{API}/bots/cut-off").json["retired"] is True
    assert not [b for b in client.get(f"{API}/bots").json["bots"] if b["kind"] == "outside"]
    with pytest.raises(ServiceError) as refused:
        registry.resolve("cut-off", "duck")
    assert refused.value.reason == "retired_bot"


def test_registering_needs_an_app_key_even_with_keys_off(
    make_app: Callable[..., Flask], keys: AppKeys
) -> None:
    """Open creation (`APP_KEYS=off`) opens games and matches, not identities: a bot is its
    key's."""
    client = make_app(APP_KEYS="off").test_client()
    before = stored(keys)
    expect(register(client, None), 401, "missing_app_key")
    expect(register(client, "dpk_000000000000_" + "x" * 43), 401, "bad_app_key")
    expect(
        client.post(f"{API}/bots", data="{nope", headers={**auth(keys.issue("a").key),
                                                          "Content-Type": "application/json"}),
        400,
        "malformed_json",
    )  # fmt: skip
    assert stored(keys) == before
    assert register(client, keys.issue("acme")).status_code == 201
    assert client.get(f"{API}/bots").status_code == 200


def test_racing_registrations_keep_names_unique_and_the_limit(
    keys: AppKeys, registry: BotRegistry
) -> None:
    """One script decides each registration: of many keys racing for a name exactly one wins,
    and one key's racing registrations stop at its limit."""
    racers = [keys.verify(f"Bearer {keys.issue(f'k{i}').key}") for i in range(8)]
    acme = keys.verify(f"Bearer {keys.issue('acme').key}")
    assert acme is not None and all(racers)

    def attempt(args: tuple[Any, str]) -> str:
        key, name = args
        try:
            registry.register(key, name, "", ["duck"])
        except ServiceError as refused:
            return refused.reason
        return "ok"

    with ThreadPoolExecutor(8) as pool:
        same = list(pool.map(attempt, [(k, "contested") for k in racers] * 3))
        many = list(pool.map(attempt, [(acme, f"mine-{i:02}") for i in range(MAX_LIVE + 12)]))
    assert same.count("ok") == 1 and set(same) == {"ok", "bot_name_taken"}
    assert many.count("ok") == MAX_LIVE and set(many) == {"ok", "too_many_bots"}
    assert len(registry.of(acme.id)) == MAX_LIVE
