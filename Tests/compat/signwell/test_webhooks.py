"""Webhooks (spec 1.6): hooks made, listed and deleted through the SDK, then real deliveries to a
receiver on 127.0.0.1, checked two ways:

- SignWell's `event.hash` with the SDK's own verifier (`signwell_sdk.Webhook.verify_event`,
  keyed by the hook id);
- our `Webhook-Signature: t=<unix seconds>,v1=<hex>` header: HMAC-SHA256 over "<t>.<raw body>"
  keyed by the hook's `secret`, which only the create response carries.
"""

import hashlib
import hmac
import json
import time

import pytest
from signwell_sdk import BadRequestError, NotFoundError, Webhook
from signwell_sdk.models import CreateWebhookRequest, DocumentResponse, ErrorResponse, WebhookResponse

from .builders import document_request
from .pdfs import pdf_with_pages
from .signer import complete_signing

DELIVERY_TIMEOUT = 30
# How far a delivery's timestamps may be from this process's clock.
CLOCK_SLACK = 300


def delivery_for(receiver, path, document_id, event_type):
    """The first POST to `path` about `document_id` with `event_type`, waiting for it."""
    def matches(request):
        if request.method != "POST" or request.path != path:
            return False
        payload = json.loads(request.body)
        return payload["event"]["type"] == event_type and payload["data"]["object"]["id"] == document_id
    found = receiver.wait_for(matches, timeout=DELIVERY_TIMEOUT)
    seen = [(r.path, r.body[:200]) for r in receiver.requests]
    assert found is not None, f"no {event_type} for {document_id} at {path} within {DELIVERY_TIMEOUT} s; got {seen}"
    return found


def assert_authentic(delivery, hook, secret, document_id):
    """Both signatures check out, the body parses as SignWell's payload around our document."""
    assert delivery.headers["content-type"].startswith("application/json"), delivery.headers
    payload = json.loads(delivery.body)
    event = payload["event"]
    assert isinstance(event["time"], int), "spec 1.6: time is an integer so every SDK hashes the same string"
    assert abs(event["time"] - time.time()) < CLOCK_SLACK
    assert Webhook.verify_event(event=event, webhook_id=hook.id, tolerance_seconds=CLOCK_SLACK)
    assert not Webhook.verify_event(event=event, webhook_id=hook.id + "x")

    parts = dict(part.split("=", 1) for part in delivery.headers["webhook-signature"].split(","))
    timestamp = parts["t"]
    expected = hmac.new(secret.encode(), timestamp.encode() + b"." + delivery.body, hashlib.sha256).hexdigest()
    assert hmac.compare_digest(parts["v1"], expected), delivery.headers["webhook-signature"]
    assert abs(int(timestamp) - time.time()) < CLOCK_SLACK
    tampered = hmac.new(secret.encode(), timestamp.encode() + b"." + delivery.body + b" ", hashlib.sha256)
    assert tampered.hexdigest() != parts["v1"]

    document = DocumentResponse.from_dict(payload["data"]["object"])
    assert document.id == document_id
    return payload


def test_hooks_are_created_listed_and_deleted(fresh_account, receiver):
    hooks = fresh_account.hooks
    response = hooks.create_webhook_with_http_info(CreateWebhookRequest(callback_url=receiver.base_url + "/a"))
    assert response.status_code == 201
    first = response.data
    assert isinstance(first, WebhookResponse) and first.id and first.callback_url == receiver.base_url + "/a"
    assert first.additional_properties.get("secret"), "the create response carries the signing secret"
    second = hooks.create_webhook(CreateWebhookRequest(callback_url=receiver.base_url + "/b"))
    assert second.additional_properties["secret"] != first.additional_properties["secret"]

    listed = hooks.list_webhooks()
    assert sorted((h.id, h.callback_url) for h in listed) == sorted(
        [(first.id, first.callback_url), (second.id, second.callback_url)])
    assert all("secret" not in h.additional_properties for h in listed), "the secret is shown once"

    assert hooks.delete_webhook_with_http_info(first.id).status_code == 204
    assert [h.id for h in hooks.list_webhooks()] == [second.id]
    with pytest.raises(NotFoundError):
        hooks.delete_webhook(first.id)


def test_hook_needs_a_callback_url(fresh_account):
    """The SDK knows one error for creating a hook: 400 with an ErrorResponse body."""
    with pytest.raises(BadRequestError) as raised:
        fresh_account.hooks.create_webhook(CreateWebhookRequest(callback_url="not a url"))
    assert isinstance(raised.value.data, ErrorResponse), raised.value.body
    assert fresh_account.hooks.list_webhooks() == []


def test_deliveries_are_signed_and_go_only_to_live_hooks(signing_server, fresh_account, receiver, http):
    hooks = fresh_account.hooks
    removed = hooks.create_webhook(CreateWebhookRequest(callback_url=receiver.base_url + "/removed"))
    live = hooks.create_webhook(CreateWebhookRequest(callback_url=receiver.base_url + "/live"))
    secret = live.additional_properties["secret"]
    hooks.delete_webhook(removed.id)

    document = fresh_account.documents.create_document(document_request(pdf_with_pages(1)))
    created = delivery_for(receiver, "/live", document.id, "document_created")
    assert_authentic(created, live, secret, document.id)

    complete_signing(http, signing_server, document.recipients[0].embedded_signing_url)
    completed = delivery_for(receiver, "/live", document.id, "document_completed")
    payload = assert_authentic(completed, live, secret, document.id)
    assert payload["data"]["object"]["status"] == "Completed"

    # Every delivery for the document reached /live by now; none went to the deleted hook.
    assert not [r for r in receiver.requests if r.path == "/removed"]
