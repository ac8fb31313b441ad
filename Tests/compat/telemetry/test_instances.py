"""Telemetry across two instances of one deployment (PostgreSQL, NATS): a device streaming to
instance A through the official `iscp` 1.0.1 client is watched live by a viewer connected to
instance B, every point, in order; what A stored is read through B. PostgreSQL only: instances
share a database there."""

import asyncio
import os
import uuid

import iscp
import pytest
import requests
from chancery_server import Server, binary, shared_database
from nats_server import NatsServer

ENDPOINT_PATH = "intdash/api/iscp/connect"
TIMEOUT = 30


@pytest.fixture()
def instances(tmp_path):
    """Two `chancery serve` on one scratch database, joined by a nats-server of their own."""
    databases = shared_database()
    database = next(databases)
    kek = tmp_path / "kek"
    kek.write_bytes(os.urandom(32))
    nats = NatsServer()
    args = ("--nats", nats.url, "--key-encryption-key-file", str(kek))
    first = Server(binary(), tmp_path / "a", database, args=args)
    first.start()
    second = Server(binary(), tmp_path / "b", database, args=args)
    second.start()
    yield first, second
    second.stop()
    first.stop()
    nats.stop()
    next(databases, None)


async def connect(server, token, node_id):
    return await iscp.Conn.connect(
        address=server.base_url.removeprefix("http://"),
        connector=iscp.WebSocketConnector(enable_tls=False, path=ENDPOINT_PATH),
        token_source=lambda: token,
        node_id=node_id,
    )


def test_a_viewer_on_one_instance_sees_every_point_a_device_sends_to_the_other(instances):
    first, second = instances
    token = first.cli("apikey", "create", "--user", "Administrator", "--name", "instances").stdout.strip()
    edge = str(uuid.uuid4())
    session = str(uuid.uuid4())
    speed = iscp.DataID(name="1/speed", type="float64")
    label = iscp.DataID(name="2/label", type="string")
    sent = {
        speed: [iscp.DataPoint(elapsed_time=i * 1_000_000, payload=i.to_bytes(8, "big")) for i in range(300)],
        label: [iscp.DataPoint(elapsed_time=i * 10_000_000, payload=f"label {i}".encode()) for i in range(30)],
    }

    async def scenario():
        async with await connect(second, token, str(uuid.uuid4())) as viewer, await connect(first, token, edge) as device:
            downstream = await viewer.open_downstream([iscp.DownstreamFilter.all_for(edge)])
            chunks = downstream.chunks(timeout=10)
            acks = []
            upstream = await device.open_upstream(
                session_id=session, persist=True, flush_policy=iscp.IntervalOnly(interval=0.01), close_timeout=5,
                receive_ack_callback=lambda _stream, ack: acks.extend(ack.results),
            )
            for index in range(300):
                await upstream.write_data_points(speed, sent[speed][index])
                if index % 10 == 0:
                    await upstream.write_data_points(label, sent[label][index // 10])
            received = {}
            count = 0
            while count < 330:
                chunk = await anext(chunks)
                for group in chunk.data_point_groups:
                    received.setdefault(group.data_id, []).extend(group.data_points)
                    count += len(group.data_points)
            await upstream.close()
            await downstream.close()
            return received, acks

    received, acks = asyncio.run(asyncio.wait_for(scenario(), 60))
    assert received == sent
    assert acks and all(result.result_code == iscp.ResultCode.SUCCEEDED for result in acks)

    # What the device stored through A is known to B.
    answer = requests.get(
        second.url(f"/intdash/api/v1/measurements/{session}/sequences"), headers={"X-Intdash-Token": token}, timeout=TIMEOUT
    )
    assert answer.status_code == 200, answer.text
    [sequence] = answer.json()["items"]
    assert sequence["received_data_points"] == sequence["expected_data_points"] == 330
