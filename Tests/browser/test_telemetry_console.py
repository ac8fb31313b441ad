"""The Telemetry console in a real Chromium: a person who owns an edge signs in with HTTP Basic
(credentials in the URL, as the Repository console's test does), sees their edge and its
measurement but not another person's edge, opens the measurement, replays it and sees the plot
get its points over time, then opens the live view and watches the plot grow while the test
streams data up with the official `iscp` client.

The edges are made with the CLI (one owned by the person, one by the administrator); the data is
sent as the edge with an API key of the administrator, who may act as any node.
"""

import asyncio
import json
import math
import secrets
import struct
import threading
import time
import uuid

import iscp
import pytest
import requests
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

from test_repository_console import assert_no_page_errors, start_chromium, with_credentials

WAIT = 30
ENDPOINT_PATH = "intdash/api/iscp/connect"
SPEED = iscp.DataID(name="1/speed", type="float64")
LABEL = iscp.DataID(name="2/label", type="string")
STORED_POINTS = 200
STORED_SPAN_MS = 2000
LIVE_BATCHES = 30
LIVE_BATCH_SIZE = 5
POLICY = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; "
    "base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)


@pytest.fixture(scope="module")
def telemetry(server):
    """A person with an edge of their own, another edge of the administrator, and an API key of
    the administrator to stream with."""
    name = f"telemetry-{secrets.token_hex(4)}"
    password = f"pw-{secrets.token_hex(12)}"
    server.cli("user", "add", name, "--password-stdin", input=f"{password}\n")
    own = json.loads(server.cli("edge", "create", "--name", f"{name}-truck", "--owner", name).stdout)
    other = json.loads(server.cli("edge", "create", "--name", f"{name}-elsewhere", "--owner", "Administrator").stdout)
    token = server.cli("apikey", "create", "--user", "Administrator", "--name", f"{name}-stream").stdout.strip()
    return {"user": name, "password": password, "edge": own, "other": other, "token": token}


@pytest.fixture(scope="module")
def browser_of_person(tmp_path_factory):
    """A Chromium of the person's own, so that the credentials it remembers sign in no other
    test's browser."""
    driver = start_chromium(tmp_path_factory.mktemp("downloads"))
    driver.set_script_timeout(60)
    yield driver
    driver.quit()


async def connect(server, token, node_id):
    """The official iSCP v2 client's connection, acting as `node_id`."""
    return await iscp.Conn.connect(
        address=server.base_url.removeprefix("http://"),
        connector=iscp.WebSocketConnector(enable_tls=False, path=ENDPOINT_PATH),
        token_source=lambda: token,
        node_id=node_id,
    )


def speed_point(index, elapsed_ns):
    """The speed point `index`, a float64 (big-endian) on a sine, at `elapsed_ns`."""
    return iscp.DataPoint(elapsed_time=elapsed_ns, payload=struct.pack(">d", 10 * math.sin(index / 10)))


def record_measurement(server, telemetry):
    """Streams STORED_POINTS speeds over STORED_SPAN_MS and two labels up as the person's edge,
    stored, and returns the measurement's UUID."""
    session = str(uuid.uuid4())

    async def scenario():
        async with await connect(server, telemetry["token"], telemetry["edge"]["uuid"]) as conn:
            upstream = await conn.open_upstream(session_id=session, persist=True, flush_policy=iscp.IntervalOnly(interval=0.05), close_timeout=10)
            step = STORED_SPAN_MS * 1_000_000 // STORED_POINTS
            for index in range(STORED_POINTS):
                await upstream.write_data_points(SPEED, speed_point(index, index * step))
            await upstream.write_data_points(LABEL, iscp.DataPoint(elapsed_time=0, payload=b"start"))
            await upstream.write_data_points(LABEL, iscp.DataPoint(elapsed_time=STORED_SPAN_MS * 500_000, payload=b"middle"))
            await upstream.flush()
            await upstream.close()

    asyncio.run(asyncio.wait_for(scenario(), 60))
    return session


def canvas_count(driver, attribute="points"):
    return int(driver.find_element(By.ID, "plot").get_attribute(f"data-{attribute}"))


def test_person_sees_own_edge_replays_a_measurement_and_watches_live(server, telemetry, browser_of_person):
    driver = browser_of_person
    measurement = record_measurement(server, telemetry)

    driver.get(with_credentials(server.url("/telemetry"), telemetry["user"], telemetry["password"]))
    assert driver.find_element(By.ID, "user").text == telemetry["user"]
    edges = driver.find_element(By.ID, "edges").text
    assert telemetry["edge"]["name"] in edges and telemetry["edge"]["uuid"] in edges
    assert telemetry["other"]["name"] not in driver.page_source
    assert measurement in driver.find_element(By.ID, "recent").text
    assert driver.execute_script("return getComputedStyle(document.body).maxWidth") == "1152px"

    # The measurement list, narrowed to the edge, links to the measurement's page.
    driver.find_element(By.LINK_TEXT, "Measurements").click()
    Select(driver.find_element(By.ID, "edge-filter")).select_by_value(telemetry["edge"]["uuid"])
    driver.find_element(By.ID, "filter-button").click()
    # The filter loads a new page; until it has, the old page's status may be read, or go stale.
    WebDriverWait(driver, WAIT, ignored_exceptions=(StaleElementReferenceException,)).until(
        lambda d: telemetry["edge"]["uuid"] in d.current_url and "1 measurement" in d.find_element(By.ID, "page-status").text
    )
    driver.find_element(By.CSS_SELECTOR, f"tr[data-uuid='{measurement}'] a").click()
    assert driver.find_element(By.ID, "measurement-uuid").text == measurement
    rows = driver.find_element(By.ID, "data-ids").text
    assert "1/speed" in rows and str(STORED_POINTS) in rows and "2/label" in rows

    # Replay at 1x: the plot fills over about two seconds, not at once.
    Select(driver.find_element(By.ID, "speed")).select_by_value("1")
    assert canvas_count(driver) == 0
    driver.find_element(By.ID, "replay").click()
    seen = set()
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        count = canvas_count(driver)
        seen.add(count)
        if count == STORED_POINTS:
            break
        time.sleep(0.05)
    assert canvas_count(driver) == STORED_POINTS, (driver.find_element(By.ID, "plot-status").text, driver.get_log("browser"))
    assert any(0 < count < STORED_POINTS for count in seen), seen
    WebDriverWait(driver, WAIT).until(lambda d: d.find_element(By.ID, "plot-status").text.startswith("Replayed"))
    assert canvas_count(driver, "counted") == 2
    legend = driver.find_element(By.ID, "legend").text
    assert f"float64:1/speed: {STORED_POINTS} plotted" in legend and "string:2/label: 0 plotted, 2 without a number" in legend

    # Show all draws every point at once.
    driver.find_element(By.ID, "show-all").click()
    WebDriverWait(driver, WAIT).until(lambda d: d.find_element(By.ID, "plot-status").text.startswith("Showing"))
    assert canvas_count(driver) == STORED_POINTS

    # A time range narrows what is shown: STORED_POINTS over STORED_SPAN_MS, so from a quarter
    # up to a half of the span holds a quarter of the points.
    span = STORED_SPAN_MS / 1000
    driver.find_element(By.ID, "from").send_keys(str(span / 4))
    driver.find_element(By.ID, "to").send_keys(str(span / 2))
    driver.find_element(By.ID, "show-all").click()
    WebDriverWait(driver, WAIT).until(lambda d: d.find_element(By.ID, "plot-status").text.startswith(f"Showing {STORED_POINTS // 4} points"))
    assert canvas_count(driver) == STORED_POINTS // 4

    # A range that ends before it starts is refused, with the server's reason.
    driver.find_element(By.ID, "to").clear()
    driver.find_element(By.ID, "to").send_keys(str(span / 8))
    driver.find_element(By.ID, "show-all").click()
    WebDriverWait(driver, WAIT).until(lambda d: "'to' must come after 'from'" in d.find_element(By.ID, "plot-status").text)

    # Another person's edge does not exist for this person.
    driver.get(server.url(f"/telemetry/live?edge={telemetry['other']['uuid']}"))
    assert driver.find_element(By.ID, "error-message").text.startswith("There is no edge or measurement")

    # Live: the plot grows while the edge streams.
    driver.get(server.url(f"/telemetry/live?edge={telemetry['edge']['uuid']}&data=float64:1/%23"))
    WebDriverWait(driver, WAIT).until(lambda d: d.find_element(By.ID, "plot-status").text.startswith("Connected"))
    counts = []
    done = threading.Event()

    def stream():
        async def scenario():
            async with await connect(server, telemetry["token"], telemetry["edge"]["uuid"]) as conn:
                upstream = await conn.open_upstream(session_id=str(uuid.uuid4()), flush_policy=iscp.Immediately())
                for batch in range(LIVE_BATCHES):
                    for index in range(LIVE_BATCH_SIZE):
                        number = batch * LIVE_BATCH_SIZE + index
                        await upstream.write_data_points(SPEED, speed_point(number, number * 10_000_000))
                    await upstream.write_data_points(LABEL, iscp.DataPoint(elapsed_time=batch, payload=b"filtered out"))
                    await asyncio.sleep(0.1)
                await upstream.close()

        try:
            asyncio.run(asyncio.wait_for(scenario(), 60))
        finally:
            done.set()

    sender = threading.Thread(target=stream)
    sender.start()
    expected = LIVE_BATCHES * LIVE_BATCH_SIZE
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        counts.append(canvas_count(driver))
        if counts[-1] == expected:
            break
        time.sleep(0.1)
    sender.join(WAIT)
    assert done.is_set()
    assert counts[-1] == expected, counts
    growing = [count for count in counts if 0 < count < expected]
    assert len(set(growing)) >= 3, counts
    assert counts == sorted(counts)
    assert canvas_count(driver, "counted") == 0
    assert "float64:1/speed" in driver.find_element(By.ID, "legend").text

    assert_no_page_errors(driver)


def test_pages_run_under_the_policy_and_ask_for_a_password(server):
    page = requests.get(server.url("/telemetry"), timeout=WAIT)
    assert page.status_code == 401 and page.headers["WWW-Authenticate"].startswith("Basic ")
    assert page.headers["Content-Security-Policy"] == POLICY
    script = requests.get(server.url("/telemetry/assets/console.js"), timeout=WAIT)
    assert script.status_code == 200 and script.headers["Content-Type"].startswith("text/javascript")
