"""Headless Chromium: the log of the game so far in a browser that kept none of it. ann wins game 1,
both ask for the same deck, and game 2 is played with the seats swapped; bob picks wrong. Then ann's
page reconnects (each game told with the seat ann had in it: game 1's set is still hers), ann takes
her seat back from a second browser context that holds her name and token but no log (the game so far
from the server's EVENTS, in the second person for her seat), and cy watches from a third (the same,
in the third person). Saves screenshots at 390x844. Exits 0 when everything held."""

import json
import os
import sys

from playwright.sync_api import sync_playwright

from page_newcomer_test import cards, event_lines, not_a_set, pick, sit_down
from table import Table, check, failures, find_set, wait_until

SHOTS = os.environ.get("SETDUEL_SCREENSHOTS", "/tmp/setduel-page-shots")
errors = []


def open_page(browser, stored=None):
    """A page in a browser context of its own, at 390x844, its local storage holding `stored`."""
    context = browser.new_context(viewport={"width": 390, "height": 844})
    items = dict(stored or {})
    items["setduel:howto-seen"] = "1"
    context.add_init_script("for (const [k, v] of Object.entries(%s)) localStorage.setItem(k, v);" % json.dumps(items))
    page = context.new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    return page


def shot(page, label):
    os.makedirs(SHOTS, exist_ok=True)
    page.screenshot(path=os.path.join(SHOTS, "history-%s-390x844.png" % label), full_page=True)


def main():
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        with Table(bot=None, seed=7, extra=["--first-to", "1", "--claim-window", "30"]) as table:
            ann = open_page(browser)
            sit_down(ann, table.url, "ann")
            bob = open_page(browser)
            sit_down(bob, table.url, "bob")
            ann.wait_for_selector("#table [data-card]", timeout=20000)
            pick(ann, find_set(cards(ann)))
            for page in (ann, bob):
                page.wait_for_selector('[data-action="rematch-same"]:not([hidden])', timeout=20000)
                page.click('[data-action="rematch-same"]')
            wait_until(ann, lambda: ann.evaluate("() => you.seat") == 2, "the same deck did not swap ann's seat")
            wait_until(bob, lambda: bob.inner_text("#status").startswith("Open play"), "game 2 did not open")
            pick(bob, not_a_set(bob))
            wait_until(ann, lambda: any("Your turn" in line for line in event_lines(ann)), "ann is not told her turn")
            told = event_lines(ann)

            # A reconnect: game 1 told with seat 1, as ann played it; game 2 with seat 2.
            ann.evaluate("() => link.ws.close()")
            wait_until(ann, lambda: ann.evaluate("() => !!link.ws && you.joined && you.seat === 2 && board.past === null")
                       and len(event_lines(ann)) >= len(told) + 2, "ann's page did not come back")
            again = event_lines(ann)
            found = [line for line in again if "found a set" in line]
            check(found and all(line.startswith("You found a set") for line in found),
                  "after a reconnect game 1's set is not ann's: %s" % again)
            # The same lines, each once, then the drop and the return.
            check(again[:len(told)] == told and len(again) == len(told) + 2,
                  "the log after a reconnect differs:\n%s\n%s" % (told, again))

            # A second browser for ann, with her name, secret and token but no log.
            stored = ann.evaluate("() => Object.fromEntries(Object.entries(localStorage).filter(([k]) => !k.startsWith('setduel:log:')))")
            ann2 = open_page(browser, stored)
            ann2.goto(table.url)
            ann2.wait_for_selector("#join", state="hidden", timeout=20000)
            wait_until(ann2, lambda: any("not a set" in line for line in event_lines(ann2)), "ann's second browser has no game so far")
            lines = event_lines(ann2)
            text = "\n".join(lines)
            check("Game 2 begins." in text, "the game so far lacks its start: %s" % lines)
            check("bob picked" in text and "Your turn" in text,
                  "the game so far is not told to ann in the second person: %s" % lines)
            check("ann" not in text.replace("bob", ""), "the game so far names ann to herself: %s" % lines)
            check(len([line for line in lines if "not a set" in line]) == 1, "a line told twice: %s" % lines)
            shot(ann2, "resumed")

            # A spectator with nothing kept: the game so far in the third person.
            cy = open_page(browser)
            sit_down(cy, table.url, "cy")
            wait_until(cy, lambda: any("not a set" in line for line in event_lines(cy)), "cy is not told the game so far")
            lines = event_lines(cy)
            check("ann's turn" in "\n".join(lines) and "bob picked" in "\n".join(lines),
                  "the spectator's game so far: %s" % lines)
            check(not any(line.startswith("You") or line.startswith("Your") for line in lines),
                  "the spectator is told the game as a player: %s" % lines)
            shot(cy, "watching")
        browser.close()
    check(not errors, "script errors: %s" % errors)
    print("history: %d failures" % len(failures), flush=True)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
