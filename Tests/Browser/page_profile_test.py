"""Headless Chromium loads the table's page from a profile that already has data for the table's
address (its local storage, as `storage_state` keeps it), ten times over: a browser that knows the
address opens connections ahead of its requests, and every load must get the page, never the line
protocol's banner. Exits 0 when every load held."""

import json
import os
import sys

from playwright.sync_api import Error, sync_playwright

from table import Table, check, failures

LOADS = 10


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


def main():
    folder = os.environ.get("TMPDIR", "/tmp")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=os.environ.get("CHROMIUM", "/usr/bin/chromium"), args=["--no-sandbox"])
        with Table(bot=None) as table:
            state = stored_profile(browser, table, folder)
            for load in range(1, LOADS + 1):
                context = browser.new_context(storage_state=state)
                page = context.new_page()
                try:
                    response = page.goto(table.url, timeout=20000)
                    check(response is not None and response.status == 200, "load %d: status %s" % (load, response and response.status))
                    page.wait_for_selector("#name", timeout=20000)
                    stored = page.evaluate("() => localStorage.getItem('setduel-test')")
                    check(stored == "seen", "load %d: the stored data is gone (%r)" % (load, stored))
                except Error as error:
                    check(False, "load %d: %s" % (load, str(error).splitlines()[0]))
                context.close()
        browser.close()
    print("profile: %d loads, %d failures" % (LOADS, len(failures)), flush=True)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
