"""Headless Chromium at a table of people, no computer player: the page keeps a secret per name and
shows the name rated; a wrong pick says in words why it was not a set; game over shows the game's
review and offers the same deck, whose rematch swaps the seats; a spectator told a seat is free sits
down with one click, and the new pair's first game starts at once; a name another browser owns is refused with a way to choose another. Saves
screenshots at a phone's, a laptop's and a large screen's size. Exits 0 when everything held."""

import itertools
import os
import re
import sys

from playwright.sync_api import sync_playwright

from table import Table, check, failures, find_set, is_set, wait_until

SHOTS = os.environ.get("SETDUEL_SCREENSHOTS", "/tmp/setduel-page-shots")
SIZES = [(390, 844), (1366, 768), (1920, 1080)]

NUMBER = {"1": "one", "2": "two", "3": "three"}
COLOUR = {"R": "red", "G": "green", "P": "purple"}
SHADING = {"S": "solid", "T": "striped", "O": "open"}
SHAPE = {"D": "diamond", "O": "oval", "S": "squiggle"}
FEATURES = [("number", NUMBER), ("colour", COLOUR), ("shading", SHADING), ("shape", SHAPE)]


def cards(page):
    return dict(page.eval_on_selector_all("[data-card]", "els => els.map(e => [e.dataset.slot, e.dataset.card])"))


def why_not(codes):
    """Why three cards are not a set, as the terminal client says it (written here from the rules)."""
    broken = [(name, [values[c[i]] for c in codes]) for i, (name, values) in enumerate(FEATURES)
              if len({c[i] for c in codes}) == 2]
    text = "; ".join("%s is %s" % (name, ", ".join(values)) for name, values in broken)
    return text + (" (two the same, one different)" if len(broken) == 1 else " (each two the same, one different)")


def sit_down(page, url, name):
    page.goto(url)
    page.fill("#name", name)
    page.click("#join-button")
    page.wait_for_selector("#join", state="hidden", timeout=20000)


def shoot(page, label):
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(250)
        page.screenshot(path=os.path.join(SHOTS, "%s-%dx%d.png" % (label, width, height)))
    page.set_viewport_size({"width": 1366, "height": 768})


def full_table(browser):
    """A browser turned away by a full table is told so on the page, not shown a raw line."""
    import socket
    with Table(bot=None, extra=["--max-connections", "1"]) as table:
        held = socket.create_connection(("127.0.0.1", table.port), timeout=5)
        held.recv(4096)
        context = browser.new_context(viewport={"width": 390, "height": 844})
        page = context.new_page()
        page.goto(table.url)
        wait_until(page, lambda: "table is full" in page.inner_text("#notice"), "a full table is not explained on the page")
        page.screenshot(path=os.path.join(SHOTS, "table-full-390x844.png"))
        context.close()
        held.close()


def main():
    os.makedirs(SHOTS, exist_ok=True)
    # First to one set: a game of the pair at the table ends at its first set.
    with sync_playwright() as p, Table(bot=None, extra=["--grace", "0.3", "--first-to", "1"]) as table:
        browser = p.chromium.launch(executable_path=os.environ.get("CHROMIUM", "/usr/bin/chromium"), args=["--no-sandbox"])
        errors = []
        contexts = {}

        def open_page(who, size=(1366, 768)):
            context = contexts.get(who) or browser.new_context(viewport={"width": size[0], "height": size[1]})
            contexts[who] = context
            page = context.new_page()
            page.on("pageerror", lambda e: errors.append(str(e)))
            return page

        # 1. A secret per table and name, kept beside the resume token, proves the name: rated.
        ann = open_page("ann")
        sit_down(ann, table.url, "ann")
        secret = ann.evaluate("() => localStorage.getItem('setduel:secret:' + location.host + ':ann')")
        check(secret is not None and re.fullmatch(r"[A-Za-z0-9_-]{32}", secret) is not None, "no secret kept for ann: %r" % secret)
        wait_until(ann, lambda: ann.is_visible("#rating"), "the page does not show the name rated")
        check(ann.inner_text("#rating") == "rated", "ann is not shown rated: %r" % ann.inner_text("#rating"))
        bob = open_page("bob")
        sit_down(bob, table.url, "bob")
        ann.wait_for_selector("[data-card]", timeout=20000)
        first_deal = cards(ann)

        # 2. A wrong pick says why, with the cards.
        trio = next(t for t in itertools.combinations(sorted(first_deal), 3) if not is_set([first_deal[s] for s in t]))
        codes = [first_deal[s] for s in trio]
        for slot in trio:
            ann.click('[data-slot="%s"]' % slot)
            ann.wait_for_timeout(250)
        expected = "You picked %s: not a set: %s." % (", ".join(codes), why_not(codes))
        wait_until(ann, lambda: expected in ann.inner_text("#log"), "the wrong pick is not explained: %r not in %r" % (expected, ann.inner_text("#log")))
        check(len(ann.query_selector_all("#log li:last-child .mini-card")) >= 3 or
              any(len(li.query_selector_all(".mini-card")) == 3 for li in ann.query_selector_all("#log li")),
              "the wrong pick's cards are not drawn")
        check(why_not(codes) in ann.inner_text("#why"), "the player is not shown why at the top of the page")
        wait_until(bob, lambda: "ann picked %s: not a set: %s." % (", ".join(codes), why_not(codes)) in bob.inner_text("#log"),
                   "the other player is not told why")
        shoot(ann, "wrong-pick")

        # A spectator; then bob leaves, forfeits, and his seat is free.
        cy = open_page("cy", (390, 844))
        sit_down(cy, table.url, "cy")
        check("Watching" in cy.inner_text("#status"), "cy is not watching")
        check(not cy.is_visible("#rating"), "a spectator is shown a rating")
        contexts.pop("bob").close()

        # 3. Game over: the review's summary and a same-deck rematch.
        ann.wait_for_selector("#over:not([hidden])", timeout=20000)
        wait_until(ann, lambda: ann.query_selector('#review li[data-seat="1"]') is not None, "no review at game over")
        mine = ann.inner_text('#review li[data-seat="1"]')
        check("1 wrong pick" in mine, "the review does not count ann's wrong pick: %r" % mine)
        check("missed" in mine, "the review does not say the sets missed: %r" % mine)
        broken = [name for i, (name, _) in enumerate(FEATURES) if len({c[i] for c in codes}) == 2]
        check(any(name + " 1" in mine for name in broken), "the review does not name the feature that broke it: %r" % mine)
        check(ann.is_visible('[data-action="rematch-same"]'), "no Same deck button at game over")
        check(ann.is_visible('[data-action="rematch"]'), "no Rematch button at game over")
        shoot(ann, "over-review")

        # 4. The spectator is told the seat is free and sits down with one click.
        wait_until(cy, lambda: cy.is_visible('[data-action="sit"]'), "the spectator is not offered the free seat")
        check("Seat 2 is free" in cy.inner_text("#notice"), "the spectator is not told which seat is free")
        check("bob" not in cy.inner_text('.score[data-seat="2"]'), "the free seat still shows who left it")
        shoot(cy, "seat-free")
        cy.click('[data-action="sit"]')
        wait_until(cy, lambda: "(you)" in cy.inner_text('.score[data-seat="2"]'), "one click did not seat the spectator")
        check(cy.inner_text("#rating") == "rated", "cy is not shown rated once seated")

        # 5. The new pair's first game starts as cy sits down, as at a fresh table; game 1 is history.
        wait_until(cy, lambda: not cy.is_visible("#over") and cy.is_visible('[data-action="claim"]'),
                   "the new pair's game did not start as cy sat down")
        wait_until(ann, lambda: not ann.is_visible("#over"), "ann's page still shows the last pair's result")
        check("forfeit" in cy.inner_text("#log"), "game 1's result is not in cy's history")
        second_deal = cards(ann)
        trio = find_set(second_deal)
        for slot in trio:
            ann.click('[data-slot="%s"]' % slot)
            ann.wait_for_timeout(250)
        ann.wait_for_selector("#over:not([hidden])", timeout=20000)
        wait_until(cy, lambda: cy.is_visible('[data-action="rematch-same"]'), "the new player has no Same deck button")

        # The same deck, seats swapped: each page follows its player to the other seat.
        ann.click('[data-action="rematch-same"]')
        ann.wait_for_timeout(300)
        cy.click('[data-action="rematch-same"]')
        wait_until(ann, lambda: not ann.is_visible("#over") and "(you)" in ann.inner_text('.score[data-seat="2"]'),
                   "ann's page did not follow the seat swap")
        wait_until(cy, lambda: "(you)" in cy.inner_text('.score[data-seat="1"]'), "cy's page did not follow the seat swap")
        check(cards(ann) == second_deal, "the same-deck rematch did not deal the same cards")
        check("on the same deck" in ann.inner_text("#log"), "the log does not tell a same-deck request")
        check(ann.is_visible('[data-action="claim"]'), "ann has no Set button after the swap")
        shoot(ann, "same-deck")

        # A name owned by another browser's secret is refused; another name can be chosen.
        contexts["ann"].close()
        cy.wait_for_selector("#over:not([hidden])", timeout=20000)
        eve = open_page("eve")
        eve.goto(table.url)
        eve.fill("#name", "Ann")
        eve.click("#join-button")
        wait_until(eve, lambda: "belongs to someone else" in eve.inner_text("#notice"), "WRONG_SECRET is not explained")
        check(eve.is_visible("#join-form"), "after WRONG_SECRET the name cannot be changed")
        shoot(eve, "wrong-secret")
        eve.fill("#name", "eve")
        eve.click("#join-button")
        wait_until(eve, lambda: "(you)" in eve.inner_text('.score[data-seat="2"]'), "eve could not sit under another name")

        check(not errors, "script errors: %s" % errors)
        full_table(browser)
        browser.close()
    print("people: %d failures" % len(failures), flush=True)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
