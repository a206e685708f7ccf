"""The live dashboard in headless Chromium (Scripts/dashboard-browser.sh runs this).

Each check drives the page as a person would, sends requests with curl, saves a screenshot, and
fails on any error in the browser's console. Environment: UNDERSTUDY_URL (a server on a copy of
Examples/StatusPoster/Stubs with a `job` scenario), UNDERSTUDY_TOKEN_URL and UNDERSTUDY_TOKEN (the
same stubs behind an admin token), UNDERSTUDY_BIG_URL (an empty server for 10,000 requests),
DASHBOARD_SHOTS (where screenshots go).
"""

import http.client
import json
import os
import subprocess
import sys
import time
import urllib.parse

from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException, TimeoutException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

URL = os.environ["UNDERSTUDY_URL"]
TOKEN_URL = os.environ["UNDERSTUDY_TOKEN_URL"]
TOKEN = os.environ["UNDERSTUDY_TOKEN"]
BIG_URL = os.environ["UNDERSTUDY_BIG_URL"]
PROXY_URL = os.environ["UNDERSTUDY_PROXY_URL"]
SHOTS = os.environ["DASHBOARD_SHOTS"]
LIVE_WITHIN = 1.0  # seconds: the "appear within a second"
PATIENCE = 15  # seconds for anything else on a loaded machine

figures = {}


def browser():
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1440,900",
                     "--disable-gpu", "--no-first-run", "--disable-extensions"):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    # The driver from the Debian package: selenium's own manager would go to the network.
    return webdriver.Chrome(service=Service(executable_path="/usr/bin/chromedriver"), options=options)


def curl(*args):
    return subprocess.run(["curl", "-s", *args], check=True, capture_output=True, text=True, timeout=30).stdout


def stub_count(base, extra=()):
    return json.loads(curl(*extra, base + "/__admin/mappings"))["meta"]["total"]


def shot(driver, name):
    path = os.path.join(SHOTS, name + ".png")
    driver.save_screenshot(path)
    print(f"  screenshot {path}")


def no_console_errors(driver, step, allowed=None):
    errors = [entry for entry in driver.get_log("browser") if entry["level"] in ("SEVERE", "ERROR")
              and not (allowed and allowed in entry["message"])]
    assert not errors, f"{step}: the browser console has errors: {json.dumps(errors, indent=2)}"


def wait(driver, condition, what, timeout=PATIENCE):
    try:
        # The page redraws what it shows as the feed speaks: an element found may be gone a moment later.
        return WebDriverWait(driver, timeout, poll_frequency=0.02,
                             ignored_exceptions=(StaleElementReferenceException,)).until(lambda d: condition(d))
    except TimeoutException:
        raise AssertionError(f"timed out after {timeout} s waiting for {what}") from None


def click(driver, find, what):
    """Clicks what `find` returns, finding it again if the live page redrew it in between."""
    def attempt(d):
        element = find(d)
        if element is None:
            return False
        element.click()
        return True
    wait(driver, attempt, what)


def tab(driver, name):
    driver.find_element(By.ID, f"tab-{name}").click()
    wait(driver, lambda d: d.find_element(By.ID, f"view-{name}").is_displayed(), f"the {name} view")


def open_page(driver, base):
    driver.get(base + "/__understudy/")
    wait(driver, lambda d: d.find_element(By.ID, "feed-status").text == "live", "the live feed")


def stub_rows(driver):
    return driver.find_elements(By.CSS_SELECTOR, "#stub-table tbody tr")


def row_of(driver, url):
    for row in driver.find_elements(By.CSS_SELECTOR, "#request-list .row"):
        if row.is_displayed() and row.find_element(By.CSS_SELECTOR, ".url").text == url:
            return row
    return None


def check_stubs(driver):
    print("the page loads and shows the stubs of the mapping folder")
    open_page(driver, URL)
    tab(driver, "stubs")
    expected = stub_count(URL)
    assert expected >= 8, f"the example and the two job stubs should make at least 8, not {expected}"
    wait(driver, lambda d: len(stub_rows(d)) == expected, f"{expected} stub rows")
    text = driver.find_element(By.ID, "stub-table").text
    for expected_text in ("/timeline", "job pending", "job in Started → Done", "timeline.json"):
        assert expected_text in text, f"the stub table lacks {expected_text!r}:\n{text}"
    driver.find_element(By.ID, "stub-filter").send_keys("job")
    wait(driver, lambda d: len(stub_rows(d)) == 2, "the search to leave the two job stubs")
    driver.find_element(By.ID, "stub-filter").clear()
    driver.execute_script("document.getElementById('stub-filter').dispatchEvent(new Event('input'))")
    driver.find_element(By.CSS_SELECTOR, "button[data-sort='url']").click()
    urls = [row.find_elements(By.TAG_NAME, "td")[2].text for row in stub_rows(driver)]
    assert urls == sorted(urls, key=str.lower) or urls == sorted(urls), f"not sorted by URL: {urls}"
    shot(driver, "01-stubs")
    no_console_errors(driver, "stubs")


def check_live_requests(driver):
    print("requests sent with curl appear within a second, with no reload")
    tab(driver, "requests")
    driver.execute_script("window.__stillTheSamePage = true")
    started = time.monotonic()
    curl(URL + "/timeline")
    curl(URL + "/timelin")
    wait(driver, lambda d: row_of(d, "/timeline") and row_of(d, "/timelin"), "both requests in the list",
         timeout=LIVE_WITHIN)
    figures["curl to row on screen (s)"] = round(time.monotonic() - started, 3)
    assert driver.execute_script("return window.__stillTheSamePage === true"), "the page reloaded"
    assert "unmatched" in row_of(driver, "/timelin").get_attribute("class")
    assert "matched" in row_of(driver, "/timeline").get_attribute("class")
    assert row_of(driver, "/timelin").find_element(By.CSS_SELECTOR, ".stub").text == "no match"
    shot(driver, "02-requests")
    no_console_errors(driver, "live requests")


def check_near_miss(driver):
    print("an unmatched request opened shows the near-miss diff")
    click(driver, lambda d: row_of(d, "/timelin"), "the unmatched request's row")
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#near-miss table.diff tr.mismatch"), "the diff")
    mismatches = [row.text for row in driver.find_elements(By.CSS_SELECTOR, "#near-miss tr.mismatch")]
    assert any("URL" in text and "/timeline" in text and "/timelin" in text for text in mismatches), mismatches
    # Keyboard: the list moves with the arrow keys.
    driver.find_element(By.ID, "request-list").click()
    shot(driver, "03-near-miss")
    no_console_errors(driver, "near miss")


def set_editor(driver, text):
    area = driver.find_element(By.ID, "editor-text")
    driver.execute_script("arguments[0].value = arguments[1]", area, text)


def check_editor(driver):
    print("editing a stub changes what is served; errors show their JSON pointer")
    tab(driver, "stubs")
    def edit_button(d):
        for row in stub_rows(d):
            cells = row.find_elements(By.TAG_NAME, "td")
            if cells[0].text == "timeline, first page":
                return cells[-1].find_element(By.TAG_NAME, "button")
        return None
    if edit_button(driver):
        click(driver, edit_button, "the first timeline stub's edit button")
    else:
        raise AssertionError("no 'timeline, first page' stub row")
    wait(driver, lambda d: d.find_element(By.ID, "view-editor").is_displayed(), "the editor")
    stub = json.loads(driver.find_element(By.ID, "editor-text").get_attribute("value"))
    broken = dict(stub, request=dict(stub["request"], method=5))
    set_editor(driver, json.dumps(broken, indent=2))
    driver.find_element(By.ID, "editor-save").click()
    wait(driver, lambda d: "/request/method" in d.find_element(By.ID, "editor-errors").text, "the error's pointer")
    shot(driver, "04-editor-error")
    stub["response"] = {"status": 200, "body": "edited in the dashboard", "headers": {"Content-Type": "text/plain"}}
    set_editor(driver, json.dumps(stub, indent=2))
    driver.find_element(By.ID, "editor-save").click()
    wait(driver, lambda d: "Saved stub" in d.find_element(By.ID, "editor-errors").text, "the save")
    served = curl(URL + "/timeline")
    assert served == "edited in the dashboard", f"/timeline answered {served!r}"
    shot(driver, "05-editor-saved")
    # The bad save made a 422, which the browser logs as a failed load: that one is expected.
    time.sleep(0.5)
    no_console_errors(driver, "editor", allowed="status of 422")


def scenario_state(driver):
    cells = driver.find_elements(By.CSS_SELECTOR, "#scenario-table tr[data-name='job'] .scenario-state")
    return cells[0].text if cells else None


def check_scenario_reset(driver):
    print("a scenario moves live and is reset from the page")
    tab(driver, "scenarios")
    wait(driver, lambda d: scenario_state(d) == "Started", "the job scenario in Started")
    assert curl(URL + "/job") == "pending"
    wait(driver, lambda d: scenario_state(d) == "Done", "the job scenario to move to Done, live")
    shot(driver, "06-scenario-done")
    click(driver, lambda d: d.find_element(By.CSS_SELECTOR, "#scenario-table tr[data-name='job'] button"),
          "the job scenario's reset button")
    wait(driver, lambda d: scenario_state(d) == "Started", "the reset")
    assert curl(URL + "/job") == "pending", "after the reset the scenario starts again"
    shot(driver, "07-scenario-reset")
    tab(driver, "recording")
    wait(driver, lambda d: d.find_element(By.ID, "recording-status").text not in ("", "unknown"), "the recording status")
    shot(driver, "08-recording")
    no_console_errors(driver, "scenarios")


def check_token(driver):
    print("with an admin token, the page asks for it once and then works")
    driver.get(TOKEN_URL + "/__understudy/")
    wait(driver, lambda d: d.find_element(By.ID, "token-dialog").is_displayed(), "the token dialog")
    assert not stub_rows(driver), "stubs shown before the token was given"
    driver.find_element(By.ID, "token-input").send_keys("wrong")
    shot(driver, "09-token-dialog")
    driver.find_element(By.ID, "token-save").click()
    wait(driver, lambda d: d.find_element(By.ID, "token-dialog").is_displayed(), "the dialog again after a wrong token")
    token_input = driver.find_element(By.ID, "token-input")
    token_input.clear()
    token_input.send_keys(TOKEN)
    driver.find_element(By.ID, "token-save").click()
    wait(driver, lambda d: d.find_element(By.ID, "feed-status").text == "live", "the feed with the token")
    curl(TOKEN_URL + "/timeline")
    wait(driver, lambda d: row_of(d, "/timeline"), "a request on the token server", timeout=LIVE_WITHIN + 1)
    tab(driver, "stubs")
    expected = stub_count(TOKEN_URL, ["-H", f"X-Understudy-Admin-Token: {TOKEN}"])
    wait(driver, lambda d: len(stub_rows(d)) == expected, "the stubs behind the token")
    # Kept for the tab: a reload does not ask again.
    driver.refresh()
    wait(driver, lambda d: d.find_element(By.ID, "feed-status").text == "live", "the feed after a reload")
    assert not driver.find_element(By.ID, "token-dialog").is_displayed()
    shot(driver, "10-token-accepted")
    no_console_errors(driver, "token")


def send_many(base, count):
    parsed = urllib.parse.urlparse(base)
    connection = http.client.HTTPConnection(parsed.hostname, parsed.port, timeout=30)
    for index in range(count):
        # One in ten misses, so the list has both kinds.
        connection.request("GET", f"/item/{index}" if index % 10 else f"/missing/{index}")
        connection.getresponse().read()
    connection.close()


def check_ten_thousand(driver):
    print("10,000 journal entries render without freezing")
    curl("-d", '{"request":{"urlPathPattern":"/item/.*"},"response":{"status":200,"body":"ok"}}',
         BIG_URL + "/__admin/mappings")
    open_page(driver, BIG_URL)
    started = time.monotonic()
    send_many(BIG_URL, 10_000)
    figures["10,000 requests sent with the page open (s)"] = round(time.monotonic() - started, 2)
    wait(driver, lambda d: d.find_element(By.ID, "request-count").text.startswith("10000 of 10000"),
         "all 10,000 in the list, live")
    figures["last request sent to all 10,000 shown, live (s)"] = round(time.monotonic() - started, 2)
    # A fresh page loading the whole journal at once.
    started = time.monotonic()
    driver.refresh()
    wait(driver, lambda d: d.find_element(By.ID, "request-count").text.startswith("10000 of 10000"),
         "the 10,000 after a reload")
    figures["page load to 10,000 listed (s)"] = round(time.monotonic() - started, 2)
    rows_in_dom = len(driver.find_elements(By.CSS_SELECTOR, "#request-list .row"))
    figures["rows in the DOM for 10,000 entries"] = rows_in_dom
    assert rows_in_dom < 200, f"{rows_in_dom} rows in the DOM: the list is not virtualised"
    # Scrolling through: the time for each jump to be drawn (two animation frames).
    frame_times = driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        const list = document.getElementById('request-list');
        const times = [];
        let step = 0;
        function next() {
          if (step === 20) { done(times); return; }
          const started = performance.now();
          list.scrollTop = (list.scrollHeight / 20) * step++;
          requestAnimationFrame(() => requestAnimationFrame(() => { times.push(performance.now() - started); next(); }));
        }
        next();
    """)
    figures["scroll jump to drawn, worst of 20 (ms)"] = round(max(frame_times), 1)
    figures["scroll jump to drawn, median of 20 (ms)"] = round(sorted(frame_times)[10], 1)
    driver.execute_script("document.getElementById('request-list').scrollTop = 0")
    driver.find_element(By.ID, "request-filter").send_keys("missing")
    wait(driver, lambda d: d.find_element(By.ID, "request-count").text.startswith("1000 of 10000"),
         "the filter to leave the 1,000 misses")
    shot(driver, "11-ten-thousand")
    no_console_errors(driver, "10,000 entries")


def check_dark(driver):
    print("the page follows a dark system scheme")
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                           {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
    open_page(driver, URL)
    background = driver.execute_script("return getComputedStyle(document.body).backgroundColor")
    assert background != "rgb(247, 247, 245)", "the dark scheme did not apply"
    if row_of(driver, "/timelin"):
        click(driver, lambda d: row_of(d, "/timelin"), "the unmatched request's row")
        wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#near-miss table.diff"), "the diff in dark")
    shot(driver, "12-dark")
    no_console_errors(driver, "dark")


def check_proxy(driver):
    print("a proxy-mode server shows the Proxy tab with its CA and the trust commands; others hide it")
    open_page(driver, URL)
    assert not driver.find_element(By.ID, "tab-proxy").is_displayed(), "a plain server shows the Proxy tab"
    open_page(driver, PROXY_URL)
    wait(driver, lambda d: d.find_element(By.ID, "tab-proxy").is_displayed(), "the Proxy tab")
    tab(driver, "proxy")
    commands = driver.find_element(By.ID, "proxy-commands").text
    assert f"curl -o understudy-ca.crt {PROXY_URL}/__admin/certs/wiremock-ca.crt" in commands, commands
    assert "xcrun simctl keychain booted add-root-cert understudy-ca.crt" in commands, commands
    link = driver.find_element(By.ID, "proxy-ca-link").get_attribute("href")
    served = curl(link)
    assert served.startswith("-----BEGIN CERTIFICATE-----"), served[:80]
    shot(driver, "13-proxy")
    no_console_errors(driver, "proxy")


def main():
    os.makedirs(SHOTS, exist_ok=True)
    driver = browser()
    failures = 0
    try:
        for check in (check_stubs, check_live_requests, check_near_miss, check_editor, check_scenario_reset,
                      check_token, check_ten_thousand, check_dark, check_proxy):
            try:
                check(driver)
                print("  ok")
            except AssertionError as error:
                failures += 1
                print(f"  FAIL {check.__name__}: {error}")
                shot(driver, f"failed-{check.__name__}")
    finally:
        driver.quit()
    for name, value in figures.items():
        print(f"figure: {name}: {value}")
    if failures:
        print(f"{failures} dashboard check(s) failed")
        sys.exit(1)


if __name__ == "__main__":
    main()
