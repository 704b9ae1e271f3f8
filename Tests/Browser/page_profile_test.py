"""Headless Chromium loads the table's page from a profile that already has data for the table's
address (its local storage, as `storage_state` keeps it), ten times over: a browser that knows the
address opens connections ahead of its requests, and every load must get the page, never the line
protocol's banner. Exits 0 when every load held.

protocol.md's rule is that nothing is sent to a connection until it has been silent for 2 s. Chromium
opens a connection when a load starts and sends the request on it once the page is ready to ask, some
0.3 s later here; a machine busy enough can hold the browser up past the 2 s, and the banner is then
what the rule says. Such a load proves nothing either way, so the browser's own log of its network
(`--log-net-log`) is read: a load that failed with a connection of its own held silent past 1.95 s is
set aside and another made; any other failure is the server's."""

import json
import os
import sys
import time

from playwright.sync_api import Error, sync_playwright

from table import Table, check, failures

LOADS = 10
MOST_TRIES = 30
# Silent this long before its request, a connection may have been sent the banner, as protocol.md says.
SNIFFING_SECONDS = 2.0
HELD = SNIFFING_SECONDS - 0.05


def stored_profile(browser, table, folder):
    """A profile that has seen the table: the page loaded once and a name left in its storage."""
    context = browser.new_context()
    page = context.new_page()
    page.goto(table.url)
    page.fill("#name", "alice")
    page.evaluate("() => localStorage.setItem('setduel-test', 'seen')")
    path = os.path.join(folder, "state.json")
    context.storage_state(path=path)
    context.close()
    with open(path) as state:
        origins = [origin["origin"] for origin in json.load(state).get("origins", [])]
    check(any(str(table.port) in origin for origin in origins), "the profile holds no data for the table: %s" % origins)
    return path


def held_connections(log_path, port):
    """Each connection to the table that carried a request: (connected, first sent), in ms since the
    epoch. (One the browser opened and never used carried no load's request.)"""
    with open(log_path) as log:
        data = json.load(log)
    constants = data["constants"]
    offset = int(constants["timeTickOffset"])
    names = {value: key for key, value in constants["logEventTypes"].items()}
    connected, sent, remote = {}, {}, {}
    for event in data["events"]:
        name, source, at = names.get(event["type"]), event["source"]["id"], int(event["time"]) + offset
        params = event.get("params", {})
        if name == "TCP_CONNECT" and event.get("phase") == 2 and "remote_address" in params:
            connected[source], remote[source] = at, params["remote_address"]
        elif name == "SOCKET_BYTES_SENT" and source not in sent:
            sent[source] = at
    return [(connected[s], sent[s]) for s in connected if s in sent and remote[s].endswith(":%d" % port)]


def held_past_the_rule(connections, start, end):
    """The longest a connection made during [start, end] stayed silent before its request, in s."""
    return max([(first - made) / 1000 for made, first in connections if start - 100 <= made <= end], default=0.0)


def main():
    folder = os.environ.get("TMPDIR", "/tmp")
    log_path = os.path.join(folder, "setduel-profile-netlog-%d.json" % os.getpid())
    loads = []  # (start ms, end ms, the failure or None)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=os.environ.get("CHROMIUM", "/usr/bin/chromium"),
                                    args=["--no-sandbox", "--log-net-log=" + log_path])
        with Table(bot=None) as table:
            port = table.port
            state = stored_profile(browser, table, folder)
            while len(loads) < MOST_TRIES and sum(1 for load in loads if load[2] is None) < LOADS:
                start = time.time() * 1000
                context = browser.new_context(storage_state=state)
                page = context.new_page()
                failure = None
                try:
                    response = page.goto(table.url, timeout=20000)
                    if response is None or response.status != 200:
                        failure = "status %s" % (response and response.status)
                    else:
                        page.wait_for_selector("#name", timeout=20000)
                        stored = page.evaluate("() => localStorage.getItem('setduel-test')")
                        if stored != "seen":
                            failure = "the stored data is gone (%r)" % stored
                except Error as error:
                    failure = str(error).splitlines()[0]
                context.close()
                # A failure is tried again, in case the log sets it aside; the log is read once the browser ends.
                loads.append((start, time.time() * 1000, failure))
        browser.close()
    connections = held_connections(log_path, port)
    good, held = 0, 0
    for number, (start, end, failure) in enumerate(loads, 1):
        if failure is None:
            good += 1
            continue
        silent = held_past_the_rule(connections, start, end)
        if silent >= HELD:
            held += 1
            print("load %d: the browser held its connection silent for %.1f s, past the %.1f s a request may wait;"
                  " set aside (%s)" % (number, silent, SNIFFING_SECONDS, failure), flush=True)
        else:
            check(False, "load %d: %s (its connections silent at most %.2f s)" % (number, failure, silent))
    check(good >= LOADS, "only %d loads of %d got the page (%d held up past the rule)" % (good, len(loads), held))
    os.remove(log_path)
    print("profile: %d loads, %d failures; %d set aside, held up past the rule" % (good, len(failures), held), flush=True)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
