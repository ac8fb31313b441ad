"""iSCP v2 against the official `iscp` 1.0.1 client, unmodified (specs/intdash.md §1).

Every test connects with the client's own `Conn.connect` through its `WebSocketConnector`, at the
base path `intdash/api/iscp/connect`, with an API key of the administrator as the access token
(the administrator may act as and watch any node). Each test uses node ids of its own, so the
tests share the session's server without seeing each other's data.

What is sent is compared with what arrives: data ids, elapsed times, payloads and their order.
"""

import asyncio
import logging
import uuid

import iscp
import pytest
import requests

# The endpoint under the intdash base URL http://HOST:PORT/intdash.
ENDPOINT_PATH = "intdash/api/iscp/connect"


@pytest.fixture(scope="module")
def token(server):
    """An API key of the administrator, made with the CLI."""
    created = server.cli("apikey", "create", "--user", "Administrator", "--name", "iscp2-compat")
    return created.stdout.strip()


@pytest.fixture(scope="module")
def address(server):
    """host:port, the form `Conn.connect` takes."""
    return server.base_url.removeprefix("http://")


def run(coroutine, timeout=60):
    """Runs one test scenario on a fresh event loop, failing it after `timeout` seconds."""
    return asyncio.run(asyncio.wait_for(coroutine, timeout))


def unique_node():
    """A node id no other test uses."""
    return str(uuid.uuid4())


async def connect(address, token, node_id, **options):
    """The official client's connection, as an application opens it."""
    return await iscp.Conn.connect(
        address=address,
        connector=iscp.WebSocketConnector(enable_tls=False, path=ENDPOINT_PATH),
        token_source=lambda: token,
        node_id=node_id,
        **options,
    )


async def collect_points(chunks, expected):
    """Reads downstream chunks from the iterator `chunks` until `expected` points arrived and
    returns them by data id, in arrival order."""
    received = {}
    count = 0
    while count < expected:
        chunk = await anext(chunks)
        for group in chunk.data_point_groups:
            received.setdefault(group.data_id, []).extend(group.data_points)
            count += len(group.data_points)
    return received


def client_complaints(caplog):
    """What the client's own loggers (`iscp.*`) warned about: failed answers, missing acks."""
    return [record.getMessage() for record in caplog.records if record.name.startswith("iscp")]


def test_connect_ping_and_close(address, token):
    """The client pings every second and closes after 1 s without a pong: 3.5 s of pings must
    pass, then a normal close."""

    async def scenario():
        disconnected = []
        ended = asyncio.Event()

        def on_disconnect(event):
            disconnected.append(event)
            ended.set()

        conn = await connect(address, token, unique_node(), ping_interval=1, disconnected_event_handler=on_disconnect)
        # The pings are what is tested: 3.5 s of them, each answered.
        await asyncio.sleep(3.5)
        assert disconnected == [], "the connection dropped while pinging"
        await conn.close()
        await asyncio.wait_for(ended.wait(), 5)
        assert len(disconnected) == 1 and disconnected[0].error is None

    run(scenario())


def test_unknown_token_is_refused(address):
    async def scenario():
        with pytest.raises(iscp.ISCPFailedMessageError) as failure:
            await connect(address, "chk_not-a-key", unique_node())
        assert failure.value.received_message.result_code == iscp.ResultCode.AUTH_FAILED

    run(scenario())


@pytest.mark.parametrize(
    "policy",
    [
        iscp.Immediately(),
        iscp.IntervalOnly(interval=0.05),
        iscp.BufferSizeOnly(buffer_size=200),
        iscp.IntervalOrBufferSize(buffer_size=200, interval=0.05),
        iscp.NoFlush(),
    ],
    ids=lambda policy: type(policy).__name__,
)
def test_upstream_to_downstream_with_each_flush_policy(address, token, policy, caplog):
    """Points written with any flush policy arrive downstream exactly as sent, per data id in
    order, and every chunk is acknowledged before the upstream closes (the client logs a
    warning when acks are missing at close)."""
    edge = unique_node()
    speed = iscp.DataID(name="1/speed", type="float64")
    label = iscp.DataID(name="2/label", type="string")
    sent = {
        speed: [iscp.DataPoint(elapsed_time=i * 1_000_000, payload=i.to_bytes(8, "big")) for i in range(200)],
        label: [iscp.DataPoint(elapsed_time=i * 5_000_000 - 20, payload=f"label {i}".encode()) for i in range(40)],
    }

    async def scenario():
        async with await connect(address, token, unique_node()) as viewer, await connect(address, token, edge) as uploader:
            downstream = await viewer.open_downstream([iscp.DownstreamFilter.all_for(edge)])
            chunks = downstream.chunks(timeout=10)
            acks = []
            upstream = await uploader.open_upstream(
                session_id=str(uuid.uuid4()),
                flush_policy=policy,
                close_timeout=5,
                receive_ack_callback=lambda _stream, ack: acks.extend(ack.results),
            )
            for index in range(200):
                await upstream.write_data_points(speed, sent[speed][index])
                if index % 5 == 0:
                    await upstream.write_data_points(label, sent[label][index // 5])
                if index % 50 == 0:
                    await asyncio.sleep(0.01)
            if isinstance(policy, iscp.NoFlush):
                await upstream.flush()
            received = await collect_points(chunks, expected=240)
            await upstream.close()
            await downstream.close()
            return received, acks, upstream.state

    with caplog.at_level(logging.WARNING, logger="iscp"):
        received, acks, state = run(scenario())
    assert received == sent
    assert client_complaints(caplog) == []
    assert acks and all(result.result_code == iscp.ResultCode.SUCCEEDED for result in acks)
    assert state.total_data_points == 240


def test_downstream_wildcard_filters(address, token):
    """`+` matches one level and `#` any number of remaining levels, in names and types."""
    edge = unique_node()
    data_ids = [
        iscp.DataID(name="1/a/speed", type="float64"),
        iscp.DataID(name="1/b/speed", type="float64"),
        iscp.DataID(name="1/a/b/speed", type="float64"),
        iscp.DataID(name="1/a/speed", type="int64"),
        iscp.DataID(name="2/speed", type="float64"),
        iscp.DataID(name="1/camera", type="h264_frame/idr_frame"),
    ]

    async def scenario():
        async with await connect(address, token, unique_node()) as viewer, await connect(address, token, edge) as uploader:
            single = await viewer.open_downstream(
                [iscp.DownstreamFilter(source_node_id=edge, data_filters=[iscp.DataFilter(name="1/+/speed", type="float64")])]
            )
            multi = await viewer.open_downstream(
                [iscp.DownstreamFilter(source_node_id=edge, data_filters=[iscp.DataFilter(name="1/#", type="h264_frame/#")])]
            )
            both = await viewer.open_downstream(
                [iscp.DownstreamFilter(source_node_id=edge, data_filters=[iscp.DataFilter(name="#", type="int64"), iscp.DataFilter(name="2/+", type="+")])]
            )
            upstream = await uploader.open_upstream(session_id=str(uuid.uuid4()), flush_policy=iscp.Immediately())
            for index, data_id in enumerate(data_ids):
                await upstream.write_data_points(data_id, iscp.DataPoint(elapsed_time=index, payload=bytes([index])))
            single_chunks, multi_chunks, both_chunks = (stream.chunks(timeout=10) for stream in (single, multi, both))
            results = (
                await collect_points(single_chunks, expected=2),
                await collect_points(multi_chunks, expected=1),
                await collect_points(both_chunks, expected=2),
            )
            # Nothing else arrives: a last point that every filter rejects is followed by one
            # that only `single` takes, and it is the next thing `single` sees.
            await upstream.write_data_points(iscp.DataID(name="3/x", type="float64"), iscp.DataPoint(elapsed_time=98, payload=b"x"))
            await upstream.write_data_points(data_ids[0], iscp.DataPoint(elapsed_time=99, payload=b"y"))
            last = await collect_points(single_chunks, expected=1)
            await upstream.close()
            return results, last

    (single, multi, both), last = run(scenario())
    assert single == {data_ids[0]: [iscp.DataPoint(elapsed_time=0, payload=b"\x00")], data_ids[1]: [iscp.DataPoint(elapsed_time=1, payload=b"\x01")]}
    assert multi == {data_ids[5]: [iscp.DataPoint(elapsed_time=5, payload=b"\x05")]}
    assert both == {data_ids[3]: [iscp.DataPoint(elapsed_time=3, payload=b"\x03")], data_ids[4]: [iscp.DataPoint(elapsed_time=4, payload=b"\x04")]}
    assert last == {data_ids[0]: [iscp.DataPoint(elapsed_time=99, payload=b"y")]}


def test_base_time_and_upstream_life_reach_the_downstream(address, token):
    """A base time and the open and normal close of an upstream arrive as downstream metadata
    from the sending node."""
    edge = unique_node()
    session = str(uuid.uuid4())
    base_time = iscp.BaseTime(
        session_id=session, name="edge_rtc", priority=20, elapsed_time=0,
        base_time=iscp.DateTime.from_unix_nano(1_700_000_000_123_456_789),
    )

    async def scenario():
        async with await connect(address, token, unique_node()) as viewer, await connect(address, token, edge) as uploader:
            downstream = await viewer.open_downstream([iscp.DownstreamFilter.all_for(edge)])
            metadatas = downstream.metadatas(timeout=10)
            upstream = await uploader.open_upstream(session_id=session, flush_policy=iscp.Immediately())
            await uploader.send_base_time(base_time)
            await upstream.write_data_points(iscp.DataID(name="v", type="int64"), iscp.DataPoint(elapsed_time=1, payload=b"\x01"))
            await upstream.close()
            received = [await anext(metadatas) for _ in range(3)]
            return received, upstream.id

    received, stream_id = run(scenario())
    assert all(item.source_node_id == edge for item in received)
    opened, base, closed = (item.metadata for item in received)
    assert opened == iscp.UpstreamOpen(stream_id=stream_id, session_id=session, qos=iscp.QoS.UNRELIABLE)
    assert base == base_time
    assert isinstance(closed, iscp.UpstreamNormalClose)
    assert (closed.stream_id, closed.session_id, closed.total_data_points, closed.final_sequence_number) == (stream_id, session, 1, 1)


def test_e2e_call_and_reply(address, token):
    """A call reaches the destination node with its source; the reply comes back to the caller."""
    operator, edge = unique_node(), unique_node()

    async def scenario():
        async with await connect(address, token, operator) as caller, await connect(address, token, edge) as callee:

            async def answer():
                async for call in callee.calls(timeout=10):
                    await callee.send_reply_call(iscp.UpstreamReplyCall(
                        request_call_id=call.call_id, destination_node_id=call.source_node_id,
                        name=call.name + "-reply", type=call.type, payload=call.payload[::-1],
                    ))
                    return call

            answering = asyncio.create_task(answer())
            reply = await caller.send_call_and_wait_reply_call(
                iscp.UpstreamCall(destination_node_id=edge, name="command", type="text/plain", payload=b"start")
            )
            return await answering, reply

    call, reply = run(scenario())
    assert (call.source_node_id, call.name, call.type, call.payload) == (operator, "command", "text/plain", b"start")
    assert reply.request_call_id == call.call_id
    assert (reply.source_node_id, reply.name, reply.type, reply.payload) == (edge, "command-reply", "text/plain", b"trats")


def test_call_to_a_node_that_is_not_connected_fails(address, token):
    async def scenario():
        async with await connect(address, token, unique_node()) as caller:
            with pytest.raises(iscp.ISCPFailedMessageError):
                await caller.send_call(iscp.UpstreamCall(destination_node_id=unique_node(), name="n", type="t", payload=b""))

    run(scenario())


def test_closing_streams_logs_no_failure(address, token, caplog):
    """Closing a downstream and an upstream (with close_session) gets success answers: the client
    logs an error for any other."""
    edge = unique_node()

    async def scenario():
        async with await connect(address, token, unique_node()) as viewer, await connect(address, token, edge) as uploader:
            downstream = await viewer.open_downstream([iscp.DownstreamFilter.all_for(edge)])
            upstream = await uploader.open_upstream(session_id=str(uuid.uuid4()), close_session=True, flush_policy=iscp.Immediately())
            await upstream.write_data_points(iscp.DataID(name="v", type="int64"), iscp.DataPoint(elapsed_time=1, payload=b"\x01"))
            await collect_points(downstream.chunks(timeout=10), expected=1)
            await upstream.close()
            await downstream.close()

    with caplog.at_level(logging.WARNING, logger="iscp"):
        run(scenario())
    assert client_complaints(caplog) == []


def test_chunks_of_a_deleted_measurement_are_refused(server, address, token):
    """A persisting upstream whose measurement is deleted (REST `DELETE /v1/measurements/{uuid}`)
    gets SESSION_NOT_FOUND for its next chunk instead of an acknowledgement."""
    session = str(uuid.uuid4())
    speed = iscp.DataID(name="1/speed", type="float64")

    async def wait_for(acks, count):
        for _ in range(500):
            if len(acks) >= count:
                return
            await asyncio.sleep(0.01)

    async def scenario():
        async with await connect(address, token, unique_node()) as uploader:
            acks = []
            upstream = await uploader.open_upstream(
                session_id=session,
                persist=True,
                flush_policy=iscp.NoFlush(),
                close_timeout=1,
                receive_ack_callback=lambda _stream, ack: acks.extend(ack.results),
            )
            await upstream.write_data_points(speed, iscp.DataPoint(elapsed_time=1_000, payload=bytes(8)))
            await upstream.flush()
            await wait_for(acks, 1)
            deleted = await asyncio.to_thread(
                requests.delete,
                server.url(f"/intdash/api/v1/measurements/{session}"),
                headers={"X-Intdash-Token": token},
                timeout=10,
            )
            await upstream.write_data_points(speed, iscp.DataPoint(elapsed_time=2_000, payload=bytes(8)))
            await upstream.flush()
            await wait_for(acks, 2)
            await upstream.close()
            return deleted.status_code, [result.result_code for result in acks]

    status, codes = run(scenario())
    assert status == 204
    assert codes == [iscp.ResultCode.SUCCEEDED, iscp.ResultCode.SESSION_NOT_FOUND]


def test_a_closed_persisting_upstream_is_a_sequence_with_its_totals(server, address, token):
    """A persisting upstream's chunks form one sequence of its measurement (REST
    `GET /v1/measurements/{uuid}/sequences`) whose UUID is the stream id; the totals of its close
    request become the sequence's expectations, which match what was received."""
    session = str(uuid.uuid4())
    speed = iscp.DataID(name="1/speed", type="float64")

    async def scenario():
        async with await connect(address, token, unique_node()) as uploader:
            upstream = await uploader.open_upstream(session_id=session, persist=True, flush_policy=iscp.NoFlush(), close_timeout=5)
            for chunk in range(3):
                for index in range(4):
                    await upstream.write_data_points(speed, iscp.DataPoint(elapsed_time=(chunk * 4 + index) * 1_000, payload=bytes(8)))
                await upstream.flush()
            await upstream.close()
            return str(upstream.id)

    stream_id = run(scenario())
    answer = requests.get(
        server.url(f"/intdash/api/v1/measurements/{session}/sequences"), headers={"X-Intdash-Token": token}, timeout=10
    )
    assert answer.status_code == 200
    [sequence] = answer.json()["items"]
    assert sequence["uuid"] == stream_id
    assert sequence["received_chunks_count"] == 3
    assert sequence["received_data_points"] == 12
    assert sequence["expected_data_points"] == 12
    assert sequence["final_sequence_number"] == 3
    one = requests.get(
        server.url(f"/intdash/api/v1/measurements/{session}/sequences/{stream_id}"), headers={"X-Intdash-Token": token}, timeout=10
    )
    assert one.json() == sequence
