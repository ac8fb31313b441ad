"""A recipient signing without a browser, through the signing page's JSON endpoints (the page's
script uses the same ones; the browser suite drives the page itself):

- `GET  /signwell/sign/{token}/session`: the document, the recipient, its state and its fields
  (each with a server-made `id`);
- `POST /signwell/sign/{token}/complete` with `{"values": {field id: value}, "signature": {...},
  "initials": {...}}`;
- `POST /signwell/sign/{token}/decline` with `{"reason": ...}`.

`token` is the last path component of the recipient's `embedded_signing_url`; the link is the
only credential, so these requests carry no API key.
"""

import base64
from datetime import datetime
from urllib.parse import urlsplit

from .pdfs import signature_png

TIMEOUT = 60

# strftime patterns of SignWell's date formats (spec 1.4).
DATE_PATTERNS = {
    "MM/DD/YYYY": "%m/%d/%Y",
    "DD/MM/YYYY": "%d/%m/%Y",
    "YYYY/MM/DD": "%Y/%m/%d",
    "Month DD, YYYY": "%B %d, %Y",
    "MM/DD/YYYY hh:mm:ss a": "%m/%d/%Y %I:%M:%S %p",
}
# A value that passes each text validation of spec 1.4.
TEXT_VALUES = {
    "numbers": "12345",
    "letters": "Compat",
    "email_address": "signer@example.com",
    "us_phone_number": "415-555-0134",
    "us_zip_code": "94105",
    "us_ssn": "123-45-6789",
    "us_age": "42",
    "alphanumeric": "Compat42",
    "us_bank_routing_number": "021000021",
    "us_bank_account_number": "000123456789",
}
DRAWN = {"method": "drawn", "image": "data:image/png;base64," + base64.b64encode(signature_png()).decode("ascii")}


def signing_token(embedded_signing_url):
    """The secret token of a signing link: its last path component."""
    path = urlsplit(embedded_signing_url).path.rstrip("/")
    token = path.rsplit("/", 1)[-1]
    assert token and "/signwell/sign/" in path, f"not a signing link of ours: {embedded_signing_url!r}"
    return token


def _endpoint(server, embedded_signing_url, action):
    return server.url(f"/signwell/sign/{signing_token(embedded_signing_url)}/{action}")


def signing_session(http, server, embedded_signing_url):
    """The session JSON of a recipient's link (asserts 200)."""
    response = http.get(_endpoint(server, embedded_signing_url, "session"), timeout=TIMEOUT)
    assert response.status_code == 200, f"GET session: {response.status_code} {response.text[:500]}"
    return response.json()


def field_value(field):
    """What a careful signer enters in a field of the session, or None when the field takes no
    value of its own (signature and initials go in their own objects; read-only fields are filled
    by the server)."""
    kind = field["type"]
    if field.get("read_only") or kind in ("signature", "initials"):
        return None
    if kind == "checkbox":
        return True
    if kind == "date":
        return datetime.now().strftime(DATE_PATTERNS.get(field.get("date_format") or "MM/DD/YYYY", "%m/%d/%Y"))
    if kind in ("select", "dropdown"):
        options = field.get("options") or []
        if not options:
            return "Compat choice"
        first = options[0]
        return first["name"] if isinstance(first, dict) else first
    return TEXT_VALUES.get(field.get("validation"), "Compat text")


def complete_signing(http, server, embedded_signing_url, values=None, expected_status=200):
    """Fills every field of the recipient (`values`, by session field id, override the defaults
    of `field_value`), signs with a drawn signature (and drawn initials when the recipient has an
    initials field) and posts it. Asserts `expected_status`; returns the response."""
    session = signing_session(http, server, embedded_signing_url)
    filled = {}
    for field in session["fields"]:
        value = field_value(field)
        if value is not None:
            filled[field["id"]] = value
    filled.update(values or {})
    body = {"values": filled, "signature": DRAWN}
    if any(field["type"] == "initials" for field in session["fields"]):
        body["initials"] = DRAWN
    response = http.post(_endpoint(server, embedded_signing_url, "complete"), json=body, timeout=TIMEOUT)
    assert response.status_code == expected_status, (
        f"POST complete: expected {expected_status}, got {response.status_code} {response.text[:500]}\n"
        f"session: {session}\nbody values: {filled}")
    return response


def decline_signing(http, server, embedded_signing_url, reason):
    """Declines as the recipient; asserts 200 and returns the JSON answer."""
    response = http.post(_endpoint(server, embedded_signing_url, "decline"), json={"reason": reason}, timeout=TIMEOUT)
    assert response.status_code == 200, f"POST decline: {response.status_code} {response.text[:500]}"
    return response.json()
