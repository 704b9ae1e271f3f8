"""Headless Chromium as a friend who has never played: How to play on a first visit and from its
button (real cards, the claim window's seconds from the table's rules, a variant's rule and its Set
button); why a point was lost, beside the cards and the scores, for a needless deal, a claim that ran
out and the turn handed over after a wrong pick, cleared when the table changes; the countdown's
seconds, and a selected card unlike a card just dealt; the other player's rematch request by the
buttons, a free seat waiting for a player, the variant and the computer player on the join screen, a
pause's forfeit countdown, also after a reload during it; the log after a reload, in the second
person, and a claim taken back in its middle; the favicon, and one line a set; How to play's seconds
on a first visit, before a name (RULES); a turn's seconds counting down in the notice; the
computer's mood, a face by its name. Saves screenshots of each at 390x844, 844x390 and
1366x768. Exits 0 when everything held."""

import itertools
import os
import re
import socket
import sys
import time

from playwright.sync_api import sync_playwright

from table import Table, check, failures, find_set, is_set, wait_until

SHOTS = os.environ.get("SETDUEL_SCREENSHOTS", "/tmp/setduel-page-shots")
SIZES = [(390, 844), (844, 390), (1366, 768)]
errors = []


def open_page(browser, size=(1366, 768), seen=True):
    """A page in a browser of its own; `seen`: one that has already read How to play."""
    context = browser.new_context(viewport={"width": size[0], "height": size[1]})
    if seen:
        context.add_init_script("localStorage.setItem('setduel:howto-seen', '1')")
    page = context.new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    return page


def sit_down(page, url, name):
    page.goto(url)
    page.fill("#name", name)
    page.click("#join-button")
    page.wait_for_selector("#join", state="hidden", timeout=20000)


def cards(page):
    return dict(page.eval_on_selector_all("#table [data-card]", "els => els.map(e => [e.dataset.slot, e.dataset.card])"))


def shoot(page, label, on_screen=('[data-action="claim"]',)):
    """A screenshot at each size; at each, the Set button (and what else `on_screen` names), when
    shown, wholly on the screen."""
    before = page.viewport_size
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(250)
        page.evaluate("() => window.scrollTo(0, 0)")
        for selector in on_screen:
            element = page.query_selector(selector)
            if element and element.is_visible() and not page.evaluate("() => $('howto').matches(':modal')"):
                box = element.bounding_box()
                check(box["y"] >= 0 and box["y"] + box["height"] <= height + 0.5,
                      "%s at %dx%d: %s is off the screen: %s" % (label, width, height, selector, box))
        page.screenshot(path=os.path.join(SHOTS, "%s-%dx%d.png" % (label, width, height)))
    page.set_viewport_size(before)


def pick(page, slots):
    for slot in slots:
        page.click('#table [data-slot="%s"]' % slot)
        page.wait_for_timeout(120)


def open_play(page):
    return wait_until(page, lambda: page.inner_text("#status").startswith("Open play"), "play did not open again", 300)


def with_a_set(dealer):
    """Deals (no set on the table, so at no cost) until the table holds a set; its slots."""
    for _ in range(6):
        trio = find_set(cards(dealer))
        if trio:
            return trio
        count = len(cards(dealer))
        dealer.click('[data-action="deal"]')
        wait_until(dealer, lambda: len(cards(dealer)) > count, "three more cards were not dealt")
    return find_set(cards(dealer))


def not_a_set(page):
    table = cards(page)
    return next(t for t in itertools.combinations(sorted(table), 3) if not is_set([table[s] for s in t]))


def why(page):
    return page.inner_text("#why") if page.is_visible("#why") else ""


def event_lines(page):
    return page.eval_on_selector_all("#log li[data-event]", "els => els.map(e => e.innerText)")


def turn_seconds(page, words):
    """The seconds a turn's notice gives before `words` (`Your turn: 9.7 s to find it`), or None."""
    found = re.search(r"(\d+\.\d) s" + re.escape(words), why(page))
    return float(found.group(1)) if found else None


def counts_down(page, words, most):
    """Whether the seconds of a turn's notice are at most `most` and fall within a second, live."""
    first = turn_seconds(page, words)
    page.wait_for_timeout(1000)
    second = turn_seconds(page, words)
    check(first is not None and second is not None and second < first <= most,
          "the notice's seconds do not count down: %s then %s in %r" % (first, second, why(page)))


def how_to_play(browser, url):
    """Item 1 on a first visit: shown above the join screen, with real cards, and the table's numbers
    (asked with RULES before a name); remembered once closed."""
    page = open_page(browser, (390, 844), seen=False)
    page.goto(url)
    wait_until(page, lambda: page.is_visible("#howto"), "a first visit does not show How to play")
    wait_until(page, lambda: "within 6.5 s" in page.inner_text("#howto"),
               "a first visit's How to play lacks the table's seconds: %r" % page.inner_text("#howto"))
    check("a few seconds" not in page.inner_text("#howto"), "a first visit's How to play shows a placeholder")
    check(not page.evaluate("() => $('howto').matches(':modal')"), "the first visit's help hides the join screen")
    same = page.evaluate("""() => Array.from(document.querySelectorAll('#howto [data-example]')).map(card =>
        card.querySelector('svg').outerHTML === cardSVG(card.dataset.example).outerHTML && card.classList.contains('card'))""")
    check(len(same) >= 6 and all(same), "How to play's cards are not drawn as the table's: %s" % same)
    text = page.inner_text("#howto")
    check("all the same" in text and "all different" in text, "How to play does not say what a set is")
    check("Not a set: colour is green, green, red" in text, "How to play does not show why three cards are not a set")
    check("costs" in text and "Deal 3" in text, "How to play does not say what costs a point")
    shoot(page, "howto-first-visit")
    page.click("#howto-close")
    check(not page.is_visible("#howto"), "Got it does not close How to play")
    page.reload()
    page.wait_for_selector("#name")
    page.wait_for_timeout(300)
    check(not page.is_visible("#howto"), "How to play is shown again after it was read")
    page.context.close()


def main():
    os.makedirs(SHOTS, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=os.environ.get("CHROMIUM", "/usr/bin/chromium"), args=["--no-sandbox"])
        with Table(bot=None, seed=7, extra=["--claim-window", "6.5", "--grace", "60"]) as table:
            how_to_play(browser, table.url)
            ann = open_page(browser, (390, 844))
            sit_down(ann, table.url, "ann")
            bob = open_page(browser)
            sit_down(bob, table.url, "bob")
            ann.wait_for_selector("#table [data-card]", timeout=20000)
            bob.wait_for_selector("#table [data-card]", timeout=20000)

            # 1. How to play from its button: the seconds of this table's rules (6.5 s to pick, 13 s
            # after it), over the table; a card's key does not pick while it is read.
            ann.click("#howto-open")
            check(ann.evaluate("() => $('howto').matches(':modal')"), "the button does not show How to play over the table")
            text = ann.inner_text("#howto")
            check("within 6.5 s" in text and "13 s alone" in text, "How to play does not give the table's windows: %r" % text)
            ann.keyboard.press("a")
            ann.wait_for_timeout(300)
            check(ann.is_visible("#howto"), "a key closed How to play")
            shoot(ann, "howto-table")
            ann.keyboard.press("Escape")
            check(not ann.is_visible("#howto"), "Escape does not close How to play")
            check(ann.inner_text("#status").startswith("Open play"), "a key picked a card under How to play")

            # 6. The favicon: a small card, served by the table.
            icon = ann.evaluate("""async () => { const r = await fetch(document.querySelector('link[rel=icon]').href);
                return [r.status, r.headers.get('content-type'), await r.text()]; }""")
            check(icon[0] == 200 and icon[1] == "image/svg+xml" and icon[2].lstrip().startswith("<svg") and "<rect" in icon[2],
                  "no favicon: %s" % icon[:2])

            # 2. A needless deal: -1 beside the scores and the cards, and the other player's turn.
            trio = with_a_set(ann)
            ann.click('[data-action="deal"]')
            wait_until(ann, lambda: ann.is_visible("#why"), "a needless deal is not explained at the top")
            check(ann.get_attribute("#why", "data-reason") == "needless" and "-1" in why(ann) and "a set was on the table" in why(ann),
                  "the needless deal's notice says %r" % why(ann))
            check(ann.inner_text('.score[data-seat="1"] .delta') == "-1", "the score does not show the -1")
            wait_until(bob, lambda: turn_seconds(bob, " to find it") is not None, "the other player is not told it is their turn: %r" % why(bob))
            counts_down(bob, " to find it", 9.8)
            shoot(ann, "why-needless")
            pick(bob, trio)
            wait_until(ann, lambda: not ann.is_visible("#why"), "the notice stays after the table changed")
            check(not ann.is_visible('.score[data-seat="1"] .delta'), "the -1 stays after the table changed")

            # 6. One line a set, with its +1.
            sets = [line for line in event_lines(bob) if "found a set" in line]
            check(len(sets) == 1 and "+1" in sets[0] and sets[0].startswith("You found a set"), "the log tells a set as %s" % sets)
            check(not any("called Set" in line or "gained" in line for line in event_lines(bob)), "the log tells a set in more lines")

            # 3. A selected card just dealt is not drawn as the other cards just dealt; the countdown's seconds.
            open_play(ann)
            new = sorted(ann.eval_on_selector_all("#table .card.new", "els => els.map(e => e.dataset.slot)"))
            check(len(new) >= 2, "no cards shown just dealt: %s" % new)
            ann.click('#table [data-slot="%s"]' % new[0])
            wait_until(ann, lambda: ann.is_visible('#table [data-slot="%s"].selected' % new[0]), "the pick is not shown")
            style = ann.evaluate("""slots => slots.map(s => getComputedStyle(document.querySelector('#table [data-slot="' + s + '"]')).borderTopStyle)""",
                                 new[:2])
            check(style == ["solid", "dashed"], "a selected card just dealt looks like one just dealt: %s" % style)
            seconds = ann.inner_text("#countdown-seconds")
            check(re.fullmatch(r"\d\.\d s", seconds) is not None and float(seconds[:-2]) <= 6.5, "the countdown says %r" % seconds)
            shoot(ann, "selected-new-card")

            # 2. The claim runs out: -1 and the turn handed over, said to both.
            wait_until(ann, lambda: ann.get_attribute("#why", "data-reason") == "expired", "a claim that ran out is not explained", 300)
            check("did not pick three cards within 6.5 s" in why(ann) and "-1" in why(ann), "the notice says %r" % why(ann))
            wait_until(bob, lambda: turn_seconds(bob, " to find a set alone") is not None, "the turn handed over is not said: %r" % why(bob))
            counts_down(bob, " to find a set alone", 13)
            shoot(ann, "why-expired")
            trio = find_set(cards(bob))
            if trio:
                pick(bob, trio)
            open_play(ann)

            # 2. A wrong pick hands the turn over: the other player is told why, with the -1, and that it is theirs.
            with_a_set(ann)
            wrong = not_a_set(ann)
            pick(ann, wrong)
            wait_until(bob, lambda: "not a set" in why(bob) and "Your turn" in why(bob), "the turn after a wrong pick is not said: %r" % why(bob))
            check(bob.inner_text("#why .why-delta") == "-1" and "ann picked" in why(bob), "bob's notice says %r" % why(bob))
            check(bob.inner_text('.score[data-seat="1"] .delta') == "-1", "bob's page does not show ann's -1 on her score")
            shoot(bob, "why-wrong-pick-turn")
            trio = find_set(cards(bob))
            if trio:
                pick(bob, trio)
            open_play(ann)

            # 5. A reload: the game so far, in the second person, each line once.
            before = event_lines(ann)
            before = before[next(i for i, line in enumerate(before) if line.startswith("Game 1 begins")):]
            ann.reload()
            ann.wait_for_selector("#table [data-card]", timeout=20000)
            wait_until(ann, lambda: len(event_lines(ann)) >= len(before), "the log is not told again after a reload")
            after = event_lines(ann)
            check(after[:len(before)] == before, "the log after a reload differs:\n%s\n%s" % (before, after))
            told = "\n".join(after)
            check("You asked for three more cards" in told and "You picked" in told and "Your time ran out" in told,
                  "the log after a reload is not in the second person: %s" % after)
            check("ann " not in told, "the log after a reload names ann to herself: %s" % after)
            shoot(ann, "reload-log")

            # 5. Back in the middle of your own claim: how long is left, first.
            open_play(ann)
            ann.click('#table [data-slot="A"]')
            wait_until(ann, lambda: ann.inner_text("#status").startswith("Your pick"), "the click did not call Set")
            ann.reload()
            ann.wait_for_selector("#table [data-card]", timeout=20000)
            wait_until(ann, lambda: ann.inner_text("#notice").startswith("You are back in the middle of your claim:"),
                       "a claim taken back does not say how long is left: %r" % ann.inner_text("#notice"))
            check(re.search(r"\d+(\.\d)? s left to pick three cards", ann.inner_text("#notice")) is not None, ann.inner_text("#notice"))
            shoot(ann, "reload-claim")
            open_play(ann)

            # 4. A pause: the forfeit's countdown, as the terminal client shows it.
            bob_context = bob.context
            bob.close()
            wait_until(ann, lambda: "forfeit in" in ann.inner_text("#status"), "a pause does not show the forfeit countdown")
            found = re.search(r"Paused: bob away, forfeit in (\d+) s", ann.inner_text("#status"))
            check(found is not None and int(found.group(1)) <= 60, "the pause says %r" % ann.inner_text("#status"))
            shoot(ann, "paused-forfeit")
            # A reload during the pause: the countdown goes on from what STATE's PLAYER line says.
            ann.reload()
            ann.wait_for_selector("#table [data-card]", timeout=20000)
            wait_until(ann, lambda: "forfeit in" in ann.inner_text("#status"),
                       "after a reload the pause lacks the forfeit countdown: %r" % ann.inner_text("#status"))
            again = re.search(r"forfeit in (\d+) s", ann.inner_text("#status"))
            check(again is not None and found is not None and int(again.group(1)) <= int(found.group(1)),
                  "after a reload the pause says %r" % ann.inner_text("#status"))
            ann.wait_for_timeout(2100)
            later = re.search(r"forfeit in (\d+) s", ann.inner_text("#status"))
            check(later is not None and again is not None and int(later.group(1)) < int(again.group(1)),
                  "after a reload the forfeit does not count down: %r" % ann.inner_text("#status"))
            shoot(ann, "paused-forfeit-reloaded")
            bob_context.close()
            ann.context.close()

        with Table(bot=None, seed=7, extra=["--first-to", "1"]) as table:
            # 4. The other player's rematch request by the buttons; a free seat waits for a player.
            ann = open_page(browser, (390, 844))
            sit_down(ann, table.url, "ann")
            bob = open_page(browser)
            sit_down(bob, table.url, "bob")
            ann.wait_for_selector("#table [data-card]", timeout=20000)
            pick(ann, find_set(cards(ann)))
            ann.wait_for_selector("#over:not([hidden])", timeout=20000)
            bob.wait_for_selector('[data-action="rematch-same"]:not([hidden])', timeout=20000)
            bob.click('[data-action="rematch-same"]')
            wait_until(ann, lambda: "bob asks to play the same deck" in ann.inner_text("#asks"), "bob's request is not by the buttons")
            check("wanted" in ann.get_attribute('[data-action="rematch-same"]', "class"), "the button bob chose is not marked")
            wait_until(bob, lambda: "waiting for ann" in bob.inner_text("#asks"), "bob is not told his request waits")
            shoot(ann, "rematch-asked", ("#asks", '[data-action="rematch-same"]'))
            bob.context.close()
            wait_until(ann, lambda: "waiting for a player" in ann.inner_text('.score[data-seat="2"]'), "the free seat is not waiting for a player")
            check("away" not in ann.get_attribute('.score[data-seat="2"]', "class"), "the free seat is shown away")
            shoot(ann, "seat-free")
            ann.context.close()

        with Table(bot="easy") as table:
            # 4. The join screen of `serve --bot`: the computer player is said before it has sat down.
            eve = open_page(browser, (390, 844))
            eve.goto(table.url)
            wait_until(eve, lambda: "You play the computer (easy)" in eve.inner_text("#join-about"),
                       "the join screen does not say the computer plays here: %r" % eve.inner_text("#join-about"))
            shoot(eve, "join-serve-bot")
            # 12. The computer's mood, a face by its name, from its MOOD lines.
            sit_down(eve, table.url, "eve")
            eve.wait_for_selector("#table [data-card]", timeout=20000)
            mood = '.score[data-seat="2"] .mood'
            wait_until(eve, lambda: eve.is_visible(mood), "the computer shows no mood")
            check(eve.get_attribute(mood, "data-mood") in ("looking", "sure", "glad", "beaten")
                  and eve.query_selector(mood + " svg circle") is not None and eve.get_attribute(mood, "title"),
                  "the mood shown is %r" % eve.get_attribute(mood, "data-mood"))
            shoot(eve, "mood")
            # The easy computer is sure for its last 2 s before it claims; on a loaded machine its first
            # claim may come late, so the watch is bounded by the clock (90 s), not by a count of looks.
            seen = set()
            watch_ends = time.monotonic() + 90
            while time.monotonic() < watch_ends:
                if eve.is_visible(mood):
                    seen.add(eve.get_attribute(mood, "data-mood"))
                if {"looking", "sure"} <= seen:
                    break
                eve.wait_for_timeout(100)
            check({"looking", "sure"} <= seen, "the computer's moods seen: %s" % sorted(seen))
            eve.context.close()

        for variant, button, example in [("ultra", "UltraSet!", 5), ("chain", "Chain set!", 6)]:
            with Table(bot=None) as table:
                # 4. The join screen of a table where dan plays the computer says the game and the computer;
                # 1. a variant's rule, its example and its button.
                opener = socket.create_connection(("127.0.0.1", table.port), timeout=60)
                opener.sendall(b"NAME dan\r\n")
                reply = b""
                while b"OK NAME" not in reply:
                    reply += opener.recv(4096)
                opener.sendall(b"OPEN variant=%s bot=easy\r\n" % variant.encode())
                while b"OK OPEN" not in reply or b"begins" not in reply:  # dan's game with the computer began.
                    try:
                        reply += opener.recv(4096)
                    except socket.timeout:
                        sys.exit("%s: no game against the computer began at a new table: %r" % (variant, reply[-500:]))
                number = re.search(rb"OK OPEN (\d+)", reply).group(1).decode()
                url = table.url + "#t=" + number
                cy = open_page(browser, (390, 844))
                cy.goto(url)
                wait_until(cy, lambda: cy.is_visible("#join-about"), "the join screen says nothing of the table")
                about = cy.inner_text("#join-about")
                check(("plays " + variant) in about and "dan plays the computer (bot-easy, easy): you will watch" in about,
                      "the join screen says %r" % about)
                shoot(cy, "join-%s-bot" % variant)
                sit_down(cy, url, "cy")
                cy.wait_for_selector("#table [data-card]", timeout=20000)
                named = cy.text_content('[data-action="claim"]')
                check(named == button, "the Set button is %r" % named)
                cy.click("#howto-open")
                text = cy.inner_text("#howto")
                check(("How to play " + variant) in text and button in text and "within 5 s" in text, "How to play %s says %r" % (variant, text))
                shown = len(cy.query_selector_all("#howto [data-example]"))
                check(shown == 6 + example, "How to play %s draws %d cards" % (variant, shown))
                shoot(cy, "howto-%s" % variant)
                cy.context.close()
                opener.close()
        browser.close()
    check(not errors, "script errors: %s" % errors)
    print("newcomer: %d failures" % len(failures), flush=True)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
