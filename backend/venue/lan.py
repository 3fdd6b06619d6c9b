"""Where phones find this machine: its addresses on the club's network.

A QR code is only useful if a phone on the venue's Wi-Fi can open it, so links never point at
127.0.0.1 when the server is reachable from the LAN. We read the interfaces' IPv4 addresses
(Linux ioctl; elsewhere the host name's addresses) and rank the one the default route leaves
from first: on a laptop with Wi-Fi and a Docker bridge that is the Wi-Fi address.
"""

from __future__ import annotations

import ipaddress
import socket
import struct
import sys
from urllib.parse import urlsplit

# Interfaces phones never reach: container and VM bridges, the loopback.
RFC1918 = tuple(ipaddress.IPv4Network(n) for n in ("10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16"))
VIRTUAL_PREFIXES = ("lo", "docker", "br-", "veth", "virbr", "vmnet", "vboxnet", "cni", "flannel", "podman")
SIOCGIFADDR = 0x8915


def _interface_addresses() -> list[tuple[str, str]]:
    """(interface, IPv4 address) pairs; empty where the platform cannot list them."""
    if not sys.platform.startswith("linux"):
        return []
    import fcntl

    found = []
    for _, name in socket.if_nameindex():
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            try:
                packed = fcntl.ioctl(s.fileno(), SIOCGIFADDR, struct.pack("256s", name.encode()[:15]))
            except OSError:  # no IPv4 address on this interface
                continue
        found.append((name, socket.inet_ntoa(packed[20:24])))
    return found


def _route_address() -> str | None:
    """The address the default route leaves from (a UDP connect sends no packet)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("10.255.255.255", 1))
            return s.getsockname()[0]
        except OSError:
            return None


def _hostname_addresses() -> list[str]:
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        return []
    return [str(info[4][0]) for info in infos]


def usable(address: str) -> bool:
    """An address another device on the network could reach."""
    try:
        ip = ipaddress.IPv4Address(address)
    except ValueError:
        return False
    return not (ip.is_loopback or ip.is_link_local or ip.is_unspecified or ip.is_multicast)


def rank_addresses(interfaces: list[tuple[str, str]], route: str | None, by_name: list[str]) -> list[str]:
    """The addresses phones can use, best first: the default route's, then private (RFC 1918)
    ones, then the rest; virtual bridges left out. Pure, so the choice is tested."""
    candidates = [addr for name, addr in interfaces if not name.startswith(VIRTUAL_PREFIXES)]
    candidates += by_name
    if route:
        candidates.insert(0, route)
    seen: list[str] = []
    for addr in candidates:
        if usable(addr) and addr not in seen:
            seen.append(addr)
    first = seen[:1] if route in seen else []
    rest = [a for a in seen if a not in first]
    rest.sort(key=lambda a: 0 if any(ipaddress.IPv4Address(a) in n for n in RFC1918) else 1)  # stable
    return first + rest


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses that phones on the network can open, best first."""
    return rank_addresses(_interface_addresses(), _route_address(), _hostname_addresses())


def is_loopback_url(url: str) -> bool:
    """True when no other device could open this URL (127.x, ::1, localhost)."""
    host = (urlsplit(url).hostname or "").lower()
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback or ipaddress.ip_address(host).is_unspecified
    except ValueError:
        return False
