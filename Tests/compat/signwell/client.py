"""The official SignWell Python SDK (`signwell-sdk-python` 0.1.0), unmodified, pointed at our server.

`Configuration(host=<server>/signwell)` makes the SDK call `<server>/signwell/api/v1/...` with the
API key in `X-Api-Key`, exactly as it calls www.signwell.com. Each account of a test is a user
made with the real CLI and an API key of its own, so tests that count documents or hooks see only
their own.

The SDK's methods have no timeout unless the caller passes `_request_timeout`; `Timed` passes the
suite's on every call, so a server that hangs fails one test instead of stalling the run.
"""

import functools
import json
import uuid
from dataclasses import dataclass

import signwell_sdk

# Seconds any one SDK call may take.
TIMEOUT = 60


def unique(prefix):
    """A name no other test uses."""
    return f"{prefix}-{uuid.uuid4().hex[:10]}"


class Timed:
    """An SDK API object whose methods all get `_request_timeout=TIMEOUT` (the SDK's own parameter;
    its helpers such as `wait_for_completion` and `iterate_documents` pass it on)."""

    def __init__(self, api):
        self._api = api

    def __getattr__(self, name):
        attribute = getattr(self._api, name)
        if callable(attribute) and not name.startswith("_"):
            return functools.partial(attribute, _request_timeout=TIMEOUT)
        return attribute


def api_client(server, key):
    """An `ApiClient` for the server's SignWell API with `key` in X-Api-Key (None: no key)."""
    configuration = signwell_sdk.Configuration(
        host=server.url("/signwell"), api_key={"api_key": key} if key is not None else None
    )
    return signwell_sdk.ApiClient(configuration)


@dataclass
class Account:
    """A user of the server and the SDK's API objects acting for it."""

    name: str
    key: str
    client: signwell_sdk.ApiClient

    @property
    def documents(self):
        """The SDK's `DocumentApi` for this account."""
        return Timed(signwell_sdk.DocumentApi(self.client))

    @property
    def templates(self):
        """The SDK's `TemplateApi` for this account."""
        return Timed(signwell_sdk.TemplateApi(self.client))

    @property
    def bulk_sends(self):
        """The SDK's `BulkSendApi` for this account."""
        return Timed(signwell_sdk.BulkSendApi(self.client))

    @property
    def hooks(self):
        """The SDK's `WebhooksApi` for this account."""
        return Timed(signwell_sdk.WebhooksApi(self.client))

    @property
    def me(self):
        """The SDK's `MeApi` for this account."""
        return Timed(signwell_sdk.MeApi(self.client))


def new_account(server, prefix="signwell"):
    """A fresh member made with `chancery user add` and its key from `chancery apikey create`."""
    name = unique(prefix)
    server.cli("user", "add", name, "--password-stdin", input=f"pw-{uuid.uuid4().hex}\n")
    created = server.cli("apikey", "create", "--user", name, "--name", unique("signwell-key"))
    lines = created.stdout.splitlines()
    assert len(lines) == 1 and lines[0].strip(), f"expected exactly the key on stdout, got {created.stdout!r}"
    key = lines[0].strip()
    return Account(name, key, api_client(server, key))


def post_json(account, path, body, response_types):
    """POSTs a JSON body the SDK's models would refuse to build (to see the server's own
    validation) through the SDK's ApiClient: its headers, its key, its response parsing and its
    exception mapping. `response_types` maps status codes to SDK model names, as the SDK's API
    methods do. Returns the parsed 2xx body; raises the SDK's ApiError subclasses otherwise."""
    client = account.client
    request = client.param_serialize(
        method="POST",
        resource_path=path,
        header_params={"Content-Type": "application/json", "Accept": "application/json"},
        body=body,
        auth_settings=["api_key"],
    )
    response = client.call_api(*request, _request_timeout=TIMEOUT)
    response.read()
    return client.response_deserialize(response_data=response, response_types_map=response_types).data


def make_application(account, **members):
    """A new API application of `account` (`POST /api_applications`), as the SDK parses it."""
    body = {"name": unique("compat-app"), **members}
    return post_json(account, "/api/v1/api_applications", body, {"201": "ApiApplicationResponse"})


def raw_document(account, document_id):
    """`GET /documents/{id}` as the JSON the server sent, with the members the SDK's model drops
    (such as Chancery's `email_sent`)."""
    response = account.documents.get_document_without_preload_content(document_id)
    assert response.status == 200, response.data[:500]
    return json.loads(response.data)

