"""Finding 8: one public-origin rule for every API. The links the server hands out start with
`--public-url` when it is set, otherwise with the request's own `Host`; `X-Forwarded-Proto` and
`X-Forwarded-Host` count only with `--trust-forwarded-headers`, and a forwarded scheme other than
http or https is never used. A malformed `Host` gets a 400.

Each API's links are read from real answers: QED's `explorer_url` (the verify page the
certificate's QR code points to), Nuxeo's blob `data` URL and SignWell's `embedded_signing_url`.
"""

import base64
import uuid

from signwell.pdfs import pdf_with_pages

from raw_http import connect, read_until_closed

TIMEOUT = 30
EVIL = {"X-Forwarded-Proto": "https", "X-Forwarded-Host": "evil.example"}


def links(server, http, credentials, headers):
    """The links a QED report and a SignWell document carry when created with `headers`."""
    report = http.post(
        server.url("/qed/v1/reports/"), auth=credentials, headers=headers, timeout=TIMEOUT,
        json={"hash": uuid.uuid4().hex, "provable_files": [{"hash": "ab" * 32, "file_name": "a.pdf"}],
              "original_created_at": "2024-05-06T07:08:09Z"},
    )
    assert report.status_code == 201, report.text
    nuxeo_headers = {"properties": "*", **headers}
    batch = http.post(server.url("/nuxeo/api/v1/upload"), auth=credentials, headers=headers, timeout=TIMEOUT)
    assert batch.status_code == 201, batch.text
    batch_id = batch.json()["batchId"]
    sent = http.post(server.url(f"/nuxeo/api/v1/upload/{batch_id}/0"), auth=credentials, data=b"origin",
                     headers={**headers, "X-File-Name": "o.txt", "Content-Type": "text/plain"}, timeout=TIMEOUT)
    assert sent.status_code == 201, sent.text
    file = http.post(
        server.url("/nuxeo/api/v1/path/default-domain/workspaces"), auth=credentials, headers=nuxeo_headers,
        timeout=TIMEOUT, json={"entity-type": "document", "type": "File", "name": f"o-{uuid.uuid4().hex}",
                               "properties": {"file:content": {"upload-batch": batch_id, "upload-fileId": "0"}}},
    )
    assert file.status_code == 201, file.text
    document = http.post(
        server.url("/signwell/api/v1/documents"), auth=credentials, headers=headers, timeout=TIMEOUT,
        json={
            "test_mode": True, "embedded_signing": True,
            "files": [{"name": "c.pdf", "file_base64": base64.b64encode(pdf_with_pages(1)).decode()}],
            "recipients": [{"id": "1", "name": "A", "email": "a@example.com"}],
            "fields": [[{"type": "signature", "recipient_id": "1", "page": 1, "x": 100, "y": 100}]],
        },
    )
    assert document.status_code == 201, document.text
    return {
        "qed tx.explorer_url": report.json()["tx"]["explorer_url"],
        "nuxeo blob data": file.json()["properties"]["file:content"]["data"],
        "signwell embedded_signing_url": document.json()["recipients"][0]["embedded_signing_url"],
    }


def assert_all_start_with(found, prefix):
    for name, url in found.items():
        assert url.startswith(prefix + "/"), f"{name} is {url!r}, expected it under {prefix!r}"


def administrator(server):
    return ("Administrator", server.admin_password)


def test_forwarded_headers_are_ignored_unless_trusted(server, http, admin):
    assert_all_start_with(links(server, http, admin, EVIL), server.base_url)


def test_trusted_forwarded_headers_set_scheme_and_host(start_server, http):
    trusting = start_server("--trust-forwarded-headers")
    credentials = administrator(trusting)
    assert_all_start_with(links(trusting, http, credentials, EVIL), "https://evil.example")
    # Without forwarded headers, the request's own Host.
    assert_all_start_with(links(trusting, http, credentials, {}), trusting.base_url)
    # A scheme other than http or https is never used: the host still counts, the scheme is http.
    for scheme in ["javascript", "ftp", "https:evil"]:
        found = links(trusting, http, credentials, {"X-Forwarded-Proto": scheme, "X-Forwarded-Host": "proxy.example"})
        assert_all_start_with(found, "http://proxy.example")
    # A malformed forwarded host is ignored for the request's own Host.
    found = links(trusting, http, credentials, {"X-Forwarded-Host": "evil.example/<script>"})
    assert_all_start_with(found, trusting.base_url)


def test_public_url_wins_over_host_and_forwarded_headers(start_server, http):
    configured = start_server("--public-url", "https://notary.example/base/", "--trust-forwarded-headers")
    credentials = administrator(configured)
    assert_all_start_with(links(configured, http, credentials, EVIL), "https://notary.example/base")
    assert_all_start_with(links(configured, http, credentials, {}), "https://notary.example/base")


def test_malformed_host_gets_400(server):
    for host in [b"evil.example/path", b"a b", b"user@evil.example", b"<x>", b"example:99999"]:
        sock = connect(server)
        sock.sendall(b"GET /qed/v1/reports/x HTTP/1.1\r\nHost: " + host + b"\r\nConnection: close\r\n\r\n")
        answer = read_until_closed(sock, within=5)
        sock.close()
        assert answer.status == 400, f"Host {host!r}: {answer.data[:200]!r}"
