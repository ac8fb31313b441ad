"""One instance of a three-instance deployment killed under load (`scripts/cluster`, run by
scripts/test with CHANCERY_TEST_CLUSTER; skipped otherwise).

Mixed load goes through the load balancer: QED reports, Nuxeo documents with blobs, SignWell
signing, and a device streaming with the official `iscp` client to one instance while a viewer
watches from another. Mid-load, the instance that holds the Notary log's integration lock at
that moment (read from PostgreSQL's lock table, mapped to the instance that owns the holding
connection) is killed with SIGKILL. Then:

- every report whose creation was acknowledged is confirmed and provable under the newest
  checkpoint, which is consistent with every checkpoint seen before the kill;
- every acknowledged document is there with its blob intact;
- a signing link opened after the kill is completed through the survivors;
- the viewer, on a surviving instance, received every point the device had acknowledged;
- requests sent once the balancer has noticed (a few seconds) all succeed.
"""

import asyncio
import hashlib
import os
import shlex
import subprocess
import threading
import time
import uuid
from pathlib import Path

import iscp
import pytest
import requests

from notary.qed import REPORTS, fetch_checkpoint, fetch_entries, fetch_vkey, new_user, post_report, report_request, token
from notary.tlog import consistency_proof, leaf_hash, merkle_root, verify_consistency
from repository.support import WORKSPACES, connect, create_with_blob
from signwell.builders import document_request
from signwell.client import new_account
from signwell.pdfs import pdf_with_pages
from signwell.signer import complete_signing

from chancery_server import Deployment

REPO = Path(__file__).resolve().parents[3]
TIMEOUT = 30
# The advisory lock LogStore holds while it integrates a batch (LogStore.integrationLock),
# as pg_locks shows a 64-bit key: its high and low 32 bits.
INTEGRATION_LOCK = 0x4368_616E_4C6F_6721
LOCK_CLASS, LOCK_OBJECT = INTEGRATION_LOCK >> 32, INTEGRATION_LOCK & 0xFFFF_FFFF


@pytest.fixture(scope="module")
def cluster():
    path = os.environ.get("CHANCERY_TEST_CLUSTER")
    if not path:
        pytest.skip("needs a deployment of scripts/cluster (CHANCERY_TEST_CLUSTER)")
    values = {}
    for line in Path(path).read_text().splitlines():
        name, _, value = line.partition("=")
        words = shlex.split(value)
        values[name] = words[0] if words else ""
    return Deployment(path), values, path


def instance_holding_the_log_lock(values):
    """The number of the instance whose database connection holds the integration lock now, or
    None: pg_locks gives the backend, pg_stat_activity its client port, /proc the process that
    owns a socket with that local port."""
    query = (
        "SELECT a.client_port FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid "
        f"WHERE l.locktype = 'advisory' AND l.granted AND l.classid = {LOCK_CLASS} AND l.objid = {LOCK_OBJECT}"
    )
    answer = subprocess.run(
        ["psql", "--no-psqlrc", "-At", "-c", query, values["CLUSTER_DATABASE"]], capture_output=True, text=True, timeout=TIMEOUT
    )
    port = answer.stdout.strip()
    if not port.isdigit():
        return None
    inodes = set()
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        fields = line.split()
        if int(fields[1].split(":")[1], 16) == int(port):
            inodes.add(fields[9])
    for number in range(1, int(values["CLUSTER_SIZE"]) + 1):
        pid = values[f"INSTANCE_{number}_PID"]
        try:
            links = [os.readlink(f"/proc/{pid}/fd/{fd}") for fd in os.listdir(f"/proc/{pid}/fd")]
        except OSError:
            continue
        if any(link == f"socket:[{inode}]" for link in links for inode in inodes):
            return number
    return None


class Load:
    """Threads that send reports and documents through the balancer until told to stop, keeping
    what was acknowledged (and counting what failed, by when)."""

    def __init__(self, cluster, tmp_path):
        self.server = cluster
        self.tmp_path = tmp_path
        self.stop = threading.Event()
        self.killed_at = None
        self.reports = []
        self.documents = []
        self.failures = []
        self.lock = threading.Lock()
        _, self.key = new_user(cluster)
        self.nx = connect(cluster.base_url + "/nuxeo/", ("Administrator", cluster.admin_password))

    def failed(self, what, error):
        with self.lock:
            self.failures.append((time.monotonic(), what, str(error)[:200]))

    def send_reports(self):
        with requests.Session() as http:
            for _ in range(2000):
                if self.stop.is_set():
                    return
                try:
                    posted = post_report(self.server, http, self.key, report_request())
                    with self.lock:
                        self.reports.append(posted["response"])
                except (AssertionError, requests.RequestException) as error:
                    self.failed("report", error)

    def send_documents(self):
        for number in range(500):
            if self.stop.is_set():
                return
            data = os.urandom(4096) + f"document {number}".encode()
            name = f"failover-{uuid.uuid4().hex[:10]}.bin"
            try:
                document = create_with_blob(self.nx, WORKSPACES, self.tmp_path, name, data, mimetype="application/octet-stream")
                with self.lock:
                    self.documents.append((document.uid, hashlib.sha256(data).hexdigest()))
            except Exception as error:  # the client raises its own errors, requests' and HTTPError
                self.failed("document", error)


async def stream(values, token_text, device_instance, viewer_instance, stop, acknowledged, received):
    """A device on `device_instance` sends points until `stop`, recording each point the
    server acknowledged; a viewer on `viewer_instance` records every point it receives."""
    def address(number):
        return f"127.0.0.1:{values[f'INSTANCE_{number}_PORT']}"

    def connect_to(number, node):
        return iscp.Conn.connect(
            address=address(number), connector=iscp.WebSocketConnector(enable_tls=False, path="intdash/api/iscp/connect"),
            token_source=lambda: token_text, node_id=node,
        )

    edge = str(uuid.uuid4())
    data_id = iscp.DataID(name="1/count", type="int64")
    viewer = await connect_to(viewer_instance, str(uuid.uuid4()))
    downstream = await viewer.open_downstream([iscp.DownstreamFilter.all_for(edge)])

    async def watch():
        async for chunk in downstream.chunks(timeout=600):
            for group in chunk.data_point_groups:
                received.extend(int.from_bytes(point.payload, "big") for point in group.data_points)

    watcher = asyncio.create_task(watch())
    device = await connect_to(device_instance, edge)
    sent = {}

    def on_ack(_stream, ack):
        for result in ack.results:
            if result.result_code == iscp.ResultCode.SUCCEEDED:
                acknowledged.extend(sent.pop(result.sequence_number, []))

    upstream = await device.open_upstream(
        session_id=str(uuid.uuid4()), flush_policy=iscp.NoFlush(), close_timeout=5, receive_ack_callback=on_ack
    )
    # One point a chunk (flushed at once), so chunk n (from 1) carries point n - 1.
    try:
        for number in range(100_000):
            if stop.is_set():
                break
            sent[number + 1] = [number]
            await upstream.write_data_points(data_id, iscp.DataPoint(elapsed_time=number * 1_000_000, payload=number.to_bytes(8, "big")))
            await upstream.flush()
            await asyncio.sleep(0.005)
        await asyncio.wait_for(upstream.close(), 10)
    except Exception:  # the device's instance may be the one killed: it stops sending
        pass
    # Wait (bounded) for the viewer to catch up with what was acknowledged.
    for _ in range(200):
        if set(acknowledged) <= set(received):
            break
        await asyncio.sleep(0.05)
    watcher.cancel()


def test_killing_the_instance_that_integrates_loses_nothing_acknowledged(cluster, tmp_path):
    deployment, values, env_path = cluster
    load = Load(deployment, tmp_path)
    http = requests.Session()
    vkey = fetch_vkey(deployment, http)
    checkpoints_before = []

    device_token = deployment.cli("apikey", "create", "--user", "Administrator", "--name", "failover-device").stdout.strip()
    viewer_instance = 1
    device_instance = 2
    stop_stream = threading.Event()
    acknowledged, received = [], []
    streamer = threading.Thread(
        target=lambda: asyncio.run(stream(values, device_token, device_instance, viewer_instance, stop_stream, acknowledged, received))
    )
    workers = [threading.Thread(target=load.send_reports) for _ in range(3)] + [threading.Thread(target=load.send_documents)]
    streamer.start()
    for worker in workers:
        worker.start()

    # Let the load run, keeping the checkpoints seen, then kill whichever instance other than the
    # viewer's holds the log's integration lock (polled, bounded).
    victim = None
    for attempt in range(600):
        checkpoints_before.append(fetch_checkpoint(deployment, http, vkey))
        if attempt >= 10 and len(load.reports) >= 30:
            holder = instance_holding_the_log_lock(values)
            if holder is not None and holder != viewer_instance:
                victim = holder
                break
        time.sleep(0.02)
    assert victim is not None, "no instance other than the viewer's was seen holding the integration lock"
    subprocess.run([str(REPO / "scripts/cluster"), "kill", str(victim)], check=True, timeout=TIMEOUT,
                   env=dict(os.environ, CHANCERY_CLUSTER_DIR=str(Path(env_path).parent)))
    killed_at = time.monotonic()
    reports_at_kill = len(load.reports)

    # The survivors carry on: keep the load going for a while after the kill.
    deadline = killed_at + 8
    while time.monotonic() < deadline:
        time.sleep(0.2)
    load.stop.set()
    stop_stream.set()
    for worker in workers:
        worker.join(120)
    streamer.join(120)

    assert len(load.reports) > reports_at_kill, "no report was acknowledged after the kill"
    late_failures = [failure for failure in load.failures if failure[0] > killed_at + 5]
    assert late_failures == [], f"requests failed more than 5 s after the kill: {late_failures[:5]}"

    # Every acknowledged report is confirmed and in the log under a checkpoint consistent with
    # every checkpoint seen before the kill.
    final = fetch_checkpoint(deployment, http, vkey)
    entries = fetch_entries(deployment, http, final.size)
    leaves = [leaf_hash(entry) for entry in entries]
    assert merkle_root(leaves) == final.root
    for seen in checkpoints_before:
        assert seen.size <= final.size
        proof = consistency_proof(leaves, seen.size)
        verify_consistency(seen.size, seen.root, final.size, final.root, proof)
    for report in load.reports:
        answer = http.get(deployment.url(REPORTS + report["slug"]), headers=token(load.key), timeout=TIMEOUT)
        assert answer.status_code == 200, answer.text
        fetched = answer.json()
        assert fetched["status"] == "confirmed" == report["status"]
        index = fetched["tx"]["block_height"]
        assert index < final.size and leaves[index].hex() == fetched["tx"]["hash"] == report["tx"]["hash"]

    # Every acknowledged document is there with its blob.
    nx = connect(deployment.base_url + "/nuxeo/", ("Administrator", deployment.admin_password))
    assert load.documents, "no document was acknowledged"
    for uid, digest in load.documents:
        assert hashlib.sha256(nx.documents.fetch_blob(uid=uid)).hexdigest() == digest

    # A signing link opened now is completed through the survivors.
    account = new_account(deployment, "failover")
    document = account.documents.create_document(document_request(pdf_with_pages(1)))
    complete_signing(http, deployment, document.recipients[0].embedded_signing_url)
    finished = account.documents.wait_for_completion(document.id, interval=0.25, timeout=90)
    assert finished.status == "Completed"

    # The viewer, on a surviving instance, saw every point the device had acknowledged.
    assert acknowledged, "the device had no point acknowledged"
    missing = sorted(set(acknowledged) - set(received))
    assert missing == [], f"{len(missing)} acknowledged points never reached the viewer: {missing[:10]}"
