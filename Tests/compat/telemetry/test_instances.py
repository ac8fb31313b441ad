"""Telemetry across two instances of one deployment (PostgreSQL, NATS): a device streaming to
instance A through the official `iscp` 1.0.1 client is watched live by a viewer connected to
instance B, every point, in order; what A stored is read through B; an upstream lost on A
resumes on B, and so does a downstream lost on A. PostgreSQL only: instances share a database
there."""

import asyncio
import os
import uuid

import iscp
import pytest
import requests
import websockets
from iscp._encoding._codegen.iscp2.v1 import common_pb2, message_pb2, result_code_pb2
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


class RawConnection:
    """An iSCP v2 connection spoken message by message with the `iscp` package's own protocol
    buffers: the package's `Conn` does not resume upstreams, a device on a flaky link does."""

    def __init__(self, websocket):
        self.websocket = websocket

    @classmethod
    async def open(cls, server, token, node_id):
        websocket = await websockets.connect(f"ws://{server.base_url.removeprefix('http://')}/{ENDPOINT_PATH}?enc=proto")
        connection = cls(websocket)
        request = message_pb2.Message()
        request.connect_request.request_id = 0
        request.connect_request.protocol_version = "2.0.0"
        request.connect_request.node_id = node_id
        request.connect_request.ping_interval = 10
        request.connect_request.ping_timeout = 10
        request.connect_request.extension_fields.access_token = token
        response = await connection.exchange(request, "connect_response")
        assert response.result_code == result_code_pb2.SUCCEEDED, response.result_string
        return connection

    async def send(self, request):
        await self.websocket.send(request.SerializeToString())

    async def receive(self, kind):
        """The next message of `kind`, skipping pings' pongs and the like."""
        for _ in range(100):
            answer = message_pb2.Message()
            answer.ParseFromString(await asyncio.wait_for(self.websocket.recv(), TIMEOUT))
            if answer.WhichOneof("message") == kind:
                return getattr(answer, kind)
        raise AssertionError(f"no {kind} in 100 messages")

    async def exchange(self, request, kind):
        await self.send(request)
        return await self.receive(kind)

    async def chunk(self, alias, sequence_number, group):
        request = message_pb2.Message()
        request.upstream_chunk.stream_id_alias = alias
        request.upstream_chunk.stream_chunk.sequence_number = sequence_number
        request.upstream_chunk.stream_chunk.data_point_groups.append(group)
        return await self.exchange(request, "upstream_chunk_ack")


def point_group(value, data_id=None, alias=None):
    group = common_pb2.DataPointGroup()
    if data_id is not None:
        group.data_id.name, group.data_id.type = data_id.name, data_id.type
    else:
        group.data_id_alias = alias
    group.data_points.append(common_pb2.DataPoint(elapsed_time=value * 1_000_000, payload=value.to_bytes(8, "big")))
    return group


def test_an_upstream_lost_on_one_instance_resumes_on_the_other(instances):
    """A device's connection to A drops without a Disconnect; it resumes the upstream on B. The
    data-id alias A assigned holds on B, a chunk A stored and the device sends again is neither
    stored nor shown to a viewer twice, and the viewer (on A) sees every point once, in order."""
    first, second = instances
    token = first.cli("apikey", "create", "--user", "Administrator", "--name", "resume").stdout.strip()
    edge = str(uuid.uuid4())
    session = str(uuid.uuid4())
    speed = iscp.DataID(name="1/speed", type="int64")
    rpm = iscp.DataID(name="1/rpm", type="int64")

    async def scenario():
        async with await connect(first, token, str(uuid.uuid4())) as viewer:
            downstream = await viewer.open_downstream([iscp.DownstreamFilter.all_for(edge)])
            chunks = downstream.chunks(timeout=TIMEOUT)

            device = await RawConnection.open(first, token, edge)
            request = message_pb2.Message()
            request.upstream_open_request.request_id = 2
            request.upstream_open_request.session_id = session
            request.upstream_open_request.ack_interval = 1
            request.upstream_open_request.expiry_interval = 60
            request.upstream_open_request.qos = common_pb2.RELIABLE
            request.upstream_open_request.data_ids.append(common_pb2.DataID(name=speed.name, type=speed.type))
            request.upstream_open_request.extension_fields.persist = True
            opened = await device.exchange(request, "upstream_open_response")
            assert opened.result_code == result_code_pb2.SUCCEEDED, opened.result_string
            assert dict(opened.data_id_aliases)[1].name == speed.name
            first_ack = await device.chunk(opened.assigned_stream_id_alias, 1, point_group(1, alias=1))
            assert [result.result_code for result in first_ack.results] == [result_code_pb2.SUCCEEDED]
            second_ack = await device.chunk(opened.assigned_stream_id_alias, 2, point_group(2, data_id=rpm))
            assert [result.result_code for result in second_ack.results] == [result_code_pb2.SUCCEEDED]
            [(rpm_alias, announced)] = second_ack.data_id_aliases.items()
            assert announced.name == rpm.name
            # The link drops: no Disconnect, the socket just goes.
            device.websocket.transport.abort()

            device = await RawConnection.open(second, token, edge)
            request = message_pb2.Message()
            request.upstream_resume_request.request_id = 2
            request.upstream_resume_request.stream_id = opened.assigned_stream_id
            resumed = await device.exchange(request, "upstream_resume_response")
            assert resumed.result_code == result_code_pb2.SUCCEEDED, resumed.result_string
            alias = resumed.assigned_stream_id_alias
            again = await device.chunk(alias, 2, point_group(2, alias=rpm_alias))
            assert [result.result_code for result in again.results] == [result_code_pb2.SUCCEEDED]
            third = await device.chunk(alias, 3, point_group(3, alias=rpm_alias))
            assert [result.result_code for result in third.results] == [result_code_pb2.SUCCEEDED]
            request = message_pb2.Message()
            request.upstream_close_request.request_id = 4
            request.upstream_close_request.stream_id = opened.assigned_stream_id
            request.upstream_close_request.total_data_points = 3
            request.upstream_close_request.final_sequence_number = 3
            closed = await device.exchange(request, "upstream_close_response")
            assert closed.result_code == result_code_pb2.SUCCEEDED, closed.result_string
            await device.websocket.close()

            seen = []
            while len(seen) < 3:
                chunk = await anext(chunks)
                seen.extend(
                    (group.data_id.name, int.from_bytes(point.payload, "big"))
                    for group in chunk.data_point_groups for point in group.data_points
                )
            await downstream.close()
            return seen, str(uuid.UUID(bytes=opened.assigned_stream_id))

    seen, stream_id = asyncio.run(asyncio.wait_for(scenario(), 60))
    assert seen == [(speed.name, 1), (rpm.name, 2), (rpm.name, 3)]
    answer = requests.get(
        second.url(f"/intdash/api/v1/measurements/{session}/sequences/{stream_id}"), headers={"X-Intdash-Token": token}, timeout=TIMEOUT
    )
    assert answer.status_code == 200, answer.text
    sequence = answer.json()
    assert sequence["received_chunks_count"] == 3
    assert sequence["received_data_points"] == sequence["expected_data_points"] == 3


def test_a_downstream_lost_on_one_instance_resumes_on_the_other(instances):
    """A viewer's connection to A drops without a Disconnect, with a chunk it had not
    acknowledged; while it is away the device sends more; its resume reaches B, which takes the
    downstream from A: the unacknowledged chunk, what came meanwhile, then live data, each
    once, in order."""
    first, second = instances
    token = first.cli("apikey", "create", "--user", "Administrator", "--name", "downstream").stdout.strip()
    edge = str(uuid.uuid4())
    viewer_node = str(uuid.uuid4())
    speed = iscp.DataID(name="1/speed", type="int64")

    async def scenario():
        device = await RawConnection.open(first, token, edge)
        request = message_pb2.Message()
        request.upstream_open_request.request_id = 2
        request.upstream_open_request.session_id = str(uuid.uuid4())
        request.upstream_open_request.ack_interval = 1
        request.upstream_open_request.expiry_interval = 60
        request.upstream_open_request.qos = common_pb2.RELIABLE
        request.upstream_open_request.data_ids.append(common_pb2.DataID(name=speed.name, type=speed.type))
        opened = await device.exchange(request, "upstream_open_response")
        assert opened.result_code == result_code_pb2.SUCCEEDED, opened.result_string

        async def send(value):
            ack = await device.chunk(opened.assigned_stream_id_alias, value, point_group(value, alias=1))
            assert [result.result_code for result in ack.results] == [result_code_pb2.SUCCEEDED]

        viewer = await RawConnection.open(first, token, viewer_node)
        request = message_pb2.Message()
        request.downstream_open_request.request_id = 2
        request.downstream_open_request.desired_stream_id_alias = 1
        request.downstream_open_request.expiry_interval = 60
        request.downstream_open_request.qos = common_pb2.RELIABLE
        request.downstream_open_request.downstream_filters.add(source_node_id=edge).data_filters.add(name="#", type="#")
        downstream = await viewer.exchange(request, "downstream_open_response")
        assert downstream.result_code == result_code_pb2.SUCCEEDED, downstream.result_string
        await send(1)
        chunk = await viewer.receive("downstream_chunk")
        assert chunk.stream_chunk.sequence_number == 1
        request = message_pb2.Message()
        request.downstream_chunk_ack.stream_id_alias = 1
        request.downstream_chunk_ack.ack_id = 1
        request.downstream_chunk_ack.results.add(
            stream_id_of_upstream=opened.assigned_stream_id, sequence_number_in_upstream=1, result_code=result_code_pb2.SUCCEEDED
        )
        completed = await viewer.exchange(request, "downstream_chunk_ack_complete")
        assert completed.result_code == result_code_pb2.SUCCEEDED
        await send(2)
        assert (await viewer.receive("downstream_chunk")).stream_chunk.sequence_number == 2
        viewer.websocket.transport.abort()
        await send(3)
        await send(4)

        viewer = await RawConnection.open(second, token, viewer_node)
        for request_id in range(2, 400, 2):
            request = message_pb2.Message()
            request.downstream_resume_request.request_id = request_id
            request.downstream_resume_request.stream_id = downstream.assigned_stream_id
            request.downstream_resume_request.desired_stream_id_alias = 3
            resumed = await viewer.exchange(request, "downstream_resume_response")
            # Until A notices the old socket is gone, the downstream is still attached there.
            if resumed.result_code != result_code_pb2.RESUME_REQUEST_CONFLICT:
                break
            await asyncio.sleep(0.05)
        assert resumed.result_code == result_code_pb2.SUCCEEDED, resumed.result_string
        await send(5)
        seen = []
        for _ in range(4):
            chunk = await viewer.receive("downstream_chunk")
            assert chunk.stream_id_alias == 3
            seen.extend(
                (chunk.stream_chunk.sequence_number, int.from_bytes(point.payload, "big"))
                for group in chunk.stream_chunk.data_point_groups for point in group.data_points
            )
        await viewer.websocket.close()
        await device.websocket.close()
        return seen

    seen = asyncio.run(asyncio.wait_for(scenario(), 60))
    assert seen == [(2, 2), (3, 3), (4, 4), (5, 5)]
