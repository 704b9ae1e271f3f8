"""A table to test against: `setduel serve` on loopback with a computer player, the rules of Set, and
the checks every browser script counts its failures with."""

import itertools
import os
import re
import subprocess
import sys
import time


failures = []


def check(condition, message):
    """Counts a failure, and says it at once, unless `condition` holds."""
    if not condition:
        failures.append(message)
        print("FAIL:", message, flush=True)


def wait_until(page, predicate, message, tries=100):
    """Whether `predicate()` comes to hold within `tries` looks 0.1 s apart; a failure if it never does."""
    for _ in range(tries):
        if predicate():
            return True
        page.wait_for_timeout(100)
    check(False, message)
    return False


def binary():
    return os.environ.get("SETDUEL_BINARY") or os.path.join(os.path.dirname(__file__), "..", "..", ".build", "debug", "setduel")


def serve(options):
    """`setduel serve` on 127.0.0.1, not announced, with `options`: the process and the port it says it
    serves on. Exits the script if the server does not start within 30 s."""
    process = subprocess.Popen(
        [binary(), "serve", "--host", "127.0.0.1", "--no-announce"] + list(options),
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    deadline = time.time() + 30
    while time.time() < deadline:
        line = process.stdout.readline()
        if not line:
            break
        found = re.search(r"serving on 127\.0\.0\.1:(\d+)", line)
        if found:
            return process, int(found.group(1))
    process.kill()
    process.wait()
    sys.exit("the server did not start")


class Table:
    """`setduel serve --bot` on 127.0.0.1 and a port of its own; stopped on exit."""

    def __init__(self, bot="easy", seed=7, extra=()):
        self.process, self.port = serve(
            ["--port", "0", "--no-records", "--seed", str(seed)] + (["--bot", bot] if bot else []) + list(extra))
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


def third(a, b):
    """The card that completes a and b to a set."""
    values = ("123", "RGP", "STO", "DOS")
    return "".join(x if x == y else next(v for v in values[i] if v not in (x, y)) for i, (x, y) in enumerate(zip(a, b)))


def find_ultra(slots):
    """Four slots whose cards split into two pairs completed by the same card, from {slot: code}, or None."""
    for four in itertools.combinations(sorted(slots), 4):
        a, b, c, d = [slots[s] for s in four]
        if third(a, b) == third(c, d) or third(a, c) == third(b, d) or third(a, d) == third(b, c):
            return four
    return None


def find_chain_set(slots, chain):
    """A set of one chain card and two table cards ({slot: code} each), or any set of table cards when
    there is no chain yet; None when there is none."""
    if not chain:
        return find_set(slots)
    for link in sorted(chain):
        for pair in itertools.combinations(sorted(slots), 2):
            if is_set([chain[link]] + [slots[s] for s in pair]):
                return pair + (link,)
    return None
