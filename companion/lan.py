"""This laptop's address on the local network, found without sending a packet."""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable

LOOPBACK = "127.0.0.1"

# Private IPv4 ranges, best first: home and venue Wi-Fi is nearly always 192.168/16 or 10/8;
# 172.16/12 comes last because container bridges (docker0 is 172.17.0.1) live there.
PRIVATE_NETWORKS = (
    ipaddress.IPv4Network("192.168.0.0/16"),
    ipaddress.IPv4Network("10.0.0.0/8"),
    ipaddress.IPv4Network("172.16.0.0/12"),
)

# Adapters that are virtual networks inside this machine, not the room's network.
VIRTUAL_PREFIXES = (
    "docker",
    "br-",
    "veth",
    "virbr",
    "vmnet",
    "vboxnet",
    "lxc",
    "lxd",
    "podman",
    "cni",
    "flannel",
    "tun",
    "tap",
    "wg",
    "tailscale",
    "zt",
    "utun",
)
VIRTUAL_WORDS = ("virtual", "vmware", "hyper-v", "vethernet", "docker", "tailscale", "vpn")


def is_virtual_adapter(name: str) -> bool:
    """True for adapter names that look like a VM, container or VPN network."""
    lowered = name.lower()
    return lowered.startswith(VIRTUAL_PREFIXES) or any(w in lowered for w in VIRTUAL_WORDS)


def _rank(name: str, ip: ipaddress.IPv4Address) -> tuple[bool, int]:
    """Sort key: real adapters before virtual ones, then private ranges in preference order."""
    for position, network in enumerate(PRIVATE_NETWORKS):
        if ip in network:
            return (is_virtual_adapter(name), position)
    return (is_virtual_adapter(name), len(PRIVATE_NETWORKS))


def choose_address(adapters: Iterable[tuple[str, str]]) -> str:
    """Pick the IPv4 address phones should use from (adapter name, ip) pairs.

    Loopback, link-local, unspecified and multicast addresses are skipped, and so is anything
    that is not IPv4. A private address beats any other; among equals the first listed wins.
    Returns 127.0.0.1 when nothing usable is left (phones cannot join then).
    """
    candidates: list[tuple[tuple[bool, int], int, str]] = []
    for index, (name, text) in enumerate(adapters):
        try:
            ip = ipaddress.IPv4Address(text)
        except (ValueError, TypeError):
            continue
        if ip.is_loopback or ip.is_link_local or ip.is_unspecified or ip.is_multicast:
            continue
        candidates.append((_rank(name, ip), index, str(ip)))
    if not candidates:
        return LOOPBACK
    return min(candidates)[2]


def list_adapters() -> list[tuple[str, str]]:
    """This machine's (adapter name, IPv4 address) pairs, read from its network interfaces."""
    import ifaddr

    pairs: list[tuple[str, str]] = []
    for adapter in ifaddr.get_adapters():
        for ip in adapter.ips:
            if ip.is_IPv4:
                pairs.append((str(adapter.nice_name or adapter.name), str(ip.ip)))
    return pairs


def lan_address() -> str:
    """This laptop's best LAN IPv4 address, or 127.0.0.1 when it has none."""
    return choose_address(list_adapters())
