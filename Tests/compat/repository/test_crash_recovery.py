"""Repository writes share durable transactions (group commit) and still lose nothing they
acknowledged: clients of the official `nuxeo` package create documents, change them and attach
files at once; the server is killed with SIGKILL mid-load, started again on the same data, and

- every creation, change and attachment it answered is there as it was answered;
- every write it had not answered yet, whether or not it was committed before the kill, is
  there entirely or not at all (a document without its title, or a creation without its audit
  entry, never survives);
- while the server ran, the writes shared commits: fewer commits than transactions in /metrics
  (on SQLite, where the server groups them; PostgreSQL shares the flushes of concurrent
  commits by itself).

The test runs a server of its own, on a data folder and (on PostgreSQL) a database of its own,
because it kills it.
"""

import concurrent.futures
import re
import threading
import time

import pytest
import requests
from chancery_server import Server, binary, scratch_database
from nuxeo.models import Document

from .support import WORKSPACES, connect, create, doc_json, file_blob, unique

# Load: this many clients write back to back until the server dies.
CLIENTS = 16
# The server is killed once this many writes were answered.
ANSWERED_BEFORE_KILL = 300
COUNTER = re.compile(r"^(chancery_database_(?:transactions|commits)_total)(?:\{[^}]*\})? (\d+(?:\.\d+)?)$", re.MULTILINE)


@pytest.fixture()
def database():
    """None on SQLite; on PostgreSQL a fresh database of this test's own."""
    yield from scratch_database()


class Ledger:
    """What the clients asked for and what they were answered, across threads."""

    def __init__(self):
        self.lock = threading.Lock()
        # Every document a client asked to create, by name: the title it sent.
        self.asked = {}
        # Answered creations: name -> uid.
        self.created = {}
        # Answered changes: uid -> description.
        self.described = {}
        # Answered attachments: uid -> (file name, bytes).
        self.attached = {}

    def count(self):
        with self.lock:
            return len(self.created) + len(self.described) + len(self.attached)


def write_until_killed(host, auth, folder, tmp_path, ledger, killed):
    """Creates documents, changes each and attaches a file to every third; records each answer.
    Returns when a request fails because the server is gone."""
    nx = connect(host, auth)
    number = 0
    try:
        while not killed.is_set():
            name = unique("crash")
            title = f"Title of {name}"
            with ledger.lock:
                ledger.asked[name] = title
            doc = nx.documents.create(Document(name=name, type="File", properties={"dc:title": title}), parent_path=folder)
            with ledger.lock:
                ledger.created[name] = doc.uid
            description = f"Described {name}"
            doc.properties["dc:description"] = description
            doc.save()
            with ledger.lock:
                ledger.described[doc.uid] = description
            if number % 3 == 0:
                data = f"content of {name}".encode()
                batch = nx.uploads.batch()
                batch.upload(file_blob(tmp_path, f"{name}.txt", data, "text/plain"))
                batch.attach(doc.path)
                with ledger.lock:
                    ledger.attached[doc.uid] = (f"{name}.txt", data)
            number += 1
    except Exception:  # the server is gone: this write stays unanswered
        return


def counters(server, auth):
    answer = requests.get(server.url("/metrics"), auth=auth, timeout=30)
    assert answer.status_code == 200, answer.text
    text = answer.text
    return {name: float(value) for name, value in COUNTER.findall(text)}


def test_sigkill_under_write_load_loses_nothing_acknowledged(tmp_path, database):
    first = Server(binary(), tmp_path / "data", database)
    first.start()
    auth = ("Administrator", first.admin_password)
    host = first.base_url + "/nuxeo/"
    nx = connect(host, auth)
    folder = create(nx, WORKSPACES, "Folder", unique("crash-folder")).path
    uploads = tmp_path / "uploads"
    uploads.mkdir()

    ledger = Ledger()
    killed = threading.Event()
    with concurrent.futures.ThreadPoolExecutor(CLIENTS) as pool:
        clients = [pool.submit(write_until_killed, host, auth, folder, uploads, ledger, killed) for _ in range(CLIENTS)]
        deadline = time.monotonic() + 120
        while ledger.count() < ANSWERED_BEFORE_KILL and time.monotonic() < deadline:
            assert not any(c.done() for c in clients), "a client stopped before the kill:\n" + first.output()
            time.sleep(0.02)
        shared = counters(first, auth)
        first.process.kill()
        killed.set()
        first.process.wait()
        for client in clients:
            client.result()
    assert ledger.count() >= ANSWERED_BEFORE_KILL, f"only {ledger.count()} writes were answered in time"
    transactions = shared.get("chancery_database_transactions_total", 0)
    commits = shared.get("chancery_database_commits_total", 0)
    if database is None:
        assert 0 < commits < transactions, shared

    second = Server(binary(), tmp_path / "data", database)
    second.start()
    try:
        nx = connect(second.base_url + "/nuxeo/", auth)
        # Every answered write is there as it was answered.
        for name, uid in ledger.created.items():
            entity = doc_json(nx, uid)
            assert entity["properties"]["dc:title"] == ledger.asked[name], entity
            if uid in ledger.described:
                assert entity["properties"]["dc:description"] == ledger.described[uid], entity
            if uid in ledger.attached:
                file_name, data = ledger.attached[uid]
                content = entity["properties"]["file:content"]
                assert content and content["name"] == file_name and content["length"] == str(len(data)), entity
                assert nx.client.request("GET", f"api/v1/repo/default/id/{uid}/@blob/file:content").content == data

        # Every document in the folder was asked for, whole, and has its creation in the audit.
        found = nx.client.request(
            "GET", "api/v1/search/lang/NXQL/execute",
            params={"query": f"SELECT * FROM File WHERE ecm:path STARTSWITH '{folder}'", "pageSize": 1000},
        ).json()
        assert found["totalSize"] >= len(ledger.created)
        assert found["totalSize"] <= len(ledger.asked)
        titles = set(ledger.asked.values())
        for entry in found["entries"]:
            assert entry["title"] in titles, entry
            audit = nx.client.request("GET", f"api/v1/id/{entry['uid']}/@audit").json()
            assert "documentCreated" in [event["eventId"] for event in audit["entries"]], audit

        # And the repository goes on taking writes.
        after = create(nx, folder, "File", unique("after"))
        assert doc_json(nx, after.uid)["properties"]["dc:title"] == after.title
    finally:
        second.stop()
