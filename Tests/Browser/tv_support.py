"""What the projector page's tests share: a served hall with a tournament, a machine client of the
line protocol, bots that enter, and the page's standings read from its hooks."""

import os
import shutil
import socket
import subprocess
import tempfile
import time

from table import binary, check, failures, serve  # check and failures: the ones every script counts by

ORGANISER = "NAME org 8cTq2VbX0rLm5YwJ"
SHOTS = os.environ.get("TV_SHOTS", "/tmp/setduel-tv")


def wait_for(page, script, message, seconds=30):
    """Whether `script` came true in the page within `seconds`; a failure if not."""
    deadline = time.time() + seconds
    while time.time() < deadline:
        if page.evaluate(script):
            return True
        time.sleep(0.25)
    check(False, message)
    return False


def shoot(page, label):
    path = os.path.join(SHOTS, label + ".png")
    page.screenshot(path=path)
    return path


class Hall:
    """`setduel serve` on 127.0.0.1 (port 0 unless told), recording to a folder of its own."""

    def __init__(self, options=(), port=0, folder=None):
        self.folder = folder or tempfile.mkdtemp(prefix="setduel-tv-")
        self.bots = []
        self.process, self.port = serve(
            ["--port", str(port), "--seed", "7", "--records", os.path.join(self.folder, "records"),
             "--log-level", "warning"] + list(options))
        self.url = "http://127.0.0.1:%d/" % self.port

    def bot(self, name):
        self.bots.append(subprocess.Popen(
            [binary(), "bot", "127.0.0.1:%d" % self.port, "--enter", "--level", "hard", "--name", name],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))

    def stop(self, remove=True):
        for bot in self.bots:
            if bot.poll() is None:
                bot.terminate()
        for bot in self.bots:
            try:
                bot.wait(10)
            except subprocess.TimeoutExpired:
                bot.kill()
        self.bots = []
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
        if remove:
            shutil.rmtree(self.folder, ignore_errors=True)


class Line:
    """A client of the line protocol in the machine presentation."""

    def __init__(self, port):
        self.port = port
        self.connect()

    def connect(self):
        self.sock = socket.create_connection(("127.0.0.1", self.port), timeout=20)
        self.buffer = b""
        self.sock.sendall(b"MODE MACHINE\r\n")
        while not self.read().startswith("OK MODE"):
            pass

    def read(self):
        while b"\r\n" not in self.buffer:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise ConnectionError("the server closed the connection")
            self.buffer += chunk
        line, self.buffer = self.buffer.split(b"\r\n", 1)
        return line.decode()

    def request(self, line):
        """The lines before the reply, and the reply (an OK, ERR or PONG line). A connection that
        never names itself is closed after the server's idle timeout: one silent for longer (while
        the test waits on a page) connects again, as a watcher would."""
        try:
            self.sock.sendall(line.encode() + b"\r\n")
            return self.answer()
        except (OSError, ConnectionError):
            self.sock.close()
            self.connect()
            self.sock.sendall(line.encode() + b"\r\n")
            return self.answer()

    def answer(self):
        before = []
        while True:
            got = self.read()
            if got.startswith(("OK", "ERR", "PONG")):
                return before, got
            before.append(got)

    def standings(self):
        """The server's standings as the page shows them: rank, name, points, first tie-break. Asked
        again after a second when refused as too often (10 in 10 s)."""
        for _ in range(15):
            lines, reply = self.request("STANDINGS")
            if not reply.startswith("ERR RATE_LIMITED"):
                break
            time.sleep(1)
        if not reply.startswith("OK STANDINGS"):
            return None
        rows = []
        for line in lines:
            w = line.split(" ")
            if w[0] == "STANDING":
                rows.append([w[1], w[2], w[3], w[4].split(",")[0].split("=")[1]])
        return rows

    def peek(self, table):
        """Table `table`'s cards as PEEK gives them, in slot order (a chain's X, Y, Z left out)."""
        _, reply = self.request("PEEK %s" % table)
        if not reply.startswith("OK PEEK"):
            return None
        pairs = [word.split("=") for word in reply.split(" ")[5:]]
        return [card for slot, card in pairs if slot not in ("X", "Y", "Z")]

    def state(self):
        _, reply = self.request("TOURNAMENT")
        return reply.split(" ")[3] if reply.startswith("OK TOURNAMENT") else reply

    def fastest(self):
        """The fastest set a finished tournament's TOURNAMENT tells: (milliseconds, name), or None."""
        _, reply = self.request("TOURNAMENT")
        words = reply.split(" ")
        return (int(words[6]), words[7]) if reply.startswith("OK TOURNAMENT") and len(words) >= 8 else None


def page_standings(page):
    """The standings the page holds, every page of them, from its rows' hooks."""
    return page.evaluate("""Array.from(document.querySelectorAll('#tv-rows tr')).map(r =>
        [r.dataset.rank, r.dataset.name, r.dataset.points, r.dataset.tiebreak])""")


def decode_qr(path):
    """The text zbarimg reads from the image at `path`, or None."""
    done = subprocess.run(["zbarimg", "--raw", "-q", path], capture_output=True, text=True)
    return done.stdout.strip() if done.returncode == 0 else None
