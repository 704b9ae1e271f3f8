"""An independent WebSocket client (Python's `websockets`) plays a whole game against `serve --bot`,
then raw sockets check what RFC 6455 asks of the server: masking, fragmentation with control frames
between, ping, close codes, Origin, version, size limits, and that a misbehaving connection leaves the
others alone. Exits 0 when everything held."""

import asyncio
import base64
import os
import socket
import struct
import sys
import time

import websockets

from table import Table, check, failures, find_set


# MARK: - A whole game over websockets


async def play_whole_game(table):
    url = "ws://127.0.0.1:%d/ws" % table.port
    origin = "http://127.0.0.1:%d" % table.port
    async with websockets.connect(url, origin=origin, max_size=2 ** 16) as ws:
        banner = await ws.recv()
        check(banner.startswith("SETDUEL 1 "), "no banner over the WebSocket: %r" % banner)
        await ws.send("MODE MACHINE")
        check(await ws.recv() == "OK MODE machine", "MODE MACHINE was not answered")
        # The library's own ping, answered by the server's pong.
        pong = await ws.ping(b"rtt")
        await asyncio.wait_for(pong, 5)
        await ws.send("NAME pyclient")
        slots, over, sets, seq = {}, None, 0, 0
        deadline = time.time() + 240
        phase_open = False
        while over is None and time.time() < deadline:
            try:
                line = await asyncio.wait_for(ws.recv(), 0.4)
            except asyncio.TimeoutError:
                line = None
            if line is not None:
                check("\n" not in line and "\r" not in line, "a message holds a line break")
                words = line.split(" ")
                verb = words[0]
                if verb == "START":
                    slots = dict(pair.split("=") for pair in words[4:])
                    phase_open = True
                elif verb == "DIFF":
                    changes = words[4:]
                    for change in changes:
                        if change.startswith("-"):
                            slots.pop(change[1:], None)
                    for change in changes:
                        if ">" in change:
                            source, rest = change.split(">")
                            target, card = rest.split("=")
                            slots.pop(source, None)
                            slots[target] = card
                    for change in changes:
                        if change.startswith("+"):
                            slot, card = change[1:].split("=")
                            slots[slot] = card
                elif verb == "OPEN":
                    phase_open = True
                elif verb in ("CLAIM", "TURN"):
                    phase_open = False
                elif verb == "SET" and words[2] == "1":
                    sets += 1
                elif verb == "OVER":
                    over = words
                # An event's second word is its number; other lines (NOTICE, MOOD, ...) carry none.
                if verb not in ("OK", "ERR", "PONG", "RULES", "TABLE", "PLAYER", "NOTICE", "MOOD") and words[1:2] and words[1].isdigit():
                    seq = max(seq, int(words[1]))
                continue
            if not phase_open or not slots:
                continue
            trio = find_set(slots)
            if trio:
                await ws.send("PICK %s #%d" % (" ".join(trio), seq))
            else:
                await ws.send("DEAL")
        check(over is not None, "the game over the WebSocket did not end")
        check(sets > 0, "the WebSocket client found no set")
        await ws.close()
        print("websocket: a whole game, %d sets found, %s" % (sets, " ".join(over or [])), flush=True)


# MARK: - Raw frames


def connect_and_send(port, data):
    """A connection that has sent `data` within 1 s of connecting. The server takes a connection that
    stays silent for 2 s for a person on nc; a machine loaded past reason could hold this script up
    that long between connecting and sending, so a connection that sent late is opened again."""
    for attempt in range(5):
        started = time.monotonic()
        sock = socket.create_connection(("127.0.0.1", port), timeout=5)
        sock.sendall(data)
        if time.monotonic() - started <= 1.0 or attempt == 4:
            return sock
        sock.close()


def handshake(port, path="/ws", origin=True, version="13", extra=""):
    key = base64.b64encode(os.urandom(16)).decode()
    request = "GET %s HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n" % (path, port)
    if origin is True:
        request += "Origin: http://127.0.0.1:%d\r\n" % port
    elif origin:
        request += "Origin: %s\r\n" % origin
    request += ("Upgrade: websocket\r\nConnection: keep-alive, Upgrade\r\nSec-WebSocket-Version: %s\r\n"
                "Sec-WebSocket-Key: %s\r\n%s\r\n") % (version, key, extra)
    sock = connect_and_send(port, request.encode())
    head = b""
    while b"\r\n\r\n" not in head:
        chunk = sock.recv(4096)
        if not chunk:
            break
        head += chunk
    status = int(head.split(b" ")[1]) if head.startswith(b"HTTP/") else 0
    rest = head.split(b"\r\n\r\n", 1)[1] if b"\r\n\r\n" in head else b""
    return sock, status, head, rest


def frame(opcode, payload, fin=True, masked=True, length=None):
    first = (0x80 if fin else 0) | opcode
    n = len(payload) if length is None else length
    mask_bit = 0x80 if masked else 0
    if n < 126:
        header = struct.pack("!BB", first, mask_bit | n)
    elif n < 65536:
        header = struct.pack("!BBH", first, mask_bit | 126, n)
    else:
        header = struct.pack("!BBQ", first, mask_bit | 127, n)
    if not masked:
        return header + payload
    mask = os.urandom(4)
    return header + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))


class Reader:
    def __init__(self, sock, initial=b""):
        self.sock, self.buffer = sock, initial

    def need(self, n):
        while len(self.buffer) < n:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise EOFError
            self.buffer += chunk
        data, self.buffer = self.buffer[:n], self.buffer[n:]
        return data

    def frame(self):
        first, second = self.need(2)
        check(second & 0x80 == 0, "the server masked a frame")
        n = second & 0x7F
        if n == 126:
            n = struct.unpack("!H", self.need(2))[0]
        elif n == 127:
            n = struct.unpack("!Q", self.need(8))[0]
        return first & 0x0F, self.need(n)

    def until(self, opcode, limit=200):
        for _ in range(limit):
            op, payload = self.frame()
            if op == opcode:
                return payload
        raise AssertionError("no frame %d" % opcode)


def close_code(payload):
    return struct.unpack("!H", payload[:2])[0] if len(payload) >= 2 else None


def expect_close(port, frames, code, label):
    sock, status, _, rest = handshake(port)
    check(status == 101, "%s: the upgrade failed (%d)" % (label, status))
    reader = Reader(sock, rest)
    try:
        reader.until(1)  # the banner
        sock.sendall(frames)
        payload = reader.until(8)
        check(close_code(payload) == code, "%s: closed with %s, not %d" % (label, close_code(payload), code))
    except (EOFError, AssertionError, socket.timeout) as error:
        check(False, "%s: no close frame (%s)" % (label, error))
    sock.close()


def raw_checks(port):
    # A line client on the same port still works, and the page is served.
    line = socket.create_connection(("127.0.0.1", port), timeout=5)
    line.sendall(b"PING line\n")
    data = b""
    while b"PONG line" not in data:
        chunk = line.recv(4096)
        if not chunk:
            break
        data += chunk
    check(b"SETDUEL 1" in data and b"PONG line" in data, "a line client is not served beside browsers")

    # A browser kept open beside every bad connection below must notice nothing.
    keeper, status, _, rest = handshake(port)
    keeper_reader = Reader(keeper, rest)
    keeper_reader.until(1)

    # Fragmentation with a ping between the fragments; the pong comes first, then the reply.
    sock, status, _, rest = handshake(port)
    reader = Reader(sock, rest)
    reader.until(1)
    sock.sendall(frame(1, b"PI", fin=False) + frame(9, b"hi") + frame(0, b"NG frag"))
    check(reader.until(10) == b"hi", "a ping between fragments was not answered with its payload")
    check(reader.until(1) == b"PONG frag", "fragments were not joined into one line")
    # Close with a code and a reason: the code is echoed.
    sock.sendall(frame(8, struct.pack("!H", 1000) + b"bye"))
    check(close_code(reader.until(8)) == 1000, "a close was not echoed with its code")
    sock.close()
    # Close without a code: the echo has no code (1005 is never sent).
    sock, status, _, rest = handshake(port)
    reader = Reader(sock, rest)
    reader.until(1)
    sock.sendall(frame(8, b""))
    check(reader.until(8) == b"", "a close without a code was not echoed empty")
    sock.close()

    expect_close(port, frame(1, b"PING x", masked=False), 1002, "an unmasked frame")
    expect_close(port, frame(1, b"x" * 1025), 1009, "a message over the line limit")
    expect_close(port, frame(1, b"\xc3\x28"), 1007, "invalid UTF-8")
    expect_close(port, struct.pack("!BBQ", 0x81, 0xFF, 1 << 63) + os.urandom(4), 1002, "a 2^63 length")
    expect_close(port, struct.pack("!BBQ", 0x81, 0xFF, (1 << 63) - 1) + os.urandom(4), 1009, "a 2^63-1 length")
    expect_close(port, bytes([0xC1]) + frame(1, b"x")[1:], 1002, "a reserved bit")
    expect_close(port, frame(2, b"\x00\x01"), 1003, "a binary message")
    # A ping flood is cut off like a flood of lines.
    expect_close(port, b"".join(frame(9, b"p") for _ in range(400)), 1008, "a ping flood")
    # A message of exactly the limit is a line (an unknown command, answered with ERR).
    sock, status, _, rest = handshake(port)
    reader = Reader(sock, rest)
    reader.until(1)
    sock.sendall(frame(1, b"x" * 1024))
    check(reader.until(1).startswith(b"ERR "), "a message of 1024 bytes was not read as a line")
    sock.close()

    # HTTP refusals.
    for label, kwargs, status_wanted in [
        ("a foreign Origin", {"origin": "http://evil.example"}, 403),
        ("version 8", {"version": "8"}, 426),
        ("an upgrade on another path", {"path": "/other"}, 404),
    ]:
        sock, status, head, _ = handshake(port, **kwargs)
        check(status == status_wanted, "%s: status %d, not %d" % (label, status, status_wanted))
        if status_wanted == 426:
            check(b"Sec-WebSocket-Version: 13" in head, "426 does not name version 13")
        sock.close()
    big = connect_and_send(port, b"GET / HTTP/1.1\r\nHost: x\r\nX-Big: ")
    try:
        big.sendall(b"a" * (1 << 20))
    except OSError:
        pass
    answer = big.recv(4096)
    check(answer.startswith(b"HTTP/1.1 431 "), "a 1 MB header was not refused with 431: %r" % answer[:40])
    big.close()
    for method, status_wanted in [("GET /", 200), ("HEAD /", 200), ("GET /nothing", 404)]:
        sock = connect_and_send(port, ("%s HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n" % method).encode())
        data = b""
        while True:
            chunk = sock.recv(65536)
            if not chunk:
                break
            data += chunk
        check(data.startswith(("HTTP/1.1 %d " % status_wanted).encode()), "%s: %r" % (method, data[:30]))
        if status_wanted == 200:
            check(b"Content-Security-Policy: " in data and b"connect-src 'self'" in data, "no CSP on the page")
            check(b"X-Content-Type-Options: nosniff" in data, "no nosniff on the page")
        sock.close()

    # The browser kept open still plays.
    keeper.sendall(frame(1, b"PING still"))
    check(keeper_reader.until(1) == b"PONG still", "a browser noticed the other connections' faults")
    keeper.close()


def server_full(port):
    """Past --max-connections, a WebSocket is told in a text message and closed with 1013; a line
    client still gets the line; the page itself is still served."""
    held = socket.create_connection(("127.0.0.1", port), timeout=5)
    held.recv(4096)  # The banner: the one place is taken.
    sock, status, _, rest = handshake(port)
    check(status == 101, "server full: the upgrade failed (%d)" % status)
    reader = Reader(sock, rest)
    try:
        op, text = reader.frame()
        check(op == 1 and text == b"ERR SERVER_FULL the server is full", "server full: the first frame is %d %r" % (op, text))
        payload = reader.until(8)
        check(close_code(payload) == 1013, "server full: closed with %s, not 1013" % close_code(payload))
    except (EOFError, AssertionError, socket.timeout) as error:
        check(False, "server full: no text message and close frame (%s)" % error)
    sock.close()
    line = socket.create_connection(("127.0.0.1", port), timeout=5)
    data = b""
    try:
        while b"\r\n" not in data:
            chunk = line.recv(4096)
            if not chunk:
                break
            data += chunk
    except socket.timeout:
        pass
    check(data == b"ERR SERVER_FULL the server is full\r\n", "server full: a line client got %r" % data)
    line.close()
    page = connect_and_send(port, b"GET / HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nConnection: close\r\n\r\n" % port)
    answer = b""
    try:
        while True:
            chunk = page.recv(65536)
            if not chunk:
                break
            answer += chunk
    except socket.timeout:
        pass
    check(answer.startswith(b"HTTP/1.1 200"), "server full: the page was not served: %r" % answer[:40])
    page.close()
    held.close()


def main():
    with Table(seed=3) as table:
        asyncio.run(play_whole_game(table))
    with Table(bot=None) as table:
        raw_checks(table.port)
    with Table(bot=None, extra=["--max-connections", "1"]) as table:
        server_full(table.port)
    print("%d passed, %d failed" % (0 if failures else 1, 1 if failures else 0))
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
