"""A table to test against: `setduel serve` on loopback with a computer player, and the rules of Set."""

import itertools
import os
import re
import subprocess
import sys
import time


def binary():
    return os.environ.get("SETDUEL_BINARY") or os.path.join(os.path.dirname(__file__), "..", "..", ".build", "debug", "setduel")


class Table:
    """`setduel serve --bot` on 127.0.0.1 and a port of its own; stopped on exit."""

    def __init__(self, bot="easy", seed=7, extra=()):
        self.process = subprocess.Popen(
            [binary(), "serve", "--host", "127.0.0.1", "--port", "0", "--no-announce", "--no-records",
             "--seed", str(seed)] + (["--bot", bot] if bot else []) + list(extra),
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        deadline = time.time() + 30
        self.port = None
        while time.time() < deadline:
            line = self.process.stdout.readline()
            if not line:
                break
            found = re.search(r"serving on 127\.0\.0\.1:(\d+)", line)
            if found:
                self.port = int(found.group(1))
                break
        if self.port is None:
            self.stop()
            sys.exit("the server did not start")
        self.url = "http://127.0.0.1:%d/" % self.port

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()

    def __enter__(self):
        return self

    def __exit__(self, *args):
        self.stop()


def is_set(cards):
    return all(len({card[i] for card in cards}) != 2 for i in range(4))


def find_set(slots):
    """Three slots whose cards make a set, from {slot: code}, or None."""
    for trio in itertools.combinations(sorted(slots), 3):
        if is_set([slots[s] for s in trio]):
            return trio
    return None
