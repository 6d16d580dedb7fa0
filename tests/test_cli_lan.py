"""Choosing the LAN address phones use, from lists of (adapter name, ip) pairs."""

from __future__ import annotations

import ipaddress

import pytest

from companion import lan
from companion.lan import LOOPBACK, choose_address, is_virtual_adapter


@pytest.mark.parametrize(
    ("adapters", "expected"),
    [
        # the usual laptop on Wi-Fi
        ([("lo", "127.0.0.1"), ("wlan0", "192.168.1.23")], "192.168.1.23"),
        # private beats public, whatever the order
        ([("eth0", "203.0.113.7"), ("wlan0", "10.0.0.5")], "10.0.0.5"),
        # 192.168 before 10 before 172.16/12
        ([("a", "172.20.0.2"), ("b", "10.1.2.3"), ("c", "192.168.0.9")], "192.168.0.9"),
        ([("a", "172.20.0.2"), ("b", "10.1.2.3")], "10.1.2.3"),
        ([("eth0", "172.31.255.1")], "172.31.255.1"),
        # 172.32 is not in 172.16/12: a private 172.16 address still wins
        ([("x", "172.32.0.1"), ("y", "172.16.0.1")], "172.16.0.1"),
        # a container bridge is only used when there is nothing else
        ([("docker0", "172.17.0.1"), ("wlan0", "172.22.4.5")], "172.22.4.5"),
        ([("virbr0", "192.168.122.1"), ("eth0", "10.3.3.3")], "10.3.3.3"),
        ([("vEthernet (WSL)", "192.168.80.1"), ("Wi-Fi", "10.0.0.12")], "10.0.0.12"),
        ([("docker0", "172.17.0.1")], "172.17.0.1"),
        # a public or test-net address is better than none
        ([("lo", "127.0.0.1"), ("eth0", "192.0.2.2")], "192.0.2.2"),
        # link-local, loopback, IPv6 and junk are skipped
        ([("eth0", "169.254.10.1"), ("wlan0", "192.168.4.4")], "192.168.4.4"),
        ([("lo", "127.0.1.1"), ("eth0", "fe80::1"), ("eth1", "not an ip")], LOOPBACK),
        # among equals the first listed wins
        ([("eth0", "192.168.1.2"), ("wlan0", "192.168.1.3")], "192.168.1.2"),
    ],
)
def test_choose_address(adapters, expected):
    assert choose_address(adapters) == expected


def test_nothing_usable_falls_back_to_loopback():
    assert choose_address([]) == LOOPBACK
    assert choose_address([("lo", "127.0.0.1"), ("eth0", "169.254.3.3"), ("x", "0.0.0.0")]) == (
        LOOPBACK
    )


def test_virtual_adapter_names():
    for name in (
        "docker0",
        "br-5f2a",
        "veth12",
        "virbr0",
        "vboxnet0",
        "tailscale0",
        "wg0",
        "VirtualBox Host-Only Ethernet Adapter",
        "vEthernet (Default Switch)",
    ):
        assert is_virtual_adapter(name), name
    for name in ("eth0", "wlan0", "en0", "enp3s0", "wlp2s0", "Wi-Fi", "Ethernet"):
        assert not is_virtual_adapter(name), name


def test_list_adapters_reads_this_machine():
    pairs = lan.list_adapters()
    assert all(isinstance(name, str) for name, _ in pairs)
    assert all(isinstance(ipaddress.ip_address(ip), ipaddress.IPv4Address) for _, ip in pairs)
    assert lan.lan_address() == choose_address(pairs)
