"""Headless Chromium plays whole games from the table's page against `serve --bot`, by clicks and by
keys, at a phone's, a laptop's and a large screen's size, and saves a screenshot of each; then checks
that a reload keeps the seat, that a second tab with the same name takes the seat back, and that a
spectator sees no controls. Exits 0 when everything held."""

import os
import sys
import time

from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import sync_playwright

from table import Table, check, failures, find_set, is_set

SHOTS = os.environ.get("SETDUEL_SCREENSHOTS", "/tmp/setduel-page-shots")


def cards(page):
    return page.eval_on_selector_all(
        "[data-card]", "els => els.map(e => [e.dataset.slot, e.dataset.card])")


def layout_problems(page, label):
    """What is wrong with the layout now: a card cut by the window, too small, overlapping another or
    the controls."""
    problems = []
    boxes = page.eval_on_selector_all(
        "[data-card]", "els => els.map(e => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; })")
    width, height = page.viewport_size["width"], page.viewport_size["height"]
    for (l, t, r, b) in boxes:
        if not (l >= 0 and t >= 0 and r <= width + 0.5 and b <= height + 0.5):
            problems.append("%s: a card is cut: %s" % (label, (l, t, r, b)))
        if r - l < 60:
            problems.append("%s: a card is too small: %d px" % (label, r - l))
    for i, a in enumerate(boxes):
        for c in boxes[i + 1:]:
            if min(a[2], c[2]) - max(a[0], c[0]) > 1 and min(a[3], c[3]) - max(a[1], c[1]) > 1:
                problems.append("%s: cards overlap" % label)
    controls = page.query_selector("#controls")
    if controls and controls.is_visible():
        cb = controls.bounding_box()
        for (l, t, r, b) in boxes:
            if not (b <= cb["y"] + 1 or t >= cb["y"] + cb["height"] - 1):
                problems.append("%s: a card is under the controls" % label)
    return problems


def check_layout(page, label):
    """Every card inside the window and none overlapping another or the controls, once the page has
    laid the table out: a layout caught mid-change (cards just dealt, on a machine so busy that the
    page is slow to redraw) is looked at again, for up to 3 s; a wrong layout stays wrong."""
    deadline = time.time() + 3
    problems = layout_problems(page, label)
    while problems and time.time() < deadline:
        page.wait_for_timeout(250)
        problems = layout_problems(page, label)
    for problem in problems:
        check(False, problem)


def ask_for_cards(page, by_keys):
    """Asks for three more cards with + or the Deal button, if the page offers it now."""
    deal = page.query_selector('[data-action="deal"]')
    if deal and deal.is_enabled():
        if by_keys:
            page.keyboard.press("+")
        else:
            try:
                deal.click(timeout=2000)
            except PlaywrightTimeout:
                pass  # The bot called Set, asked first, or the game ended, in between.


def grow_to_fifteen(page, by_keys, label):
    """Seed 3's first twelve cards hold no set, so the table must grow to fifteen before anyone can
    take a set: asks for cards until it has, then checks the layout and saves a screenshot."""
    deadline = time.time() + 60
    while time.time() < deadline and len(cards(page)) < 15:
        ask_for_cards(page, by_keys)
        waited = time.time() + 3
        while time.time() < waited and len(cards(page)) < 15:
            page.wait_for_timeout(50)
    if len(cards(page)) >= 15:
        check_layout(page, label + "-15-cards")
        page.screenshot(path=os.path.join(SHOTS, label + "-15-cards.png"))


def wrong_pick(page, label):
    """Picks three cards that are not a set: why the point was lost shows above the cards, and the
    cards make room for it, all still inside the window (a phone's page must not scroll)."""
    deadline = time.time() + 20
    while time.time() < deadline and not page.is_visible("#why"):
        status = page.inner_text("#status")
        if "is picking" in status or "Paused" in status:
            page.wait_for_timeout(150)
            continue
        slots = dict(cards(page))
        labels = sorted(slots)
        trio = next(((a, b, c) for i, a in enumerate(labels) for j, b in enumerate(labels[i + 1:], i + 1)
                     for c in labels[j + 1:] if not is_set([slots[a], slots[b], slots[c]])), None)
        if trio is None:
            return
        try:
            for slot in trio:
                page.click('[data-slot="%s"]' % slot, timeout=2000)
                page.wait_for_timeout(60)
        except PlaywrightTimeout:
            continue
        page.wait_for_timeout(500)
    check(page.is_visible("#why"), label + ": a wrong pick did not say why the point was lost")
    check_layout(page, label + "-why")
    check(page.evaluate("() => window.scrollY") == 0, label + ": the page scrolled after a wrong pick")
    page.screenshot(path=os.path.join(SHOTS, label + "-why.png"))


def notice_makes_room(page, label):
    """A notice shown by itself, with nothing redrawn after it (as when the connection drops between
    two lines), over twelve cards laid out as large as a phone's height allows: by the next frame the
    cards have made room for it, all inside the window with the Set button below them, so a click on
    the last row does not scroll and the button is in sight."""
    bottom = page.evaluate("""() => new Promise(done => {
        showNotice('Connection lost. Reconnecting in 0.4 s… and a second line of words, and a third line of them, to take the room of three lines');
        requestAnimationFrame(() => requestAnimationFrame(() => {
          const cards = [...document.querySelectorAll('[data-card]')].map(e => e.getBoundingClientRect().bottom);
          const controls = document.getElementById('controls').getBoundingClientRect().bottom;
          done(Math.max(...cards, controls) + window.scrollY);
        }));
      })""")
    check(bottom <= page.viewport_size["height"] + 0.5,
          "%s: a notice pushed the cards or the Set button out of the window: they end at %d px" % (label, bottom))
    check_layout(page, label + "-notice")
    page.evaluate("() => hideNotice()")


def sit_down(page, url, name):
    page.goto(url)
    page.fill("#name", name)
    page.click("#join-button")
    page.wait_for_selector("[data-card]", timeout=20000)


def play_game(page, by_keys, label, deadline_s=240):
    """Finds sets and picks them until the game is over; returns how many sets were picked."""
    start = time.time()
    picked = 0
    shot_taken = False
    while time.time() - start < deadline_s:
        if page.is_visible("#over"):
            return picked
        slots = dict(cards(page))
        trio = find_set(slots)
        status = page.inner_text("#status")
        if "is picking" in status or "Paused" in status:
            page.wait_for_timeout(150)
            continue
        if trio:
            try:
                for slot in trio:
                    if by_keys:
                        page.keyboard.press(slot.lower())
                    else:
                        page.click('[data-slot="%s"]' % slot, timeout=2000)
                    page.wait_for_timeout(60)
            except PlaywrightTimeout:
                continue  # The table changed under the pick (the bot was quicker): look again.
            picked += 1
            if picked == 2 and not shot_taken:
                page.wait_for_timeout(300)
                if page.viewport_size["width"] < 600 and len(cards(page)) == 12:
                    notice_makes_room(page, label)
                check_layout(page, label)
                page.screenshot(path=os.path.join(SHOTS, label + "-play.png"))
                shot_taken = True
            page.wait_for_timeout(250)
        else:
            ask_for_cards(page, by_keys)
            page.wait_for_timeout(300)
    check(False, "%s: the game did not end in %d s" % (label, deadline_s))
    return picked


def whole_game(browser, size, by_keys, label):
    for old in ("-play.png", "-over.png", "-15-cards.png"):
        if os.path.exists(os.path.join(SHOTS, label + old)):
            os.remove(os.path.join(SHOTS, label + old))
    # Seed 3's first twelve cards hold no set: the table grows to fifteen at once.
    with Table(seed=3) as table:
        context = browser.new_context(viewport={"width": size[0], "height": size[1]})
        page = context.new_page()
        errors = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        sit_down(page, table.url, "alice")
        check(page.is_visible('[data-action="claim"]'), label + ": no Set button for a player")
        check(page.query_selector('.score[data-seat="1"]') is not None, label + ": no score for seat 1")
        grow_to_fifteen(page, by_keys, label)
        if size[0] < 600:
            wrong_pick(page, label)
        picked = play_game(page, by_keys, label)
        check(os.path.exists(os.path.join(SHOTS, label + "-15-cards.png")), label + ": the table never grew to 15 cards")
        check(page.is_visible("#over"), label + ": no final table")
        # The last pick's click can leave a phone's page scrolled down: the final table is looked at from the top.
        page.evaluate("() => window.scrollTo(0, 0)")
        check_layout(page, label + "-over")
        over = page.query_selector("#over").bounding_box()
        for box in page.eval_on_selector_all("[data-card]", "els => els.map(e => e.getBoundingClientRect().top)"):
            check(box >= over["y"] + over["height"] - 1, label + ": the final table covers a card")
        check(picked > 0, label + ": no set picked")
        page.wait_for_timeout(300)
        page.screenshot(path=os.path.join(SHOTS, label + "-over.png"))
        log = page.inner_text("#log")
        check("found a set" in log, label + ": the log does not tell the sets")
        check(not errors, label + ": script errors: %s" % errors)
        print("%s: a whole game, %d sets picked, %s" % (label, picked, page.inner_text("#over-title")), flush=True)
        context.close()


def seats(browser):
    with Table(seed=5) as table:
        context = browser.new_context(viewport={"width": 1366, "height": 768})
        first = context.new_page()
        sit_down(first, table.url, "carol")
        # A reload in the middle of a claim keeps the seat.
        slots = dict(cards(first))
        first.click('[data-slot="%s"]' % sorted(slots)[0])
        first.wait_for_timeout(200)
        first.reload()
        first.wait_for_selector("[data-card]", timeout=20000)
        first.wait_for_timeout(500)
        check("(you)" in first.inner_text('.score[data-seat="1"]'), "a reload lost the seat")
        # Back in the middle of the claim, the page says first how long is left.
        notice = first.inner_text("#notice")
        check(notice.startswith("You are back in the middle of your claim:") and "left to pick three cards" in notice,
              "a reload in the middle of a claim does not say how long is left: %r" % notice)
        check(first.is_visible('[data-action="claim"]'), "after a reload the controls are gone")
        # A dropped connection comes back by itself, resumes the seat and says so.
        first.evaluate("() => link.ws.close()")
        for _ in range(100):
            if "Reconnected" in first.inner_text("#notice"):
                break
            first.wait_for_timeout(100)
        check("Reconnected" in first.inner_text("#notice"), "a dropped connection did not come back and say so")
        check("(you)" in first.inner_text('.score[data-seat="1"]'), "a reconnection lost the seat")
        # A second tab with the same name takes the seat; the first says so.
        second = context.new_page()
        second.goto(table.url)
        second.wait_for_selector("[data-card]", timeout=20000)
        second.wait_for_timeout(500)
        check("(you)" in second.inner_text('.score[data-seat="1"]'), "the second tab did not take the seat")
        first.wait_for_timeout(500)
        check("taken back" in first.inner_text("#notice"), "the first tab did not say its seat was taken back")
        # A spectator sees the table and no controls; a name with markup stays text.
        watcher_context = browser.new_context(viewport={"width": 390, "height": 844})
        watcher = watcher_context.new_page()
        sit_down(watcher, table.url, "watcher")
        watcher.wait_for_timeout(300)
        check(not watcher.is_visible('[data-action="claim"]'), "a spectator sees the Set button")
        check(not watcher.is_visible('[data-action="deal"]'), "a spectator sees the deal button")
        check("Watching" in watcher.inner_text("#status"), "a spectator is not told they watch")
        second.fill("#chat-input", "<img src=x onerror=alert(1)>hi")
        second.press("#chat-input", "Enter")
        watcher.wait_for_timeout(500)
        check("<img src=x onerror=alert(1)>hi" in watcher.inner_text("#chat"), "chat was not shown as text")
        check(watcher.query_selector("#chat img") is None, "chat made markup")
        watcher.screenshot(path=os.path.join(SHOTS, "spectator-390x844.png"))
        watcher_context.close()
        context.close()


def main():
    os.makedirs(SHOTS, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=os.environ.get("CHROMIUM", "/usr/bin/chromium"), args=["--no-sandbox"])
        whole_game(browser, (390, 844), False, "phone-390x844-clicks")
        whole_game(browser, (1366, 768), True, "laptop-1366x768-keys")
        whole_game(browser, (1920, 1080), False, "desktop-1920x1080-clicks")
        seats(browser)
        browser.close()
    print("%d passed, %d failed" % (0 if failures else 1, 1 if failures else 0))
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
