"""Another laptop on this machine: a host name and a Wi-Fi address of its own.

A restore on a replacement laptop is only tested for real when the server there sees another host
name and another address. `Laptop` makes fresh UTS and network namespaces (a process holds them:
`unshare`), gives them a host name and an interface `wlan0` with the address (no router behind it),
and `with laptop:` moves this thread into them: the servers, `pokerfloor` commands, requests and
openssl started inside see only that laptop's name and network (as a phone on its Wi-Fi would).
Needs root (setns into the namespaces); the host's own network is never touched.

    with Laptop("sparelaptop", "10.0.0.57/24") as spare:
        ServerProcess(var, args=["--https"]).start()   # listens on 10.0.0.57
        spare.readdress("192.168.1.20/24")              # the router's reservation moved to it
"""

from __future__ import annotations

import ctypes
import os
import shutil
import subprocess
import time

CLONE_NEWNET = 0x40000000
CLONE_NEWUTS = 0x04000000
_NAMESPACES = (("net", CLONE_NEWNET), ("uts", CLONE_NEWUTS))


def why_not() -> str:
    """Why laptops cannot be made here ("" when they can)."""
    if os.geteuid() != 0:
        return "needs root (setns into a network namespace of its own)"
    for tool in ("unshare", "ip"):
        if not shutil.which(tool):
            return f"needs `{tool}` (util-linux / iproute2)"
    return ""


def _setns(fd: int, kind: int) -> None:
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.setns(fd, kind) != 0:
        err = ctypes.get_errno()
        raise OSError(err, os.strerror(err))


class Laptop:
    def __init__(self, hostname: str, address: str):
        self.hostname, self.address = hostname, address
        setup = "; ".join(
            [
                "set -e",
                f"hostname {hostname}",
                "ip link set lo up",
                # a veth pair is the one device every kernel here can make in a namespace
                "ip link add wlan0 type veth peer name router0",
                "ip link set router0 up",
                "ip link set wlan0 up",
                f"ip addr add {address} dev wlan0",
                # no default route: with no router behind, DNS look-ups fail at once instead of timing out
                "echo ready",
                "exec sleep 3600",
            ]
        )
        self.holder = subprocess.Popen(
            ["unshare", "--net", "--uts", "sh", "-c", setup], stdout=subprocess.PIPE, stderr=subprocess.STDOUT
        )
        line = self.holder.stdout.readline().decode().strip() if self.holder.stdout else ""
        if line != "ready":
            self.holder.kill()
            raise RuntimeError(f"could not make laptop {hostname}: {line}")
        self._mine: list[int] = []
        self._home: list[int] = []

    @property
    def ip(self) -> str:
        return self.address.split("/")[0]

    def __enter__(self) -> Laptop:
        self._home = [os.open(f"/proc/self/ns/{name}", os.O_RDONLY) for name, _ in _NAMESPACES]
        self._mine = [os.open(f"/proc/{self.holder.pid}/ns/{name}", os.O_RDONLY) for name, _ in _NAMESPACES]
        for fd, (_, kind) in zip(self._mine, _NAMESPACES, strict=True):
            _setns(fd, kind)
        return self

    def __exit__(self, *exc) -> None:
        for fd, (_, kind) in zip(self._home, _NAMESPACES, strict=True):
            _setns(fd, kind)
        for fd in [*self._home, *self._mine]:
            os.close(fd)
        self._home, self._mine = [], []

    def readdress(self, address: str) -> None:
        """Another address for wlan0 (call inside `with`): the router gave it another one."""
        subprocess.run(["ip", "addr", "flush", "dev", "wlan0"], check=True)
        subprocess.run(["ip", "addr", "add", address, "dev", "wlan0"], check=True)
        self.address = address
        time.sleep(0.05)

    def close(self) -> None:
        if self.holder.poll() is None:
            self.holder.kill()
            self.holder.wait(timeout=10)
        if self.holder.stdout:
            self.holder.stdout.close()
