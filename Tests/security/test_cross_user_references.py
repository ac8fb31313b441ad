"""Finding 1, beyond blobs: every other API that takes a reference (a QED report's slug, an
intdash edge or measurement UUID) resolves it only within what the caller may see, and answers
a reference to someone else's thing exactly as one to nothing, so the answer is no oracle.
(Blob references through Nuxeo and SignWell are in test_blob_references.py.)"""

import secrets
import uuid

import pytest

from conftest import add_user

TIMEOUT = 30


def api_key(server, user):
    return server.cli("apikey", "create", "--user", user[0], "--name", "cross-user").stdout.strip()


@pytest.fixture(scope="module")
def people(server):
    suffix = secrets.token_hex(4)
    alice = add_user(server, f"alice-x-{suffix}")
    bob = add_user(server, f"bob-x-{suffix}")
    return {"alice": alice, "bob": bob, "alice_key": api_key(server, alice), "bob_key": api_key(server, bob)}


def refusal(answer, reference):
    """An error answer's JSON without its request ids (they differ from answer to answer) and
    with the reference it names (the one asked for, echoed back) as REF."""
    def strip(value):
        if isinstance(value, dict):
            return {key: strip(item) for key, item in value.items() if key != "request_id"}
        if isinstance(value, str):
            return value.replace(reference, "REF")
        return value
    return strip(answer.json())


def test_qed_report_of_another_member_answers_as_an_unknown_one(server, http, people):
    digest = secrets.token_hex(32)
    created = http.post(server.url("/qed/v1/reports/"), auth=people["alice"], timeout=TIMEOUT, json={
        "hash": digest, "provable_files": [{"hash": digest, "file_name": "contract.pdf"}],
        "original_created_at": "2024-05-06T07:08:09Z",
    })
    assert created.status_code == 201, created.text
    slug = created.json()["slug"]
    unknown = "x" + slug[1:] if slug[0] != "x" else "y" + slug[1:]
    for suffix in ["", "/tsr", "/proof", "/bundle", "/pdf"]:
        stolen = http.get(server.url(f"/qed/v1/reports/{slug}{suffix}"), auth=people["bob"], timeout=TIMEOUT)
        missing = http.get(server.url(f"/qed/v1/reports/{unknown}{suffix}"), auth=people["bob"], timeout=TIMEOUT)
        assert stolen.status_code == missing.status_code == 404, (suffix, stolen.text)
        assert refusal(stolen, slug) == refusal(missing, unknown)
        # Alice herself reads it.
        assert http.get(server.url(f"/qed/v1/reports/{slug}{suffix}"), auth=people["alice"], timeout=TIMEOUT).status_code == 200
    # Revising it is refused in the same words as revising a report that does not exist.
    revision = {"hash": secrets.token_hex(32), "provable_files": [], "original_created_at": "2024-05-06T07:08:09Z"}
    stolen = http.put(server.url(f"/qed/v1/reports/{slug}/"), auth=people["bob"], timeout=TIMEOUT, json=revision)
    missing = http.put(server.url(f"/qed/v1/reports/{unknown}/"), auth=people["bob"], timeout=TIMEOUT, json=revision)
    assert stolen.status_code == missing.status_code == 404, stolen.text
    assert refusal(stolen, slug) == refusal(missing, unknown)
    assert http.get(server.url(f"/qed/v1/reports/{slug}"), auth=people["alice"], timeout=TIMEOUT).json()["hash"] == digest
    # Listing by hash shows Bob none of Alice's reports.
    listed = http.get(server.url("/qed/v1/reports"), params={"hash": digest}, auth=people["bob"], timeout=TIMEOUT)
    assert listed.status_code == 200 and listed.json() == []


def test_intdash_edge_and_measurement_of_another_person_answer_as_unknown_ones(server, http, people):
    alice_headers = {"X-Intdash-Token": people["alice_key"]}
    bob_headers = {"X-Intdash-Token": people["bob_key"]}
    edge = http.post(server.url("/intdash/api/auth/edges"), headers=alice_headers, timeout=TIMEOUT,
                     json={"name": f"car-{secrets.token_hex(4)}"})
    assert edge.status_code == 201, edge.text
    measurement = http.post(server.url("/intdash/api/v1/measurements"), headers=alice_headers, timeout=TIMEOUT,
                            json={"edge_uuid": edge.json()["uuid"], "basetime": "2024-02-29T12:00:00Z", "name": "trip"})
    assert measurement.status_code == 201, measurement.text
    mine = measurement.json()["uuid"]
    nobody = str(uuid.uuid4())
    for path in ["/intdash/api/v1/measurements/{}", "/intdash/api/v1/measurements/{}/markers",
                 "/intdash/api/v1/measurements/{}/basetimes"]:
        stolen = http.get(server.url(path.format(mine)), headers=bob_headers, timeout=TIMEOUT)
        missing = http.get(server.url(path.format(nobody)), headers=bob_headers, timeout=TIMEOUT)
        assert stolen.status_code == missing.status_code == 404, (path, stolen.text)
        assert refusal(stolen, mine) == refusal(missing, nobody)
        assert http.get(server.url(path.format(mine)), headers=alice_headers, timeout=TIMEOUT).status_code == 200
    # Nor can Bob record under Alice's edge.
    stolen = http.post(server.url("/intdash/api/v1/measurements"), headers=bob_headers, timeout=TIMEOUT,
                       json={"edge_uuid": edge.json()["uuid"], "basetime": "2024-02-29T12:00:00Z"})
    missing = http.post(server.url("/intdash/api/v1/measurements"), headers=bob_headers, timeout=TIMEOUT,
                        json={"edge_uuid": nobody, "basetime": "2024-02-29T12:00:00Z"})
    assert stolen.status_code == missing.status_code and stolen.status_code in (400, 404), stolen.text
    assert refusal(stolen, edge.json()["uuid"]) == refusal(missing, nobody)
