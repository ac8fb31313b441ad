"""The QED-compatible reports API and the public transparency log, checked by an independent
verifier written here from the specifications, not from the server's code:

- C2SP signed-note (checkpoint signature, Ed25519 key IDs) and the verifier key format;
- C2SP tlog-checkpoint (origin, size, base64 root);
- C2SP tlog-tiles (tile paths, entry bundles, level-L hash tiles, partial tiles);
- RFC 6962 Merkle tree hashing (leaf = SHA-256(0x00 || entry), node = SHA-256(0x01 || l || r)).

Everything about the log is computed from what the server serves: the session server is shared,
so the log may already hold entries of other tests, and every hash posted here is uuid-based.
The module grows the log past one full tile of 256 entries, so that full tiles, the last
partial tile and a level-1 tile are all checked.
"""

import concurrent.futures
import hashlib
import re
import uuid
from datetime import datetime, timedelta

import pytest
import requests
from cryptography.exceptions import InvalidSignature

from .qed import (
    REPORTS, TIMEOUT, fetch_checkpoint, fetch_entries, fetch_vkey, new_user, post_report, report_request, token,
    unique,
)
from .tlog import (
    TILE_WIDTH, b64decode, consistency_proof, leaf_hash, merkle_root, node_hash, parse_entry, parse_entry_bundle,
    sha256, tile_index_path, tiles, verify_consistency,
)

DEFAULT_ORIGIN = "chancery.local/log"
HEX64 = re.compile(r"[0-9a-f]{64}")
# How far the server's clock ("received", "block_time") may be from this process's clock.
CLOCK_SLACK = timedelta(seconds=5)


def test_verifier_self_check():
    """The verifier's own building blocks against values fixed by the specifications, so a
    bug here cannot make the server look right."""
    assert sha256(b"").hex() == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
    assert merkle_root([]) == sha256(b"")
    # The RFC 6962 test vectors of Certificate Transparency's Merkle tree tests.
    inputs = [
        b"", b"\x00", b"\x10", b"\x20\x21", b"\x30\x31", b"\x40\x41\x42\x43",
        bytes(range(0x50, 0x58)), bytes(range(0x60, 0x70)),
    ]
    roots = {
        1: "6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d",
        2: "fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125",
        3: "aeb6bcfe274b70a14fb067a5e5578264db0fa9b51af5e0ba159158f329e06e77",
        7: "ddb89be403809e325750d3d263cd78929c2942b7942a34b77e122c9594a74c8c",
        8: "5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328",
    }
    for size, root in roots.items():
        assert merkle_root([leaf_hash(e) for e in inputs[:size]]).hex() == root, size
    # Seven leaves split as 4 + 3, and the 3 as 2 + 1 (the largest power of two below n).
    leaves = [leaf_hash(bytes([i])) for i in range(7)]
    expected = node_hash(
        node_hash(node_hash(leaves[0], leaves[1]), node_hash(leaves[2], leaves[3])),
        node_hash(node_hash(leaves[4], leaves[5]), leaves[6]),
    )
    assert merkle_root(leaves) == expected
    assert tile_index_path(0) == "000"
    assert tile_index_path(7) == "007"
    assert tile_index_path(1234) == "x001/234"
    assert tile_index_path(1234067) == "x001/x234/067"
    assert list(tiles(512)) == [(0, 256, ""), (1, 256, "")]
    assert list(tiles(300)) == [(0, 256, ""), (1, 44, ".p/44")]
    assert parse_entry_bundle(b"\x00\x02ab\x00\x00\x00\x01c", 3) == [b"ab", b"", b"c"]
    # Consistency proofs between every pair of sizes up to 9 verify, and stop verifying when
    # the old root, the new root or one proof hash is wrong.
    leaves = [leaf_hash(bytes([i])) for i in range(9)]
    for new in range(1, 10):
        for old in range(1, new + 1):
            proof = consistency_proof(leaves[:new], old)
            old_root, new_root = merkle_root(leaves[:old]), merkle_root(leaves[:new])
            assert verify_consistency(old, old_root, new, new_root, proof), (old, new)
            assert not verify_consistency(old, sha256(b"x"), new, new_root, proof), (old, new)
            if old < new:
                assert not verify_consistency(old, old_root, new, sha256(b"x"), proof), (old, new)
                for i in range(len(proof)):
                    bad = proof[:i] + [sha256(proof[i])] + proof[i + 1 :]
                    assert not verify_consistency(old, old_root, new, new_root, bad), (old, new, i)


# MARK: fixtures


@pytest.fixture(scope="module")
def owner(server):
    return new_user(server)


@pytest.fixture(scope="module")
def notarized(server, http, owner):
    """Three reports of `owner`: a 16-byte hash in upper case with metadata, an exactly 32-byte
    hash with two files, and one with no optional fields and a non-UTC date."""
    _, key = owner
    bodies = [
        report_request(
            uuid.uuid4().hex.upper(),
            name="Contract",
            note="signed copy",
            email="owner@example.com",
            meta_data={"case": 7, "tags": ["a", "b"]},
        ),
        report_request(hashlib.sha256(uuid.uuid4().bytes).hexdigest(), files=2, name="Two files"),
        report_request(uuid.uuid4().hex[:20], original_created_at="2023-12-31T23:59:59.250+02:00"),
    ]
    # The first file digest in upper case: the API and the log keep digests in lower case.
    bodies[0]["provable_files"][0]["hash"] = bodies[0]["provable_files"][0]["hash"].upper()
    return [post_report(server, http, key, body) for body in bodies]


@pytest.fixture(scope="module")
def log(server, http, notarized):
    """The log grown past one full tile (by concurrent reports of a filler user, so that the
    sequencer batches them), then its key, checkpoint, entries and leaf hashes."""
    vkey = fetch_vkey(server, http)
    before = fetch_checkpoint(server, http, vkey).size
    target = max(before, TILE_WIDTH + 10)
    if target % TILE_WIDTH == 0:
        target += 1  # keep a partial tile at the end
    _, filler_key = new_user(server)

    def post(_):
        with requests.Session() as session:
            return post_report(server, session, filler_key, report_request(uuid.uuid4().hex))

    with concurrent.futures.ThreadPoolExecutor(max_workers=8) as pool:
        fillers = list(pool.map(post, range(target - before)))

    checkpoint = fetch_checkpoint(server, http, vkey)
    assert checkpoint.size == target, (
        f"log grew from {before} to {checkpoint.size} after {target - before} reports; expected one entry per report"
    )
    entries = fetch_entries(server, http, checkpoint.size)
    return {
        "vkey": vkey,
        "checkpoint": checkpoint,
        "entries": entries,
        "leaves": [leaf_hash(entry) for entry in entries],
        "posted": notarized + fillers,
    }


# MARK: 1. notarizing


def test_notarized_reports_have_qed_bodies(server, http, notarized):
    vkey = fetch_vkey(server, http)
    report_slugs = set()
    file_slugs = set()
    heights = []
    for posted in notarized:
        request, body = posted["request"], posted["response"]
        assert body["status"] == "confirmed", body
        assert isinstance(body["slug"], str) and body["slug"], body
        report_slugs.add(body["slug"])
        assert body["hash"] == request["hash"].lower(), body
        assert body["name"] == request.get("name"), body
        assert body["note"] == request.get("note"), body
        assert body["meta_data"] == request.get("meta_data"), body

        files = body["provable_files"]
        assert [f["file_name"] for f in files] == [f["file_name"] for f in request["provable_files"]], files
        assert [f["hash"] for f in files] == [f["hash"].lower() for f in request["provable_files"]], files
        for f in files:
            assert isinstance(f["slug"], str) and f["slug"], f
            file_slugs.add(f["slug"])

        tx = body["tx"]
        assert HEX64.fullmatch(tx["hash"]), tx
        assert isinstance(tx["block_height"], int) and tx["block_height"] >= 0, tx
        heights.append(tx["block_height"])
        block_time = datetime.fromisoformat(tx["block_time"].replace("Z", "+00:00"))
        assert block_time.tzinfo is not None, f"block_time without a time zone: {tx['block_time']}"
        assert posted["before"] - CLOCK_SLACK <= block_time <= posted["after"] + CLOCK_SLACK, (
            f"block_time {block_time} outside the request's [{posted['before']}, {posted['after']}]"
        )
        assert isinstance(tx["explorer_url"], str) and tx["explorer_url"].startswith("http"), tx
        assert tx["network_name"] == vkey.name == DEFAULT_ORIGIN, tx
        assert tx["network_id"] == vkey.key_id.hex(), f"network_id {tx['network_id']} != vkey key ID {vkey.key_id.hex()}"
        data = tx["data"]
        assert isinstance(data["checkpoint_size"], int) and data["checkpoint_size"] > tx["block_height"], tx
        assert len(b64decode(data["checkpoint_root"])) == 32, tx

    assert len(report_slugs) == len(notarized), "report slugs must be distinct"
    assert len(file_slugs) == sum(len(p["request"]["provable_files"]) for p in notarized), "file slugs must be distinct"
    assert not report_slugs & file_slugs, "a file slug equals a report slug"
    assert heights == sorted(heights) and len(set(heights)) == len(heights), f"log indexes out of order: {heights}"


def test_get_report_by_slug_matches_post(server, http, owner, notarized):
    _, key = owner
    for posted in notarized:
        created = posted["response"]
        response = http.get(server.url(f"{REPORTS}{created['slug']}"), headers=token(key), timeout=TIMEOUT)
        assert response.status_code == 200, response.text[:500]
        fetched = response.json()
        for field in ("slug", "status", "name", "note", "hash", "provable_files", "meta_data"):
            assert fetched[field] == created[field], f"{field}: GET {fetched[field]!r} != POST {created[field]!r}"
        for field in ("hash", "block_height", "network_name", "network_id"):
            assert fetched["tx"][field] == created["tx"][field], f"tx.{field}: {fetched['tx']} != {created['tx']}"


# MARK: 2. the log, verified independently


def test_checkpoint_is_signed_by_the_log_key(server, http, log):
    vkey, checkpoint = log["vkey"], log["checkpoint"]
    assert checkpoint.origin == vkey.name, f"checkpoint origin {checkpoint.origin!r} != key name {vkey.name!r}"
    # The verifier really checks something: a changed body or signature must not verify.
    forged = checkpoint.body.replace(f"\n{checkpoint.size}\n", f"\n{checkpoint.size + 1}\n").encode()
    with pytest.raises(InvalidSignature):
        vkey.verify(forged, checkpoint.signature)
    with pytest.raises(InvalidSignature):
        vkey.verify(checkpoint.body.encode(), bytes([checkpoint.signature[0] ^ 1]) + checkpoint.signature[1:])


def test_entries_rebuild_the_checkpoint_root(log):
    checkpoint, entries = log["checkpoint"], log["entries"]
    assert len(entries) == checkpoint.size
    assert merkle_root(log["leaves"]).hex() == checkpoint.root.hex(), (
        f"RFC 6962 root of the {len(entries)} served entries differs from the signed checkpoint root"
    )


def test_every_entry_is_well_formed(log):
    origin = log["checkpoint"].origin
    slugs = [parse_entry(entry, origin)["slug"] for entry in log["entries"]]
    assert len(set(slugs)) == len(slugs), "two log entries carry the same slug"


def test_each_report_is_in_the_log_where_tx_says(log):
    origin, entries, leaves = log["checkpoint"].origin, log["entries"], log["leaves"]
    heights = set()
    for posted in log["posted"]:
        request, body = posted["request"], posted["response"]
        index = body["tx"]["block_height"]
        assert index < len(entries), f"block_height {index} beyond the log size {len(entries)}"
        assert index not in heights, f"two reports at log index {index}"
        heights.add(index)
        assert leaves[index].hex() == body["tx"]["hash"], (
            f"leaf hash at {index} is {leaves[index].hex()}, tx.hash is {body['tx']['hash']}"
        )
        entry = parse_entry(entries[index], origin)
        assert entry["slug"] == body["slug"], (entry, body["slug"])
        assert entry["hash"] == request["hash"].lower(), (entry, request["hash"])
        assert entry["files"] == [f["hash"].lower() for f in request["provable_files"]], (entry, request)
        assert posted["before"] - CLOCK_SLACK <= entry["received"] <= posted["after"] + CLOCK_SLACK, (
            f"received {entry['received']} outside the request's [{posted['before']}, {posted['after']}]"
        )
        block_time = datetime.fromisoformat(body["tx"]["block_time"].replace("Z", "+00:00"))
        assert entry["received"] <= block_time + timedelta(milliseconds=1), (entry["received"], block_time)


def test_tx_checkpoints_are_prefixes_of_the_log(log):
    """Each report's tx.data names the checkpoint that first held it: its root must be the
    RFC 6962 root of the first checkpoint_size leaves of today's log (append-only)."""
    leaves = log["leaves"]
    roots = {}
    for posted in log["posted"]:
        data = posted["response"]["tx"]["data"]
        size = data["checkpoint_size"]
        assert size <= len(leaves), f"checkpoint_size {size} beyond the log size {len(leaves)}"
        if size not in roots:
            roots[size] = merkle_root(leaves[:size])
        assert roots[size] == b64decode(data["checkpoint_root"]), (
            f"tx.data.checkpoint_root for size {size} is not the root of the log's first {size} leaves"
        )


# MARK: 3. hash tiles


def test_level0_hash_tiles_hold_the_leaf_hashes(server, http, log):
    leaves = log["leaves"]
    served = b""
    for index, width, suffix in tiles(len(leaves)):
        path = f"/log/tile/0/{tile_index_path(index)}{suffix}"
        response = http.get(server.url(path), timeout=TIMEOUT)
        assert response.status_code == 200, f"GET {path}: {response.status_code} {response.text[:300]}"
        assert len(response.content) == 32 * width, f"GET {path}: {len(response.content)} bytes for width {width}"
        served += response.content
    assert served == b"".join(leaves), "level-0 tiles differ from the leaf hashes of the entries"


def test_level1_hash_tile_holds_subtree_roots(server, http, log):
    leaves = log["leaves"]
    count = len(leaves) // TILE_WIDTH  # complete 256-leaf subtrees
    assert count >= 1, "the fixture grows the log past one full tile"
    for index, width, suffix in tiles(count):
        path = f"/log/tile/1/{tile_index_path(index)}{suffix}"
        response = http.get(server.url(path), timeout=TIMEOUT)
        assert response.status_code == 200, f"GET {path}: {response.status_code} {response.text[:300]}"
        first = index * TILE_WIDTH
        expected = b"".join(
            merkle_root(leaves[(first + i) * TILE_WIDTH : (first + i + 1) * TILE_WIDTH]) for i in range(width)
        )
        assert response.content == expected, f"GET {path}: not the roots of the 256-leaf subtrees"


def test_partial_tiles_beyond_the_log_are_not_served(server, http, log):
    size = len(log["leaves"])
    index, width = size // TILE_WIDTH, size % TILE_WIDTH
    assert width, "the fixture leaves a partial tile at the end"
    for kind in ("entries", "0"):
        path = f"/log/tile/{kind}/{tile_index_path(index)}.p/{width + 1}"
        response = http.get(server.url(path), timeout=TIMEOUT)
        assert response.status_code == 404, f"GET {path} past the log size {size}: {response.status_code}"


# MARK: 4. who sees which report


def test_reports_are_visible_to_owner_and_administrators_only(server, http, admin):
    first_name, first_key = new_user(server)
    second_name, second_key = new_user(server)
    shared = uuid.uuid4().hex
    first_a = post_report(server, http, first_key, report_request(shared))["response"]
    second = post_report(server, http, second_key, report_request(shared))["response"]
    first_b = post_report(server, http, first_key, report_request(shared.upper()))["response"]

    def get(path, **kwargs):
        return http.get(server.url(path), timeout=TIMEOUT, **kwargs)

    # By slug: the owner and an administrator, not another member.
    for slug in (first_a["slug"], first_b["slug"]):
        assert get(f"{REPORTS}{slug}", headers=token(first_key)).status_code == 200
        response = get(f"{REPORTS}{slug}", headers=token(second_key))
        assert response.status_code == 404, f"{second_name} read {first_name}'s report: {response.text[:300]}"
        assert response.json() == {"detail": "Not found."}, response.text
        response = get(f"{REPORTS}{slug}", auth=admin)
        assert response.status_code == 200, response.text[:300]
        assert response.json()["slug"] == slug
    response = get(f"{REPORTS}{second['slug']}", headers=token(first_key))
    assert response.status_code == 404, response.text[:300]
    assert response.json() == {"detail": "Not found."}, response.text

    def listed(**kwargs):
        response = get(f"{REPORTS}?hash={shared}", **kwargs)
        assert response.status_code == 200, response.text[:300]
        body = response.json()
        assert isinstance(body, list), body
        return [report["slug"] for report in body]

    assert listed(headers=token(first_key)) == [first_a["slug"], first_b["slug"]], "owner's list, oldest first"
    assert listed(headers=token(second_key)) == [second["slug"]]
    assert listed(auth=admin) == [first_a["slug"], second["slug"], first_b["slug"]], "administrator sees all, oldest first"

    # A hash nobody notarized lists nothing; a slug nobody has is the same 404 as another's.
    assert get(f"{REPORTS}?hash={uuid.uuid4().hex}", headers=token(first_key)).json() == []
    response = get(f"{REPORTS}{unique('no-such-slug')}", headers=token(first_key))
    assert response.status_code == 404 and response.json() == {"detail": "Not found."}, response.text


# MARK: 5. bad input


def assert_field_error(response, field):
    assert response.status_code == 400, f"expected 400, got {response.status_code}: {response.text[:500]}"
    body = response.json()
    assert isinstance(body, dict) and field in body, f"no {field!r} key in {body}"
    messages = body[field]
    assert isinstance(messages, list) and messages, f"{field}: {messages!r} is not a list of messages"
    assert all(isinstance(m, str) and m for m in messages), f"{field}: {messages!r}"


def without(body, field):
    return {k: v for k, v in body.items() if k != field}


BAD_REPORTS = {
    "non-hex hash": (lambda: report_request("zz" + uuid.uuid4().hex[2:]), "hash"),
    "33-byte hash": (lambda: report_request(uuid.uuid4().hex * 2 + "ab"), "hash"),
    "odd-length hash": (lambda: report_request(uuid.uuid4().hex[:31]), "hash"),
    "missing original_created_at": (lambda: without(report_request(), "original_created_at"), "original_created_at"),
    "bad date": (lambda: report_request(original_created_at="not-a-date"), "original_created_at"),
    "impossible date": (lambda: report_request(original_created_at="2024-02-30T10:00:00Z"), "original_created_at"),
}


@pytest.mark.parametrize("case", list(BAD_REPORTS))
def test_bad_report_is_400_with_field_errors(server, http, owner, case):
    _, key = owner
    make, field = BAD_REPORTS[case]
    body = make()
    vkey = fetch_vkey(server, http)
    size = fetch_checkpoint(server, http, vkey).size
    response = http.post(server.url(REPORTS), json=body, headers=token(key), timeout=TIMEOUT)
    assert_field_error(response, field)
    assert fetch_checkpoint(server, http, vkey).size == size, "a rejected report was written to the log"
    if case in ("missing original_created_at", "bad date", "impossible date"):
        # The hash itself was valid: nothing may be listed under it.
        listed = http.get(server.url(f"{REPORTS}?hash={body['hash']}"), headers=token(key), timeout=TIMEOUT)
        assert listed.status_code == 200 and listed.json() == [], listed.text[:300]


def test_bad_file_digest_is_400(server, http, owner):
    _, key = owner
    body = report_request()
    body["provable_files"][0]["hash"] = body["provable_files"][0]["hash"][:63]
    response = http.post(server.url(REPORTS), json=body, headers=token(key), timeout=TIMEOUT)
    assert response.status_code == 400, response.text[:500]
    errors = response.json()
    keys = [k for k in errors if k.startswith("provable_files")]
    assert keys, f"no provable_files error in {errors}"


@pytest.mark.parametrize(
    "headers",
    [{}, {"Authorization": "app-token not-a-real-key"}],
    ids=["no credentials", "unknown key"],
)
def test_reports_need_credentials(server, http, notarized, headers):
    slug = notarized[0]["response"]["slug"]
    for response in (
        http.post(server.url(REPORTS), json=report_request(), headers=headers, timeout=TIMEOUT),
        http.get(server.url(f"{REPORTS}{slug}"), headers=headers, timeout=TIMEOUT),
        http.get(server.url(f"{REPORTS}?hash={notarized[0]['response']['hash']}"), headers=headers, timeout=TIMEOUT),
    ):
        assert response.status_code == 401, f"{response.request.method} {response.url}: {response.status_code}"
        body = response.json()
        assert isinstance(body.get("detail"), str) and body["detail"], body


def test_log_is_public(server, http, notarized):
    """The log endpoints need no credentials (the test client sends none)."""
    size = fetch_checkpoint(server, http, fetch_vkey(server, http)).size
    index, width, suffix = list(tiles(size))[-1]
    last = f"{tile_index_path(index)}{suffix}"
    for path in ("/log/checkpoint", "/.well-known/chancery/log.vkey", f"/log/tile/entries/{last}", f"/log/tile/0/{last}"):
        response = http.get(server.url(path), timeout=TIMEOUT)
        assert response.status_code == 200, f"GET {path}: {response.status_code} {response.text[:300]}"
