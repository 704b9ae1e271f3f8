"""The projector page against bad input and a long evening: 64 names of 40 wide characters with
control and bidirectional characters (cut with an ellipsis, never overlapping, shown harmless, paged
by themselves); 1,000 standings updates leave the JavaScript heap within 0.5% of what 100 left, and
2,000 within 0.5% of 1,000 (the script interpreted, so that code V8 compiles is not counted); the server
stopped (the page says so) and started again on the same port (it comes back by itself); 200
projector pages at once, each answered within the same limits as any spectator."""

import asyncio
import os
import sys
import threading
import time

import websockets
from playwright.sync_api import sync_playwright

from tv_support import SHOTS, ORGANISER, Hall, Line, decode_qr, page_standings, check, failures, wait_for


# The page's own lines, fed to it without a server: `count` players named `name(i)`, ranks turned
# by `turn`, as STANDING lines and their OK, then HALL lines of tables under way and ended.
FEED = """([count, turn, wide]) => {
  const name = (i) => wide ? "全".repeat(18) + "\\u202e\\u001b[2J" + "界".repeat(20) + i : "p" + i;
  tv.tournament = { format: "arena", state: "running", entrants: count, ms: 600000, at: performance.now() };
  for (let k = 0; k < count; k++) {
    const i = (k + turn) % count;
    handleLine("STANDING " + (k + 1) + " " + name(i) + " " + (100 - k) + " performance=" + (2000 - k) +
      ",games=" + k + " " + k + " " + k + " 0 0 0 " + (k % 4) + " playing");
  }
  handleLine("OK STANDINGS " + count);
  for (let t = 1; t <= 8; t++) {
    const a = name((t * 2 + turn) % count), b = name((t * 2 + 1 + turn) % count);
    handleLine("HALL " + t + " table-" + t + " normal 1 sets " + a + " " + b + " 0 0 playing 0 -");
    handleLine("HALL " + t + " table-" + t + " normal 1 sets " + a + " " + b + " 1 0 over 0 -");
  }
  draw();
}"""


# The heap is measured with a collection forced (gc), and with the script only interpreted: no
# baseline or optimised machine code, feedback made at once, bytecode kept.
HEAP_FLAGS = "--expose-gc --no-opt --no-sparkplug --no-maglev --no-lazy-feedback-allocation --no-flush-bytecode"


def detached(page):
    """The page stops its connection, to be fed by hand."""
    page.evaluate("tv.stopped = true; if (tv.ws) tv.ws.close();")


def wide_names(browser, hall):
    for width, height in [(1920, 1080), (1280, 720)]:
        label = "%dx%d" % (width, height)
        page = browser.new_page(viewport={"width": width, "height": height})
        page.goto(hall.url + "tv")
        wait_for(page, "tv.tournament !== null", label + ": the page never heard the server")
        detached(page)
        page.evaluate(FEED, [64, 0, True])
        seen = page.evaluate("""() => {
          const rows = Array.from(document.querySelectorAll('#tv-rows tr')).filter(r => !r.hidden);
          const bad = /[\\u0000-\\u001f\\u202a-\\u202e\\u2066-\\u2069]/;
          let overlap = 0, cut = 0, harmful = 0;
          for (const r of rows) {
            const name = r.querySelector('.name'), points = r.querySelector('.points');
            if (name.getBoundingClientRect().right > points.getBoundingClientRect().left + 0.5) overlap++;
            if (name.scrollWidth > name.clientWidth && getComputedStyle(name).textOverflow === 'ellipsis') cut++;
            if (bad.test(name.textContent)) harmful++;
          }
          const tiles = Array.from(document.querySelectorAll('.t-who, .r-who'));
          const wide = tiles.filter(e => e.getBoundingClientRect().right > innerWidth + 0.5).length;
          return { rows: rows.length, overlap, cut, harmful, wide, all: document.querySelectorAll('#tv-rows tr').length,
                   pageOf: document.getElementById('tv-page').textContent, scroll: document.documentElement.scrollHeight <= innerHeight };
        }""")
        check(seen["all"] == 64, "%s: %d rows, not 64" % (label, seen["all"]))
        check(seen["rows"] >= 10, "%s: only %d rows on the first page" % (label, seen["rows"]))
        check(seen["overlap"] == 0, "%s: %d names overlap their points" % (label, seen["overlap"]))
        check(seen["cut"] == seen["rows"], "%s: %d of %d long names cut with an ellipsis" % (label, seen["cut"], seen["rows"]))
        check(seen["harmful"] == 0, "%s: %d names shown with control or bidi characters" % (label, seen["harmful"]))
        check(seen["wide"] == 0, "%s: %d tile names run off the screen" % (label, seen["wide"]))
        check(seen["pageOf"].startswith("page 1 of "), "%s: 64 players are not paged (%r)" % (label, seen["pageOf"]))
        check(seen["scroll"], "%s: the page scrolls" % label)
        page.screenshot(path=os.path.join(SHOTS, "wide-names-%s.png" % label))
        # The pages turn by themselves.
        wait_for(page, "document.getElementById('tv-page').textContent.startsWith('page 2 of')",
                 label + ": the standings did not turn to page 2", 25)
        page.screenshot(path=os.path.join(SHOTS, "wide-names-%s-page2.png" % label))
        page.close()
    print("wide names: checked at two sizes")


def heap(browser, hall):
    page = browser.new_page(viewport={"width": 1920, "height": 1080})
    page.goto(hall.url + "tv")
    wait_for(page, "tv.tournament !== null", "heap: the page never heard the server")
    detached(page)

    # The feed is defined once and the updates run inside the page, the event loop turning between
    # them: an evaluate a update would leave a script behind in the browser each time, and measure that.
    page.evaluate("() => { window.tvFeed = " + FEED + "; }")
    fed = [0]

    def used(updates):
        page.evaluate("""async ([from, count]) => {
            for (let turn = from; turn < from + count; turn++) {
              tvFeed([64, turn, turn % 2 === 0]);
              await new Promise((done) => setTimeout(done, 0));
            }
          }""", [fed[0], updates])
        fed[0] += updates
        # The least of five readings, each after a whole collection with the timers turning between them:
        # what a task still running held at one reading (46 KB once, on a busy machine, gone at the next)
        # is not the page's, while what the page keeps is in every reading.
        readings = []
        for _ in range(5):
            page.evaluate("window.gc()")
            page.wait_for_timeout(200)
            readings.append(page.evaluate(
                "[performance.memory.usedJSHeapSize, document.getElementsByTagName('*').length, tv.updates]"))
        return min(readings)

    # Every path of the page's drawing runs before counting starts: 200 updates, some 20 s of the page's
    # time, in which the standings page and turn (as they will all evening) and V8 lays out its tables.
    used(200)
    page.evaluate("tv.updates = 0")  # Counted from here.
    after100 = used(100)
    after1000 = used(900)
    after2000 = used(1000)
    print("heap: after %d updates %d bytes, %d elements; after %d, %d bytes, %d elements; after %d, %d bytes"
          % (after100[2], after100[0], after100[1], after1000[2], after1000[0], after1000[1], after2000[2], after2000[0]))
    check(after1000[2] == 1000, "heap: %d updates taken, not 1000" % after1000[2])
    # The browser runs the page's script without compiling it to machine code (HEAP_FLAGS), so the
    # heap holds the page's own objects and not the code V8 makes as it warms up, which went up and down
    # by 5% from one thousand updates to the next. Measured so, after the warm-up, 100, 1,000 and 2,000
    # updates left 962.0, 962.6 and 962.7 KB (and 961.8, 962.4, 963.0 in another run). The page made to
    # keep one number an update (8 bytes) left 964.7, 969.0 and 976.1 KB, and failed here.
    check(after1000[0] <= after100[0] * 1.005, "heap: %d bytes after 1000 updates, over %d after 100" % (after1000[0], after100[0]))
    check(after2000[0] <= after1000[0] * 1.005, "heap: %d bytes after 2000 updates, more than %d after 1000" % (after2000[0], after1000[0]))
    sizes = page.evaluate("[tv.moves.size, tv.results.length, tv.runs.size, tv.counted.size, tv.reading.length]")
    check(sizes[0] <= 64 and sizes[1] <= 8 and sizes[2] <= 128 and sizes[3] <= 8 and sizes[4] == 0,
          "heap: the page's own records grew: %r" % sizes)
    check(after1000[1] == after100[1] == after2000[1], "heap: the elements grew from %d to %d" % (after100[1], after2000[1]))
    page.close()


def server_gone(browser):
    hall = Hall(["--tables", "3"])
    port, folder = hall.port, hall.folder
    page = browser.new_page(viewport={"width": 1280, "height": 720})
    page.goto(hall.url + "tv")
    wait_for(page, "document.body.dataset.view === 'hall' && document.querySelectorAll('#tv-tables li').length === 3",
             "gone: the hall's three tables are not shown")
    page.screenshot(path=os.path.join(SHOTS, "hall-1280x720.png"))
    read = decode_qr(os.path.join(SHOTS, "hall-1280x720.png"))
    check(read == hall.url, "hall: the QR code reads %r, not %r" % (read, hall.url))
    hall.stop(remove=False)
    wait_for(page, "!document.getElementById('tv-offline').hidden && document.getElementById('tv-offline').textContent.includes('gone')",
             "gone: the page does not say the server is gone")
    page.screenshot(path=os.path.join(SHOTS, "server-gone-1280x720.png"))
    time.sleep(3)
    again = Hall(["--tables", "3"], port=port, folder=folder)
    try:
        wait_for(page, "document.getElementById('tv-offline').hidden && document.querySelectorAll('#tv-tables li').length === 3",
                 "gone: the page did not come back by itself", 40)
        print("gone: said so, and came back by itself")
    finally:
        page.close()
        again.stop()


async def spectator(port, seconds, tally, delay):
    """One projector page's traffic, as tv.js speaks it; it counts the standings answered to it."""
    await asyncio.sleep(delay)  # Pages are opened one after another, not in one instant.
    answered = 0
    try:
        async with websockets.connect("ws://127.0.0.1:%d/ws" % port, open_timeout=30) as ws:
            await ws.send("MODE MACHINE")
            await ws.send("TABLES WATCH")
            end = time.time() + seconds
            while time.time() < end:
                await ws.send("@t TOURNAMENT")
                await ws.send("@s STANDINGS")
                stop = time.time() + 1.1
                while time.time() < stop:
                    try:
                        line = await asyncio.wait_for(ws.recv(), max(0.01, stop - time.time()))
                    except asyncio.TimeoutError:
                        break
                    if line.startswith("OK @s STANDINGS"):
                        tally["answers"] += 1
                        answered += 1
                    if line.startswith("ERR"):
                        tally["errors"].append(line)
    except Exception as error:  # noqa: BLE001 - every failure is counted
        tally["errors"].append(repr(error))
    tally["least"] = min(tally["least"], answered)


def many(browser):
    hall = Hall(["--tournament", "swiss", "--organiser", "org", "--start-in", "10m"])
    try:
        organiser = Line(hall.port)
        organiser.request(ORGANISER)
        for i in range(1, 9):
            hall.bot("m%02d" % i)
        page = browser.new_page(viewport={"width": 1280, "height": 720})
        page.goto(hall.url + "tv")
        tally = {"answers": 0, "errors": [], "least": 1 << 30}

        async def crowd():
            await asyncio.gather(*[spectator(hall.port, 12, tally, i * 0.02) for i in range(199)])

        # Beside Playwright's own event loop: the crowd runs on a thread of its own.
        crowd_thread = threading.Thread(target=lambda: asyncio.run(crowd()))
        crowd_thread.start()
        crowd_thread.join()
        check(not tally["errors"], "many: %d errors, as %r" % (len(tally["errors"]), tally["errors"][:3]))
        check(tally["least"] >= 1, "many: a page was never answered its standings (%d in all)" % tally["answers"])
        wait_for(page, "document.querySelectorAll('#tv-entrants li').length === 8", "many: the real page lost the entrants")
        deadline = time.time() + 15
        expected, shown = None, None
        while time.time() < deadline:
            expected, shown = organiser.standings(), page_standings(page)
            if shown == expected:
                break
            time.sleep(1.2)
        check(shown == expected, "many: the real page's standings %r differ from %r" % (shown, expected))
        print("many: 200 projector pages, %d standings answered, %d errors" % (tally["answers"], len(tally["errors"])))
        page.close()
    finally:
        hall.stop()


def main():
    os.makedirs(SHOTS, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=os.environ.get("CHROMIUM", "/usr/bin/chromium"),
                                    args=["--no-sandbox"])
        hall = Hall(["--tables", "2"])
        try:
            wide_names(browser, hall)
            interpreted = p.chromium.launch(executable_path=os.environ.get("CHROMIUM", "/usr/bin/chromium"),
                                            args=["--no-sandbox", "--enable-precise-memory-info", "--js-flags=" + HEAP_FLAGS])
            heap(interpreted, hall)
            interpreted.close()
        finally:
            hall.stop()
        server_gone(browser)
        many(browser)
        browser.close()
    print("tv bad input: %d failures" % len(failures))
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
