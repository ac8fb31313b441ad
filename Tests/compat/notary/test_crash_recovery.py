"""Nothing acknowledged is lost when the server dies: a server under concurrent load is killed
with SIGKILL (no chance to flush anything), started again on the same data, and then

- every report it answered is there, confirmed, at the log index it was given;
- the log never signed two different roots for one size: the checkpoint seen before the
  kill and every checkpoint a report was answered with are consistent with the new one
  (RFC 9162 consistency proofs, checked by the independent verifier in tlog.py);
- the restarted log keeps growing from where it was.

The test runs a server of its own, on a data folder and (on PostgreSQL) a database of its own,
because it kills it.
"""

import concurrent.futures
import threading
import time
import uuid

import pytest
import requests
from chancery_server import Server, binary, scratch_database

from .qed import REPORTS, TIMEOUT, fetch_checkpoint, fetch_entries, fetch_vkey, new_user, post_report, report_request
from .tlog import b64decode, consistency_proof, leaf_hash, merkle_root, parse_entry, verify_consistency

# Load: this many clients post reports back to back until the server dies.
CLIENTS = 16
# The server is killed once this many reports were answered (and the checkpoint read).
ANSWERED_BEFORE_KILL = 400


@pytest.fixture()
def database():
    """None on SQLite; on PostgreSQL a fresh database of this test's own."""
    yield from scratch_database()


def load_until_killed(server, key, answered, killed):
    """Posts reports until a request fails because the server is gone; records each answer."""
    with requests.Session() as session:
        while not killed.is_set():
            try:
                result = post_report(server, session, key, report_request(uuid.uuid4().hex))
            except requests.RequestException:
                return
            answered.append(result["response"])


def test_sigkill_under_load_loses_nothing_acknowledged(tmp_path, database):
    first = Server(binary(), tmp_path, database)
    first.start()
    _, key = new_user(first)
    http = requests.Session()
    vkey = fetch_vkey(first, http)

    answered = []
    killed = threading.Event()
    with concurrent.futures.ThreadPoolExecutor(CLIENTS) as pool:
        clients = [pool.submit(load_until_killed, first, key, answered, killed) for _ in range(CLIENTS)]
        deadline = time.monotonic() + 120
        while len(answered) < ANSWERED_BEFORE_KILL and time.monotonic() < deadline:
            assert not any(c.done() for c in clients), "a client stopped before the kill:\n" + first.output()
            time.sleep(0.02)
        before = fetch_checkpoint(first, http, vkey)
        # Some more answers after the checkpoint was read, so that the kill lands mid-load.
        floor = len(answered) + CLIENTS
        while len(answered) < floor and time.monotonic() < deadline:
            time.sleep(0.005)
        first.process.kill()
        killed.set()
        first.process.wait()
        for client in clients:
            client.result()
    acknowledged = list(answered)
    assert len(acknowledged) >= ANSWERED_BEFORE_KILL, f"only {len(acknowledged)} reports were answered in time"

    second = Server(binary(), tmp_path, database)
    second.start()
    try:
        assert fetch_vkey(second, http).public_key == vkey.public_key, "the log key changed across the restart"
        after = fetch_checkpoint(second, http, vkey)
        highest = max(report["tx"]["block_height"] for report in acknowledged)
        assert after.size >= max(before.size, highest + 1), (after.size, before.size, highest)

        # Every answered report is there as it was answered.
        for report in acknowledged:
            response = http.get(second.url(f"{REPORTS}{report['slug']}"), headers={"Authorization": f"app-token {key}"}, timeout=TIMEOUT)
            assert response.status_code == 200, f"{report['slug']}: {response.status_code} {response.text[:300]}"
            now = response.json()
            assert now["status"] == "confirmed", now
            assert (now["hash"], now["tx"]["block_height"], now["tx"]["hash"]) == (
                report["hash"], report["tx"]["block_height"], report["tx"]["hash"]
            )

        # The log, rebuilt from its entries, has the new root and holds every answered report
        # where its tx says.
        entries = fetch_entries(second, http, after.size)
        leaves = [leaf_hash(entry) for entry in entries]
        assert merkle_root(leaves) == after.root
        for report in acknowledged:
            index = report["tx"]["block_height"]
            assert leaves[index].hex() == report["tx"]["hash"], index
            assert parse_entry(entries[index], after.origin)["slug"] == report["slug"], index

        # Every checkpoint signed before the kill is a prefix of the new one.
        earlier = {before.size: before.root}
        for report in acknowledged:
            data = report["tx"]["data"]
            root = b64decode(data["checkpoint_root"])
            assert earlier.setdefault(data["checkpoint_size"], root) == root, (
                f"two different roots were signed for size {data['checkpoint_size']}"
            )
        for size, root in sorted(earlier.items()):
            proof = consistency_proof(leaves, size)
            assert verify_consistency(size, root, after.size, after.root, proof), f"checkpoint {size} is not a prefix"

        # And the log goes on from there.
        resumed = post_report(second, http, key, report_request(uuid.uuid4().hex))["response"]
        data = resumed["tx"]["data"]
        assert resumed["tx"]["block_height"] >= after.size
        grown = [leaf_hash(entry) for entry in fetch_entries(second, http, data["checkpoint_size"])]
        proof = consistency_proof(grown, after.size)
        assert verify_consistency(after.size, after.root, data["checkpoint_size"], b64decode(data["checkpoint_root"]), proof)
    finally:
        second.stop()
        http.close()
