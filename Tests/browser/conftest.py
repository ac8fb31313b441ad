"""Fixtures of the browser suite: the real server, started by the compat suite's harness
(Tests/compat/chancery_server.py, which says what environment it reads), and a headless Debian
Chromium driven by selenium through the Debian chromedriver.

Chromium keeps a performance log of every network request, so tests can check what left the
browser, and a browser log, so tests can check that no page raised an error (a script blocked by
the content security policy would show there).
"""

import sys
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "compat"))

from chancery_server import session_server  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"


@pytest.fixture(scope="session")
def server(tmp_path_factory):
    yield from session_server(tmp_path_factory)


@pytest.fixture(scope="session")
def chromium():
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1280,1000"):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"performance": "ALL", "browser": "ALL"})
    driver = webdriver.Chrome(options=options, service=Service(executable_path=CHROMEDRIVER))
    driver.set_script_timeout(60)
    yield driver
    driver.quit()


@pytest.fixture()
def browser(chromium):
    """The session's Chromium with its logs emptied, so a test sees only its own requests and
    messages."""
    chromium.get_log("performance")
    chromium.get_log("browser")
    yield chromium
