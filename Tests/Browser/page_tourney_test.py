"""Headless Chromium as one player of a Swiss of four (the page's ann and three `setduel bot --enter`):
the page's tournament pane offers Enter, says ann is entered, follows the server's move to her table
(TOURNEY moved) and sits there, names her opponent and table, shows the standings in a tab as the
server's STANDINGS give them, a round's pairings between rounds, and her place at the end.
Screenshots at 390x844 to $TV_SHOTS (default /tmp/setduel-tv)."""

import os
import sys
import time

from playwright.sync_api import sync_playwright

from tv_support import SHOTS, Hall, Line, check, failures, shoot, wait_for


def main():
    os.makedirs(SHOTS, exist_ok=True)
    hall = Hall(["--tournament", "swiss", "--min-players", "4", "--start-in", "10m", "--first-to", "1"])
    try:
        observer = Line(hall.port)
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=os.environ.get("CHROMIUM", "/usr/bin/chromium"), args=["--no-sandbox"])
            page = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
            errors = []
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.goto(hall.url)
            page.wait_for_selector("#join:not([hidden])", timeout=15000)
            page.fill("#name", "ann")
            page.click("#join-button")
            wait_for(page, "!document.getElementById('tourney').hidden", "the pane does not show the hall's tournament", 20)
            check(page.is_visible("#tourney-enter"), "the pane does not offer Enter")
            page.click("#tourney-enter")
            wait_for(page, "tourney.entered", "ann is not entered after Enter", 20)
            check("entered" in page.text_content("#tourney-me"), "the pane does not say ann is entered")
            check("starts in" in page.text_content("#tourney-clock"), "no clock to the start: %r" % page.text_content("#tourney-clock"))
            shoot(page, "page-tourney-entered-390x844")
            for name in ["b1", "b2", "b3"]:
                hall.bot(name)
            # Moved to her table by the server: the page sits there and names her opponent and table.
            wait_for(page, "tourney.next && tourney.next.table > 0 && you.table === tourney.next.table && you.seat > 0",
                     "the page did not follow the server's move to ann's table", 60)
            table = page.evaluate("tourney.next ? tourney.next.table : 0")
            check(page.evaluate("location.hash") == "#t=%d" % table, "the address does not name table %d" % table)
            check(("table %d" % table) in page.text_content("#tourney-next"), "the pane does not name the table: %r" % page.text_content("#tourney-next"))
            wait_for(page, "document.querySelectorAll('[data-card]').length >= 12", "no cards at ann's table", 30)
            shoot(page, "page-tourney-game-390x844")
            # First to 1: one set, in the badge and in How to play's words alike.
            shown = page.evaluate("document.body.innerText + ' ' + document.body.textContent")
            check(" 1 sets" not in shown and "first to 1 set" in shown, "number agreement: %r" % [t for t in shown.split("\n") if "1 set" in t][:3])
            # The standings tab, as the server gives them.
            page.click("#tourney-tab")
            deadline = time.time() + 30
            shown, server = None, None
            while time.time() < deadline:
                server = [r[1] for r in (observer.standings() or [])]
                shown = page.evaluate("Array.from(document.querySelectorAll('#tourney-list li')).map(li => li.dataset.name)")
                if shown == server and server:
                    break
                time.sleep(1.2)
            check(shown == server and len(server) == 4, "the standings tab %r is not the server's %r" % (shown, server))
            shoot(page, "page-tourney-standings-390x844")
            page.click("#tourney-tab")
            # Between rounds: the pairings.
            wait_for(page, "!document.getElementById('tourney-pairings').hidden && document.querySelectorAll('#tourney-pairings li').length === 2",
                     "no pairings shown between rounds", 120)
            shoot(page, "page-tourney-pairings-390x844")
            # The end: her place.
            deadline = time.time() + 400
            while time.time() < deadline and observer.state() != "finished":
                time.sleep(2)
            check(observer.state() == "finished", "the Swiss did not finish")
            final = observer.standings() or []
            rank = next((r[0] for r in final if r[1] == "ann"), None)
            wait_for(page, "document.getElementById('tourney-next').textContent.includes('you finished')", "the pane does not give ann's place", 30)
            # The place is drawn from the standings last answered: those after the last result come
            # within the page's two seconds between STANDINGS.
            ordinal = {1: "1st", 2: "2nd", 3: "3rd"}.get(int(rank or 0), "%sth" % rank)
            wait_for(page, "document.getElementById('tourney-next').textContent.includes('finished %s of')" % ordinal,
                     "the pane's place is not the server's %s" % ordinal, 10)
            text = page.text_content("#tourney-next")
            check(rank is not None and ("finished %s" % rank) in text.replace("st ", " ").replace("nd ", " ").replace("rd ", " ").replace("th ", " "),
                  "ann's place %r is not the server's %r" % (text, rank))
            shoot(page, "page-tourney-end-390x844")
            check(not errors, "the page threw: %r" % errors)
            browser.close()
    finally:
        hall.stop()
    print("page tourney: %d failures" % len(failures))
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
