"""The projector page (/tv) in headless Chromium at 1920x1080 (dark) and 1280x720 (light) through a
whole Swiss of 16 bots and a whole short arena: at each step of the standings that holds still, both
pages show the server's STANDINGS; the QR code in a screenshot decodes to the page's own join address;
the top ten rows and the clock are on screen; the featured tables' cards are the server's. Screenshots go to $TV_SHOTS (default /tmp/setduel-tv)."""

import os
import re
import sys
import time

from playwright.sync_api import sync_playwright

from tv_support import SHOTS, Hall, Line, decode_qr, page_standings, check, failures, shoot, wait_for


def qr_reads(page, label, hall):
    path = shoot(page, label)
    read = decode_qr(path)
    own = page.evaluate("joinAddress()")
    check(own == hall.url, "%s: the page's join address %r is not %r" % (label, own, hall.url))
    check(read == own, "%s: the QR code reads %r, not the page's join address %r" % (label, read, own))


def on_screen(page, label, rows):
    """The clock shows, and the first `rows` rows (ten at most) are visible on the screen, whole, when
    the first page of the standings shows."""
    wait_for(page, "tv.page === 0", label + ": the first page of the standings never shows", 25)
    seen = page.evaluate("""(rows) => {
        const inside = (e) => { const r = e.getBoundingClientRect();
          return r.width > 0 && r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth; };
        const shown = Array.from(document.querySelectorAll('#tv-rows tr')).slice(0, rows).filter(inside).length;
        const clock = document.getElementById('tv-clock');
        return { shown, clock: clock.textContent, clockIn: inside(clock),
                 px: parseFloat(getComputedStyle(document.querySelector('#tv-rows td.name') || clock).fontSize) };
      }""", rows)
    check(seen["shown"] == rows, "%s: %d of the top %d rows are on screen" % (label, seen["shown"], rows))
    check(seen["clockIn"] and seen["clock"], "%s: the clock is not on screen (%r)" % (label, seen["clock"]))
    return seen


def cards_live(page, label, observer):
    """A featured table's cards drawn small are that table's cards: the tile and the server's PEEK are
    sampled together for some seconds of play, and the tile must show a table the server had (cards
    change as sets are found, so no one sample need match); every card is a drawing inside its tile.
    A game may end while it is sampled (its tile goes): another featured table is then tried."""
    deadline = time.time() + 60
    while time.time() < deadline:
        tiles = page.evaluate("Array.from(document.querySelectorAll('#tv-featured .tv-tile')).map(t => t.dataset.table)")
        if not tiles:
            time.sleep(0.5)
            continue
        table = tiles[0]
        server, shown, gone = set(), set(), False
        until = time.time() + 8
        while time.time() < until and not (server & shown):
            cards = observer.peek(table)
            if cards:
                server.add(" ".join(cards))
            drawn = page.evaluate("""(id) => { const t = document.querySelector('#tv-featured .tv-tile[data-table="' + id + '"]');
                return t ? Array.from(t.querySelectorAll('.t-card')).map(c => c.dataset.card).join(' ') : null; }""", table)
            if drawn is None:
                gone = True
                break
            if drawn:
                shown.add(drawn)
            time.sleep(0.25)
        if gone and not (server & shown):
            continue
        check(server & shown, "%s: table %s's tile never showed its cards: shown %r, the server's %r"
              % (label, table, sorted(shown)[:2], sorted(server)[:2]))
        fit = page.evaluate("""(id) => { const t = document.querySelector('#tv-featured .tv-tile[data-table="' + id + '"]');
            if (!t) return ''; const box = t.getBoundingClientRect();
            for (const c of t.querySelectorAll('.t-card')) { const r = c.getBoundingClientRect();
              if (!c.querySelector('svg[aria-label]')) return 'a card without its drawing';
              if (r.width < 8 || r.left < box.left || r.right > box.right + 0.5 || r.top < box.top || r.bottom > box.bottom + 0.5) return 'a card outside its tile'; }
            return ''; }""", table)
        check(fit == "", "%s: table %s: %s" % (label, table, fit))
        return
    check(False, "%s: in a minute no featured table's cards could be compared with the server's" % label)


def follow(hall, pages, name, organiser):
    """Until the tournament is over: the server's standings polled about once a second; each snapshot
    that holds still for four polls (some four seconds, the page redrawing within two) must have been
    shown by every page while it held. (An arena's standings change every few seconds: eight polls
    were too long to wait for on a busy machine.)"""
    judged = 0
    previous, held, matched = None, 0, set()
    shots = {"board": False}
    breaks = set()  # The pages seen counting down a Swiss's break to its next round.
    deadline = time.time() + 900
    while time.time() < deadline:
        now = organiser.standings()
        state = organiser.state()
        if now != previous:
            if held >= 4:
                judged += 1
                for label in pages:
                    check(label in matched, "%s %s: the standings held for %d polls and never showed: %r"
                          % (name, label, held, previous))
            previous, held, matched = now, 0, set()
        held += 1
        for label, page in pages.items():
            if page_standings(page) == now:
                matched.add(label)
            if re.fullmatch(r"round \d+ in \d+:\d\d", page.evaluate("document.getElementById('tv-clock').textContent")):
                breaks.add(label)
        if state == "running" and not shots["board"] and now and any(int(r[0]) and float(r[2]) > 0 for r in now):
            shots["board"] = True
            for label, page in pages.items():
                on_screen(page, "%s %s" % (name, label), min(10, len(now)))
                cards_live(page, "%s %s" % (name, label), organiser)
                qr_reads(page, "%s-%s-board" % (name, label), hall)
        if state == "finished":
            break
        time.sleep(1.1)
    check(organiser.state() == "finished", "%s: the tournament did not finish" % name)
    final = organiser.standings()
    for label, page in pages.items():
        wait_for(page, "document.body.dataset.view === 'podium'", "%s %s: no podium" % (name, label))
        deadline = time.time() + 20
        while time.time() < deadline and page_standings(page) != final:
            time.sleep(0.5)
        shown = page_standings(page)
        check(shown == final, "%s %s: the final standings differ: %r" % (
            name, label, [(a, b) for a, b in zip(shown, final) if a != b][:3] or (len(shown), len(final))))
        if name == "swiss":
            check(label in breaks, "%s %s: the clock never counted down a break between rounds" % (name, label))
        fastest = organiser.fastest()
        figures = page.evaluate("Array.from(document.querySelectorAll('#tv-figures .tv-figure')).map(f => f.textContent)")
        check(fastest is not None, "%s: the finished tournament's TOURNAMENT told no fastest set" % name)
        if fastest is not None:
            shown = "Fastest set%.1f s (%s)" % (int(fastest[0] / 100 + 0.5) / 10, fastest[1])
            check(shown in figures, "%s %s: the figures %r lack %r" % (name, label, figures, shown))
        podium = page.evaluate("Array.from(document.querySelectorAll('#tv-places li')).map(p => p.dataset.name)")
        check(podium == [r[1] for r in final[:3]], "%s %s: the podium %r is not %r" % (name, label, podium, final[:3]))
        shoot(page, "%s-%s-podium" % (name, label))
    print("%s: %d steps of the standings judged, all shown" % (name, judged), flush=True)
    return judged


def tournament(browser, name, options, bots, first_to=1):
    """The tournament starts by itself once `bots` have entered: the join screen is judged with one
    fewer, and the last bot then starts it."""
    hall = Hall(options + ["--min-players", str(bots), "--start-in", "10m", "--first-to", str(first_to)])
    try:
        observer = Line(hall.port)  # Never named: it sits nowhere, as the page.
        pages = {}
        for label, width, height, theme in [("1920x1080", 1920, 1080, "dark"), ("1280x720", 1280, 720, "light")]:
            page = browser.new_page(viewport={"width": width, "height": height})
            page.goto(hall.url + "tv?theme=" + theme)
            pages[label] = page
        for label, page in pages.items():
            wait_for(page, "document.body.dataset.view === 'join'", "%s %s: no join screen" % (name, label))
        names = ["%s%02d" % (name[0], i) for i in range(1, bots + 1)]
        for bot in names[:-1]:
            hall.bot(bot)
        for label, page in pages.items():
            wait_for(page, "document.querySelectorAll('#tv-entrants li').length === %d" % (bots - 1),
                     "%s %s: the entrants are not all shown" % (name, label), 60)
            qr_reads(page, "%s-%s-join" % (name, label), hall)
        hall.bot(names[-1])
        judged = follow(hall, pages, name, observer)
        # A Swiss's standings hold still between rounds. An arena's change whenever a game ends, with its
        # players seated at once again: each step that held is judged, and the final standings always are.
        if name == "swiss":
            check(judged >= 4, "%s: only %d steps held still to be judged" % (name, judged))
        for page in pages.values():
            page.close()
    finally:
        hall.stop()


def main():
    os.makedirs(SHOTS, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=os.environ.get("CHROMIUM", "/usr/bin/chromium"),
                                    args=["--no-sandbox"])
        tournament(browser, "swiss", ["--tournament", "swiss"], 16)
        tournament(browser, "arena", ["--tournament", "arena", "--minutes", "1", "--arena-wait", "1"], 4, first_to=3)
        browser.close()
    print("tv: %d failures" % len(failures))
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
