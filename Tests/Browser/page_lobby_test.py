"""Headless Chromium at a hall of tables (`setduel serve --tables 3`): the page opens on the lobby, a
tile a table with those waiting for a player first; Join sits at table 2 and the address says #t=2; a
reload comes back to the seat there; a link to #t=2 lands a second player there and the game starts;
a third watches table 2 from its tile, then moves to table 3 by the address; Play the computer opens a
table with a bot in seat 2. Screenshots at 390x844 and 1366x768. Exits 0
when everything held."""

import os
import socket
import sys

from playwright.sync_api import sync_playwright

from table import Table, check, failures, wait_until

SHOTS = os.environ.get("SETDUEL_SCREENSHOTS", "/tmp/setduel-page-shots")


def hall(port):
    """The hall's tables as TABLES lists them: {id: words of its HALL line}."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as link:
        link.sendall(b"MODE MACHINE\r\nTABLES\r\n")
        data = b""
        while b"OK TABLES" not in data:
            chunk = link.recv(65536)
            if not chunk:
                break
            data += chunk
    tables = {}
    for line in data.decode().split("\r\n"):
        words = line.split(" ")
        if words[0] == "HALL" and len(words) >= 13:
            tables[int(words[1])] = words
    return tables


def shoot(page, label):
    size = page.viewport_size
    page.screenshot(path=os.path.join(SHOTS, "%s-%dx%d.png" % (label, size["width"], size["height"])))


def main():
    os.makedirs(SHOTS, exist_ok=True)
    with Table(bot=None, extra=["--tables", "3"]) as table, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=os.environ.get("CHROMIUM", "/usr/bin/chromium"), args=["--no-sandbox"])
        errors = []

        def open_page(width, height, address=""):
            page = browser.new_context(viewport={"width": width, "height": height}).new_page()
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.goto(table.url + address)
            return page

        # The lobby: a tile a table, all three waiting.
        ann = open_page(390, 844)
        ann.wait_for_selector(".tile", timeout=10000)
        tiles = ann.eval_on_selector_all(".tile", "els => els.map(e => e.dataset.table)")
        check(tiles == ["1", "2", "3"], "three tiles, by number: %s" % tiles)
        check(ann.is_hidden("#join"), "the lobby, not the name form, comes first")
        shoot(ann, "lobby")

        # Join table 2: the address names it, and the server has ann there.
        ann.fill("#lobby-name", "ann")
        ann.click('.tile[data-table="2"] button')
        ann.wait_for_selector("#lobby", state="hidden", timeout=10000)
        check(ann.evaluate("location.hash") == "#t=2", "the address names table 2: %s" % ann.evaluate("location.hash"))
        wait_until(ann, lambda: hall(table.port)[2][6] == "ann", "ann sits at table 2")
        check(hall(table.port)[1][6] == "-", "and not at table 1")
        # The page shows the seat once it has the seat's token (`OK NAME`), which the server sends after
        # seating ann: a reload before that would be a new visitor's, asked for a name.
        wait_until(ann, lambda: "ann (you)" in (ann.text_content("#scores") or ""), "ann's page shows her seat")

        # A reload comes back to the seat at table 2.
        ann.reload()
        wait_until(ann, lambda: "ann (you)" in (ann.text_content("#scores") or ""), "after a reload ann is back in her seat")
        check(ann.evaluate("location.hash") == "#t=2", "the reload stays at table 2")
        check(ann.is_hidden("#lobby"), "a reload at a table does not show the lobby")

        # A link to #t=2 lands bob there; the game starts.
        bob = open_page(1366, 768, "#t=2")
        bob.wait_for_selector("#join:not([hidden])", timeout=10000)
        bob.fill("#name", "bob")
        bob.click("#join-button")
        wait_until(bob, lambda: len(bob.query_selector_all("[data-card]")) >= 12, "the game starts at table 2")
        check(hall(table.port)[2][6:8] == ["ann", "bob"], "both at table 2: %s" % hall(table.port)[2])
        check(bob.is_visible("#to-lobby"), "the bar offers the lobby")
        shoot(bob, "hall-table")
        wait_until(ann, lambda: len(ann.query_selector_all("[data-card]")) >= 12, "ann sees the game at table 2")
        shoot(ann, "hall-table")

        # The lobby again from the table: table 2 playing, the others waiting first.
        bob.click("#to-lobby")
        bob.wait_for_selector("#lobby:not([hidden])")
        wait_until(bob, lambda: bob.eval_on_selector_all(".tile", "els => els.map(e => e.dataset.table)") == ["1", "3", "2"],
                 "waiting tables first: %s" % bob.eval_on_selector_all(".tile", "els => els.map(e => e.dataset.table)"))
        shoot(bob, "lobby")
        bob.click("#lobby-back")

        # Watch the full table 2 from the lobby; then an address typed in the tab moves to table 3.
        dan = open_page(390, 844)
        dan.wait_for_selector(".tile", timeout=10000)
        dan.fill("#lobby-name", "dan")
        dan.click('.tile[data-table="2"] button')
        wait_until(dan, lambda: (dan.text_content("#status") or "").startswith("Watching."), "dan watches table 2")
        wait_until(dan, lambda: len(dan.query_selector_all("[data-card]")) >= 12, "dan sees the game at table 2")
        dan.evaluate("location.hash = '#t=3'")
        wait_until(dan, lambda: hall(table.port)[3][6] == "dan", "the address #t=3 seats dan at table 3")
        wait_until(dan, lambda: len(dan.query_selector_all("[data-card]")) == 0, "table 2's cards are gone")

        # Play the computer: a new table with a bot in seat 2.
        cat = open_page(1366, 768)
        cat.wait_for_selector(".tile", timeout=10000)
        cat.fill("#lobby-name", "cat")
        cat.click("#open-bot")
        cat.wait_for_selector("#lobby", state="hidden", timeout=10000)
        wait_until(cat, lambda: any(words[6] == "cat" and words[12] == "normal" for words in hall(table.port).values()),
                 "cat plays a computer player at a new table: %s %s" % (hall(table.port), cat.text_content("#notice")))
        wait_until(cat, lambda: len(cat.query_selector_all("[data-card]")) >= 12, "the game against the computer starts")
        check(cat.evaluate("location.hash") == "#t=4", "the address names the new table: %s" % cat.evaluate("location.hash"))
        shoot(cat, "hall-computer")
        check(not errors, "no script errors: %s" % errors)
        browser.close()
    print("lobby: %d failures" % len(failures))
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
