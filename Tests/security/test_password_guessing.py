"""Finding 5 of issue 23: guessing passwords, API keys and OAuth2 client credentials is
throttled. After the free failures a user name or a client address is locked out: every
attempt gets 429 with Retry-After in the API's own error format, without a bcrypt run (the
metric chancery_password_bcrypt_checks_total counts them), until the lock ends; a right
password resets the user's count; `chancery lockout list/clear` sees and ends a lock-out.

The tests of one user name's lock-out share a server with a long back-off (each locks a user of
its own); a test that locks the client address, or waits for a lock to end, runs a server of its
own, the latter with a short back-off that it polls (bounded) for.
"""

import re
import time

import pytest

from conftest import add_user

ME = "/api/v1/me"
TOKEN = "/intdash/api/auth/oauth2/token"
AUTHN = "/intdash/api/v1/authn"
BCRYPT_CHECKS = re.compile(r"^chancery_password_bcrypt_checks_total(?:\{[^}]*\})? (\d+(?:\.\d+)?)$", re.MULTILINE)


def lockout_args(user_free=3, address_free=50, first_delay=1, max_delay=2):
    return (
        "--lockout-free-failures", str(user_free), "--lockout-address-free-failures", str(address_free),
        "--lockout-first-delay", str(first_delay), "--lockout-max-delay", str(max_delay),
    )


@pytest.fixture(scope="module")
def user_lockout_server(start_module_server):
    """A server where two wrong passwords lock a user name for a minute: longer than any test
    below takes however slow the machine."""
    return start_module_server(*lockout_args(user_free=2, first_delay=60, max_delay=120))


def administrator(server):
    """Basic-auth credentials of the administrator `server` created at start."""
    return ("Administrator", server.admin_password)


def get_me(server, http, auth=None, headers=None):
    return http.get(server.url(ME), auth=auth, headers=headers, timeout=30)


def assert_throttled(answer, longest):
    """A 429 in Chancery's error format with a Retry-After of 1 to `longest` seconds."""
    assert answer.status_code == 429, answer.text
    retry_after = int(answer.headers["Retry-After"])
    assert 1 <= retry_after <= longest, retry_after
    error = answer.json()["error"]
    assert error["status"] == 429 and error["code"] == "too_many_requests", error
    assert "too many failed" in error["message"], error


def poll(condition, seconds=15):
    """Calls `condition` until it returns a true value (returned) or `seconds` pass (fails)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.05)
    pytest.fail(f"condition not met within {seconds} s")


def bcrypt_checks(server, http, admin):
    answer = http.get(server.url("/metrics"), auth=admin, timeout=30)
    assert answer.status_code == 200, answer.text
    match = BCRYPT_CHECKS.search(answer.text)
    assert match, "no chancery_password_bcrypt_checks_total in /metrics"
    return float(match.group(1))


def test_wrong_passwords_get_429_with_retry_after_and_a_right_one_resets_the_count(start_server, http):
    server = start_server(*lockout_args(user_free=2, first_delay=1, max_delay=2))
    name, password = add_user(server, "bob")
    for _ in range(2):
        assert get_me(server, http, (name, "wrong guess")).status_code == 401
    # Locked: the right password is refused as well, so a guesser learns nothing.
    assert_throttled(get_me(server, http, (name, password)), longest=2)

    # Once the lock ends, the right password works and clears bob's failures...
    poll(lambda: get_me(server, http, (name, password)).status_code == 200)
    # ...so two wrong passwords are free again (without the reset the count would be at 3
    # and the first one would lock bob at once).
    for _ in range(2):
        assert get_me(server, http, (name, "wrong again")).status_code == 401
    assert_throttled(get_me(server, http, (name, "wrong again")), longest=2)
    # Other users are not affected.
    assert get_me(server, http, administrator(server)).status_code == 200


def test_throttled_wrong_passwords_cost_no_bcrypt_run(user_lockout_server, http):
    server = user_lockout_server
    admin = administrator(server)
    name, _ = add_user(server, "dave")
    bcrypt_checks(server, http, admin)  # the administrator's check is now remembered
    before = bcrypt_checks(server, http, admin)

    for _ in range(2):
        assert get_me(server, http, (name, "wrong guess")).status_code == 401
    for _ in range(2):
        assert get_me(server, http, ("nobody-here", "wrong guess")).status_code == 401
    assert bcrypt_checks(server, http, admin) == before + 4, "each free wrong password is one bcrypt run"

    for _ in range(30):
        assert_throttled(get_me(server, http, (name, "another guess")), longest=60)
        assert_throttled(get_me(server, http, ("nobody-here", "another guess")), longest=60)
    assert bcrypt_checks(server, http, admin) == before + 4, "a locked-out guess ran bcrypt"


def test_wrong_api_keys_lock_the_address_and_the_cli_lists_and_clears_it(start_server, http):
    server = start_server(*lockout_args(address_free=3, first_delay=60, max_delay=120))
    name, password = administrator(server)
    key = server.cli("apikey", "create", "--user", name, "--name", "test").stdout.strip()
    assert get_me(server, http, headers={"X-Api-Key": key}).status_code == 200

    for attempt in range(3):
        assert get_me(server, http, headers={"X-Api-Key": f"chk_guess{attempt}"}).status_code == 401
    # The whole address is locked: a valid key, and a right password, too.
    assert_throttled(get_me(server, http, headers={"X-Api-Key": key}), longest=60)
    assert_throttled(get_me(server, http, (name, password)), longest=60)

    listing = server.cli("lockout", "list").stdout
    row = next(line for line in listing.splitlines() if line.startswith("address"))
    assert row.split()[:3] == ["address", "127.0.0.1", "3"], listing
    assert "not locked" not in row, listing

    assert "cleared address 127.0.0.1" in server.cli("lockout", "clear", "--address", "127.0.0.1").stdout
    assert "127.0.0.1" not in server.cli("lockout", "list").stdout
    assert get_me(server, http, headers={"X-Api-Key": key}).status_code == 200


def test_the_cli_clears_a_locked_user(user_lockout_server, http):
    server = user_lockout_server
    name, password = add_user(server, "frank")
    for _ in range(2):
        assert get_me(server, http, (name, "wrong guess")).status_code == 401
    assert_throttled(get_me(server, http, (name, password)), longest=60)
    assert re.search(r"^user\s+frank\s+2\s", server.cli("lockout", "list").stdout, re.MULTILINE)

    assert "cleared user frank" in server.cli("lockout", "clear", "--user", name).stdout
    assert get_me(server, http, (name, password)).status_code == 200
    assert "no failures recorded for user frank" in server.cli("lockout", "clear", "--user", name).stdout


def test_the_oauth2_token_endpoint_locks_a_guessing_address(start_server, http):
    server = start_server(*lockout_args(address_free=3, first_delay=60, max_delay=120))
    guesses = [
        {"grant_type": "client_credentials", "client_id": "some-client", "client_secret": "guess"},
        {"grant_type": "refresh_token", "client_id": "some-client", "refresh_token": "guess"},
        {"grant_type": "client_credentials", "client_id": "other-client", "client_secret": "guess"},
    ]
    for form in guesses:
        answer = http.post(server.url(TOKEN), data=form, timeout=30)
        assert answer.status_code in (400, 401), answer.text
        assert answer.json()["error"] in ("invalid_client", "invalid_grant"), answer.text

    answer = http.post(server.url(TOKEN), data=guesses[0], timeout=30)
    assert answer.status_code == 429, answer.text
    assert 1 <= int(answer.headers["Retry-After"]) <= 60
    assert answer.json()["error"] == "slow_down", answer.text
    assert answer.headers["Cache-Control"] == "no-store"


def test_the_intdash_password_sign_in_shares_the_users_count(user_lockout_server, http):
    server = user_lockout_server
    name, password = add_user(server, "grace")
    answer = http.post(server.url(AUTHN), json={"username": name, "password": "wrong guess"}, timeout=30)
    assert answer.status_code == 401, answer.text
    assert get_me(server, http, (name, "wrong guess")).status_code == 401

    answer = http.post(server.url(AUTHN), json={"username": name, "password": password}, timeout=30)
    assert answer.status_code == 429, answer.text
    assert 1 <= int(answer.headers["Retry-After"]) <= 60
    assert answer.json()["error"] == "too_many_requests", answer.text


def test_behind_a_trusted_proxy_each_forwarded_address_is_counted_on_its_own(start_server, http):
    server = start_server("--trust-forwarded-headers", *lockout_args(address_free=3, first_delay=60, max_delay=120))
    name, password = administrator(server)
    guesser, neighbour = {"X-Forwarded-For": "192.0.2.1"}, {"X-Forwarded-For": "192.0.2.2"}
    for attempt in range(3):
        assert get_me(server, http, headers={**guesser, "X-Api-Key": f"chk_guess{attempt}"}).status_code == 401
    assert_throttled(get_me(server, http, (name, password), headers=guesser), longest=60)
    assert get_me(server, http, (name, password), headers=neighbour).status_code == 200
    assert re.search(r"^address\s+192\.0\.2\.1\s+3\s", server.cli("lockout", "list").stdout, re.MULTILINE)
