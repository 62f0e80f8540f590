"""The webhook address guard judges the IPv4 inside every IPv6 form that carries one
(issue 31, item 14): a NAT64 or 6to4 gateway, or a Teredo relay, would otherwise take a
delivery to the loopback, a private network or the cloud's metadata address."""

from __future__ import annotations

import ipaddress

import pytest

from service.streams.webhooks import Refused, carried_ipv4, networks, resolve

REFUSED = [
    # (IPv6 literal, the form it is)
    ("64:ff9b::7f00:1", "NAT64 well-known, 127.0.0.1"),
    ("64:ff9b::a9fe:a9fe", "NAT64 well-known, 169.254.169.254"),
    ("64:ff9b::a00:1", "NAT64 well-known, 10.0.0.1"),
    ("64:ff9b:1::a00:1", "NAT64 local-use, 10.0.0.1"),
    ("64:ff9b:1::808:808", "NAT64 local-use: where its IPv4 sits is the network's choice"),
    ("2002:7f00:1::", "6to4, 127.0.0.1"),
    ("2002:a9fe:a9fe::1", "6to4, 169.254.169.254"),
    ("2002:c0a8:101::", "6to4, 192.168.1.1"),
    ("::127.0.0.1", "IPv4-compatible, 127.0.0.1"),
    ("::10.0.0.1", "IPv4-compatible, 10.0.0.1"),
    ("::ffff:0:7f00:1", "IPv4-translated, 127.0.0.1"),
    ("::ffff:0:a9fe:a9fe", "IPv4-translated, 169.254.169.254"),
    ("::ffff:127.0.0.1", "IPv4-mapped, 127.0.0.1"),
    ("::ffff:a9fe:a9fe", "IPv4-mapped, 169.254.169.254"),
    # Teredo: server 65.54.227.120, client 127.0.0.1 XOR-ed into the last 32 bits
    ("2001:0:4136:e378:8000:63bf:80ff:fffe", "Teredo, client 127.0.0.1"),
    ("2001:0:4136:e378:8000:63bf:f5ff:fffe", "Teredo, client 10.0.0.1"),
    ("::1", "the loopback itself"),
    ("fe80::1", "link-local"),
    ("fc00::1", "unique local"),
]

DELIVERED = [
    ("2001:4860:4860::8888", "a plain public IPv6 address"),
    ("64:ff9b::808:808", "NAT64 well-known, 8.8.8.8"),
    ("2002:808:808::1", "6to4, 8.8.8.8"),
    ("::ffff:0:808:808", "IPv4-translated, 8.8.8.8"),
]


@pytest.mark.parametrize(("literal", "form"), REFUSED)
def test_ipv6_forms_carrying_a_non_public_ipv4_are_refused(literal: str, form: str) -> None:
    with pytest.raises(Refused, match="private, loopback or link-local"):
        resolve(f"http://[{literal}]/hook", [])


@pytest.mark.parametrize(("literal", "form"), DELIVERED)
def test_ipv6_forms_carrying_a_public_ipv4_are_delivered_to(literal: str, form: str) -> None:
    target = resolve(f"https://[{literal}]/hook", [])
    assert target.addresses == (literal,) and target.port == 443


def test_an_allowed_network_covers_the_ipv4_a_form_carries() -> None:
    """The operator's `WEBHOOK_ALLOWED_NETWORKS` is judged against the IPv4 inside too."""
    allowed = networks("10.0.0.0/8")
    assert resolve("http://[64:ff9b::a00:1]/hook", allowed).addresses == ("64:ff9b::a00:1",)
    with pytest.raises(Refused):
        resolve("http://[64:ff9b::7f00:1]/hook", allowed)


def test_the_teredo_client_is_un_xored() -> None:
    carried = carried_ipv4(ipaddress.IPv6Address("2001:0:4136:e378:8000:63bf:80ff:fffe"))
    assert ipaddress.IPv4Address("127.0.0.1") in carried
