"""intdash's OAuth2 authorization code flow with PKCE in a real Chromium, against the real server.

The test plays the application: it registers a public client with the CLI (`chancery oauth2
client create`) whose redirect URI is a tiny http.server on another loopback port, builds the
authorization URL with a fresh PKCE verifier as the intdash SDKs do, and lets Chromium do what a
person does: sign in on the server's page, read the consent question, click Allow. The browser
lands on the callback with `code` and `state`; the test exchanges the code, refreshes the
tokens, checks the access token against the server's JWKS with `cryptography` (an independent
ES256 verifier), and calls an authenticated intdash endpoint with it. Still signed in, the
person then denies a second request.

The pages run under a content security policy with no script and an inline stylesheet allowed
by its hash: a blocked style or a blocked form redirect would show in the browser log, which
must stay clean.
"""

import base64
import hashlib
import http.server
import json
import secrets
import threading
from urllib.parse import parse_qs, urlencode, urlsplit

import pytest
import requests
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

WAIT = 30
TIMEOUT = 60
OAUTH2 = "/intdash/api/auth/oauth2"
APP_NAME = "Telemetry <Viewer>"


class Callback:
    """The application's redirect URI: a loopback http.server that records the query of each
    request for /callback and answers a small page."""

    def __init__(self):
        self.queries = []
        callback = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                url = urlsplit(self.path)
                if url.path != "/callback":  # such as the browser's /favicon.ico
                    self.send_error(404)
                    return
                callback.queries.append(parse_qs(url.query))
                body = b"<!doctype html><title>Back in the app</title><h1 id='done'>Back in the app</h1>"
                self.send_response(200)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/callback"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self):
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture(scope="module")
def callback():
    site = Callback()
    yield site
    site.close()


@pytest.fixture(scope="module")
def person(server):
    """A user made with the CLI: (name, password)."""
    name = "viewer-" + secrets.token_hex(4)
    password = secrets.token_urlsafe(18)
    server.cli("user", "add", name, "--password-stdin", input=password + "\n")
    return name, password


@pytest.fixture(scope="module")
def app_client_id(server, callback):
    """A public client registered with the CLI, redirecting to the callback."""
    result = server.cli("oauth2", "client", "create", "--name", APP_NAME, "--redirect-uri", callback.url)
    created = json.loads(result.stdout)
    assert "client_secret" not in created, "a public client has no secret"
    return created["client_id"]


def base64url(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unbase64url(text):
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def authorization_url(server, client_id, redirect_uri, verifier, state):
    """The URL the intdash SDKs open: S256 challenge of `verifier`, `prompt=login` as the
    Swift SDK 1.x sends it."""
    challenge = base64url(hashlib.sha256(verifier.encode()).digest())
    query = urlencode({
        "client_id": client_id, "response_type": "code", "redirect_uri": redirect_uri, "state": state,
        "code_challenge": challenge, "code_challenge_method": "S256", "prompt": "login",
    })
    return server.url(f"{OAUTH2}/authorization?{query}")


def wait_for_callback(browser, callback, count):
    WebDriverWait(browser, WAIT).until(lambda _: len(callback.queries) >= count)
    WebDriverWait(browser, WAIT).until(lambda driver: driver.find_elements(By.ID, "done"))
    return callback.queries[count - 1]


def assert_no_page_errors(browser):
    errors = [entry for entry in browser.get_log("browser") if entry["level"] == "SEVERE" and "/favicon.ico" not in entry["message"]]
    assert not errors, errors


def verify_with_jwks(server, token):
    """The token's claims after checking its ES256 signature with the key the JWKS names."""
    header, payload, signature = token.split(".")
    keys = requests.get(server.url(f"{OAUTH2}/jwks"), timeout=TIMEOUT).json()["keys"]
    kid = json.loads(unbase64url(header))["kid"]
    (key,) = [key for key in keys if key["kid"] == kid]
    assert (key["kty"], key["crv"], key["alg"]) == ("EC", "P-256", "ES256")
    numbers = ec.EllipticCurvePublicNumbers(
        int.from_bytes(unbase64url(key["x"]), "big"), int.from_bytes(unbase64url(key["y"]), "big"), ec.SECP256R1()
    )
    raw = unbase64url(signature)
    der = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
    numbers.public_key().verify(der, f"{header}.{payload}".encode(), ec.ECDSA(hashes.SHA256()))  # raises when invalid
    return json.loads(unbase64url(payload))


def test_a_person_signs_in_and_allows_the_app(server, browser, callback, person, app_client_id):
    name, password = person
    verifier = secrets.token_urlsafe(48)
    state = secrets.token_urlsafe(12)
    browser.get(authorization_url(server, app_client_id, callback.url, verifier, state))

    assert browser.find_element(By.TAG_NAME, "h1").text == "Sign in to Chancery"
    assert browser.find_element(By.ID, "client-name").text == APP_NAME
    assert browser.execute_script("return getComputedStyle(document.body).maxWidth") == "416px", "the inline stylesheet applies"

    # A wrong password first: the form comes back with a message and the name kept.
    browser.find_element(By.ID, "username").send_keys(name)
    browser.find_element(By.ID, "password").send_keys("not the password")
    browser.find_element(By.ID, "sign-in-button").click()
    message = WebDriverWait(browser, WAIT).until(lambda driver: driver.find_elements(By.ID, "error-message"))
    assert message[0].text == "Wrong user name or password."
    assert browser.find_element(By.ID, "username").get_attribute("value") == name

    browser.find_element(By.ID, "password").send_keys(password)
    browser.find_element(By.ID, "sign-in-button").click()
    WebDriverWait(browser, WAIT).until(lambda driver: driver.find_elements(By.ID, "allow"))
    question = browser.find_element(By.ID, "consent-question").text
    assert question == f"{APP_NAME} wants to access your Chancery telemetry data as {name}."
    cookies = {cookie["name"]: cookie for cookie in browser.get_cookies()}
    session = cookies["chancery_oauth2_session"]
    assert session["httpOnly"] and session["sameSite"] == "Lax" and session["path"] == "/intdash"

    browser.find_element(By.ID, "allow").click()
    answer = wait_for_callback(browser, callback, 1)
    assert answer["state"] == [state]
    (code,) = answer["code"]
    assert browser.current_url.startswith(callback.url + "?code=")

    token_url = server.url(f"{OAUTH2}/token")
    tokens = requests.post(token_url, data={
        "grant_type": "authorization_code", "code": code, "code_verifier": verifier,
        "redirect_uri": callback.url, "client_id": app_client_id,
    }, timeout=TIMEOUT)
    assert tokens.status_code == 200, tokens.text
    assert tokens.headers["Cache-Control"] == "no-store"
    body = tokens.json()
    assert body["token_type"] == "Bearer" and body["expires_in"] > 0 and body["refresh_token_expires_in"] > 0

    # The intdash Swift SDK 1.x refreshes at /api/v1/oauth2/token.
    refreshed = requests.post(server.url("/intdash/api/v1/oauth2/token"), data={
        "grant_type": "refresh_token", "refresh_token": body["refresh_token"], "client_id": app_client_id,
    }, timeout=TIMEOUT)
    assert refreshed.status_code == 200, refreshed.text
    access_token = refreshed.json()["access_token"]
    assert refreshed.json()["refresh_token"] != body["refresh_token"]

    claims = verify_with_jwks(server, access_token)
    assert claims["client_id"] == app_client_id

    # An authenticated intdash endpoint, once the server serves one.
    measurements = server.url("/intdash/api/v1/measurements")
    listed = requests.get(measurements, headers={"Authorization": f"Bearer {access_token}"}, timeout=TIMEOUT)
    if listed.status_code != 404:
        assert listed.status_code == 200, listed.text
        assert requests.get(measurements, timeout=TIMEOUT).status_code == 401

    # The code is single-use, and its reuse revokes the refresh tokens it led to.
    again = requests.post(token_url, data={
        "grant_type": "authorization_code", "code": code, "code_verifier": verifier,
        "redirect_uri": callback.url, "client_id": app_client_id,
    }, timeout=TIMEOUT)
    assert (again.status_code, again.json()["error"]) == (400, "invalid_grant")
    revoked = requests.post(token_url, data={
        "grant_type": "refresh_token", "refresh_token": refreshed.json()["refresh_token"], "client_id": app_client_id,
    }, timeout=TIMEOUT)
    assert (revoked.status_code, revoked.json()["error"]) == (400, "invalid_grant")

    # Still signed in: without prompt=login the consent page comes at once, and Deny goes back
    # to the app with access_denied.
    state = secrets.token_urlsafe(12)
    browser.get(authorization_url(server, app_client_id, callback.url, secrets.token_urlsafe(48), state).replace("&prompt=login", ""))
    assert browser.find_element(By.ID, "user").text == name
    browser.find_element(By.ID, "deny").click()
    answer = wait_for_callback(browser, callback, 2)
    assert answer["error"] == ["access_denied"]
    assert answer["state"] == [state]
    assert "code" not in answer
    assert_no_page_errors(browser)


def test_an_unregistered_redirect_uri_gets_a_page_not_a_redirect(server, browser, app_client_id):
    url = authorization_url(server, app_client_id, "https://attacker.example/cb", secrets.token_urlsafe(48), "s")
    browser.get(url)
    assert browser.find_element(By.TAG_NAME, "h1").text == "This sign-in request cannot be used"
    assert APP_NAME in browser.find_element(By.ID, "error-message").text
    assert "attacker.example" not in browser.page_source
    assert urlsplit(browser.current_url).netloc == urlsplit(server.base_url).netloc
