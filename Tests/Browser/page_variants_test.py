"""Headless Chromium plays whole games of the variants from the table's page against `serve --bot`:
a chain game (the chain in its own row, picked by clicks and by the keys x y z) and an ultra9 game to
three sets (four picks to a group, nine cards); it sees the chain's row fit a phone, junior's nine cards laid out and shuffle's
moves applied together, and saves a screenshot of each. Exits 0 when everything held."""

import os
import sys
import time

from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import sync_playwright

from page_test import check_layout, sit_down
from table import Table, check, failures, find_chain_set, find_set, find_ultra

SHOTS = os.environ.get("SETDUEL_SCREENSHOTS", "/tmp/setduel-page-shots")


def table_cards(page):
    return dict(page.eval_on_selector_all(
        "#table [data-card]", "els => els.map(e => [e.dataset.slot, e.dataset.card])"))


def chain_cards(page):
    return dict(page.eval_on_selector_all(
        "#chain [data-card]", "els => els.map(e => [e.dataset.slot, e.dataset.card])"))


def shot(page, name):
    page.screenshot(path=os.path.join(SHOTS, name + ".png"))


def pick_group(page, group, by_keys):
    """Picks the slots of `group` one by one, skipping any already picked; False when the table
    changed under the pick."""
    try:
        for slot in group:
            if page.is_visible('[data-slot="%s"].selected' % slot):
                continue
            if by_keys:
                page.keyboard.press(slot.lower())
            else:
                page.click('[data-slot="%s"]' % slot, timeout=2000)
            page.wait_for_timeout(60)
    except PlaywrightTimeout:
        return False
    return True


def play(page, finder, label, deadline_s=300, on_pick=None):
    """Finds groups with `finder(page)` and picks them (alternately by clicks and keys) until the game
    is over; returns how many groups were picked."""
    start = time.time()
    picked = 0
    while time.time() - start < deadline_s:
        if page.is_visible("#over"):
            return picked
        status = page.inner_text("#status")
        if "is picking" in status or "Paused" in status:
            page.wait_for_timeout(150)
            continue
        group = finder(page)
        if group:
            if pick_group(page, group, by_keys=picked % 2 == 1):
                picked += 1
                if on_pick:
                    on_pick(picked, group)
            page.wait_for_timeout(250)
        else:
            deal = page.query_selector('[data-action="deal"]')
            if deal and deal.is_enabled():
                try:
                    deal.click(timeout=2000)
                except PlaywrightTimeout:
                    pass  # The bot called Set, or the game ended, in between.
            page.wait_for_timeout(300)
    check(False, "%s: the game did not end in %d s" % (label, deadline_s))
    return picked


def new_page(browser, size):
    context = browser.new_context(viewport={"width": size[0], "height": size[1]})
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    return context, page, errors


def chain_game(browser):
    label = "chain-1366x768"
    with Table(seed=7, extra=["--variant", "chain"]) as table:
        context, page, errors = new_page(browser, (1366, 768))
        sit_down(page, table.url, "alice")
        check("chain" in page.inner_text("#variant"), label + ": the variant is not shown")
        check("exactly one of the last set's cards" in page.inner_text("#rule"), label + ": no rule in the help text")
        check("x, y, z" in page.inner_text(".keys"), label + ": the help text does not give the chain's keys")
        check(not page.is_visible("#chain"), label + ": a chain row before the first set")
        check("each set must use exactly one" in page.inner_text("#log"), label + ": the rule was not said at the start")
        seen = {"chain": 0, "links": set()}

        def finder(p):
            chain = chain_cards(p)
            if chain:
                seen["chain"] += 1
                if seen["chain"] == 1:
                    p.wait_for_timeout(200)
                    check(p.inner_text("#chain .chain-label").strip() == "chain, use one:", label + ": the chain row is not labelled")
                    check(sorted(chain) == ["X", "Y", "Z"], label + ": the chain's slots are %s" % sorted(chain))
                    check_layout(p, label + "-chain")
                    shot(p, label + "-play")
                    # A fresh page is told the chain with the table (unless the bot found a set meanwhile).
                    bot_points = p.inner_text('.score[data-seat="2"] .points')
                    p.reload()
                    p.wait_for_selector("#chain [data-card]", timeout=20000)
                    p.wait_for_timeout(500)
                    check(chain_cards(p) == chain or p.inner_text('.score[data-seat="2"] .points') != bot_points,
                          label + ": the chain after a reload is %s, not %s" % (chain_cards(p), chain))
                    chain = chain_cards(p)
            return find_chain_set(table_cards(p), chain)

        def on_pick(count, group):
            seen["links"].update(s for s in group if s in "XYZ")
            if count == 3:
                page.wait_for_timeout(200)
                shot(page, label + "-picked")

        picked = play(page, finder, label, on_pick=on_pick)
        check(seen["chain"] > 0, label + ": the chain was never shown")
        check(bool(seen["links"]), label + ": no chain card was ever picked")
        check(page.is_visible("#over"), label + ": no final table")
        check(picked > 1, label + ": fewer than two sets picked")
        log = page.inner_text("#log")
        check("You found a set" in log, label + ": the log does not tell your sets")
        check("BAD_ARGUMENT" not in log and "ERR" not in log, label + ": the log shows an error: %s" % log[-300:])
        check_layout(page, label + "-over")
        page.wait_for_timeout(300)
        shot(page, label + "-over")
        check(not errors, label + ": script errors: %s" % errors)
        print("%s: a whole game, %d sets picked, chain cards %s, %s" % (
            label, picked, "".join(sorted(seen["links"])), page.inner_text("#over-title")), flush=True)
        context.close()


def chain_row_phone(browser):
    """The chain's row and the table both fit a phone's window once the first set is found."""
    label = "chain-390x844"
    with Table(seed=11, extra=["--variant", "chain"]) as table:
        context, page, errors = new_page(browser, (390, 844))
        sit_down(page, table.url, "alice")
        deadline = time.time() + 60
        while not chain_cards(page) and time.time() < deadline:
            trio = find_set(table_cards(page))
            if trio and "is picking" not in page.inner_text("#status"):
                pick_group(page, trio, by_keys=False)
            page.wait_for_timeout(300)
        check(sorted(chain_cards(page)) == ["X", "Y", "Z"], label + ": no chain after the first set")
        page.wait_for_timeout(300)
        width = page.evaluate("() => document.documentElement.scrollWidth")
        check(width <= 390, label + ": the page is %d px wide" % width)
        check_layout(page, label)
        shot(page, label)
        check(not errors, label + ": script errors: %s" % errors)
        print("%s: the chain and %d cards fit" % (label, len(table_cards(page))), flush=True)
        context.close()


def ultra9_game(browser, size):
    label = "ultra9-first-to-3-%dx%d" % size
    with Table(seed=7, extra=["--variant", "ultra9", "--first-to", "3"]) as table:
        context, page, errors = new_page(browser, size)
        sit_down(page, table.url, "alice")
        page.wait_for_timeout(300)
        check(len(table_cards(page)) == 9, label + ": %d cards, not nine" % len(table_cards(page)))
        badge = page.inner_text("#variant")
        check("ultra9" in badge and "first to 3" in badge, label + ": the badge says %r" % badge)
        check("four cards" in page.inner_text("#rule") and "first to find 3" in page.inner_text("#rule"),
              label + ": the help text says %r" % page.inner_text("#rule"))
        check_layout(page, label + "-start")
        shot(page, label + "-start")
        statuses = []

        def finder(p):
            return find_ultra(table_cards(p))

        def on_pick(count, group):
            if count == 1:
                page.wait_for_timeout(200)
                shot(page, label + "-picked")
        check("four cards" in page.inner_text("#log"), label + ": the rule was not said at the start")
        # The first pick calls Set; the status then asks for four cards, and three picked are not yet a group.
        first = finder(page)
        if first and page.inner_text("#status").startswith("Open"):
            pick_group(page, first[:3], by_keys=False)
            page.wait_for_timeout(300)
            statuses.append(page.inner_text("#status"))
            picked_now = page.eval_on_selector_all(".card.selected", "els => els.map(e => e.dataset.slot)")
            check(sorted(picked_now) == sorted(first[:3]), label + ": three picks show as %s" % picked_now)
            shot(page, label + "-three-picked")
        picked = play(page, finder, label, on_pick=on_pick)
        check(any("choose four cards" in s for s in statuses) or not statuses, label + ": the status said %s" % statuses)
        check(page.is_visible("#over"), label + ": no final table")
        log = page.inner_text("#log")
        four = [line for line in log.splitlines() if "found a set" in line and line.count(",") == 3]
        check(bool(four), label + ": no set of four cards in the log")
        sets = [line for line in log.splitlines() if "found a set" in line]
        check(len(sets) <= 5, label + ": %d sets in a game to three" % len(sets))
        check_layout(page, label + "-over")
        page.wait_for_timeout(300)
        shot(page, label + "-over")
        check(not errors, label + ": script errors: %s" % errors)
        print("%s: a whole game, %d groups picked, %s" % (label, picked, page.inner_text("#over-title")), flush=True)
        context.close()


def junior_table(browser, size):
    label = "junior-%dx%d" % size
    with Table(seed=7, extra=["--variant", "junior"]) as table:
        context, page, errors = new_page(browser, size)
        sit_down(page, table.url, "alice")
        page.wait_for_timeout(300)
        slots = table_cards(page)
        check(len(slots) == 9, label + ": %d cards, not nine" % len(slots))
        check(all(code[2] == "S" for code in slots.values()), label + ": a card that is not solid")
        rows = {round(box) for box in page.eval_on_selector_all(
            "#table [data-card]", "els => els.map(e => e.getBoundingClientRect().top)")}
        check(len(rows) == 3 or size[0] < 600, label + ": nine cards in %d rows" % len(rows))
        check("27 solid cards" in page.inner_text("#rule"), label + ": no rule in the help text")
        check_layout(page, label)
        shot(page, label)
        check(not errors, label + ": script errors: %s" % errors)
        print("%s: nine cards in %d rows" % (label, len(rows)), flush=True)
        context.close()


def shuffle_moves(browser):
    """After a set, every card on the table is in another slot: the crossing moves applied together."""
    label = "shuffle-1366x768"
    with Table(seed=7, bot=None, extra=["--variant", "shuffle"]) as table:
        context, page, errors = new_page(browser, (1366, 768))
        page.goto(table.url)
        page.fill("#name", "alice")
        page.click("#join-button")
        page.wait_for_selector("#controls", timeout=20000)
        other = context.browser.new_context(viewport={"width": 800, "height": 600}).new_page()
        sit_down(other, table.url, "bob")
        page.wait_for_selector("[data-card]", timeout=20000)
        page.wait_for_timeout(500)
        before = table_cards(page)
        trio = find_set(before)
        check(trio is not None, label + ": no set on the first table")
        if trio:
            pick_group(page, trio, by_keys=False)
            page.wait_for_timeout(800)
            after = table_cards(page)
            kept = {slot: code for slot, code in before.items() if slot not in trio}
            check(len(after) == 12 and len(set(after.values())) == 12, label + ": the table is %s" % after)
            moved = [code for slot, code in kept.items() if after.get(slot) != code]
            check(len(moved) == len(kept), label + ": %d of %d cards stayed in place" % (len(kept) - len(moved), len(kept)))
            check(set(kept.values()) <= set(after.values()), label + ": a card was lost in the moves")
            check(after == table_cards(other), label + ": the two players see different tables")
            # A fresh look at the table (STATE) agrees with the moves applied as they came.
            page.reload()
            page.wait_for_selector("[data-card]", timeout=20000)
            page.wait_for_timeout(500)
            check(table_cards(page) == after, label + ": the table after a reload differs")
        shot(page, label)
        check(not errors, label + ": script errors: %s" % errors)
        print("%s: every card moved after a set" % label, flush=True)
        other.context.close()
        context.close()


def main():
    os.makedirs(SHOTS, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=os.environ.get("CHROMIUM", "/usr/bin/chromium"), args=["--no-sandbox"])
        junior_table(browser, (1920, 1080))
        junior_table(browser, (390, 844))
        shuffle_moves(browser)
        ultra9_game(browser, (390, 844))
        chain_row_phone(browser)
        chain_game(browser)
        browser.close()
    print("%d passed, %d failed" % (0 if failures else 1, 1 if failures else 0))
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
