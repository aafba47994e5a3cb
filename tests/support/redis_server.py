"""A redis-server of a test's own on a free port, to stop and start again (fault tests)."""

import socket
import subprocess
import time


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class RedisServer:
    def __init__(self):
        self.port = free_port()
        self.process = None

    def start(self):
        self.process = subprocess.Popen(
            ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(100):
            ping = subprocess.run(["redis-cli", "-p", str(self.port), "ping"], capture_output=True, text=True)
            if ping.stdout.strip() == "PONG":
                return
            time.sleep(0.05)
        raise RuntimeError("redis-server did not start")

    def stop(self):
        """Kill it at once, as a crash would (queued tasks and cached values are lost)."""
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait(10)
