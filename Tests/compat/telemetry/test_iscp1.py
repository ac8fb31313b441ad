"""iSCP 1.0 against the official `intdash` 2.1.1 client, unmodified (specs/intdash.md §2).

Every test connects with the client's own `Client(url=…/intdash, edge_token=…)` and
`connect_iscp()`, which opens `GET /intdash/api/v1/ws/measurements` with `X-Edge-Token`. The
token is an API key of the administrator, who may act as and watch any edge; each test uses an
edge UUID of its own, so the tests share the session's server without seeing each other's data.

What a device sends is compared with what a viewer receives: channel, data type, elapsed time
and payload, in order.
"""

import asyncio
import uuid
import warnings

import intdash
import pandas as pd
import pytest
import tornado.httpclient
from intdash import data
from intdash._iscp import ResultNGException

OK = 0x00


@pytest.fixture(scope="module")
def token(server):
    """An API key of the administrator, made with the CLI."""
    created = server.cli("apikey", "create", "--user", "Administrator", "--name", "iscp1-compat")
    return created.stdout.strip()


@pytest.fixture(scope="module")
def url(server):
    """The base URL the intdash clients are given."""
    return server.base_url + "/intdash"


def run(coroutine, timeout=60):
    """Runs one test scenario on a fresh event loop, failing it after `timeout` seconds."""
    return asyncio.run(asyncio.wait_for(coroutine, timeout))


def client(url, token):
    """The official client. Its constructor asks for the API version and only warns when it
    finds none, which is not what these tests are about."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        return intdash.Client(url=url, edge_token=token)


def point(milliseconds, channel, value):
    """A data point carrying the data object `value`."""
    return intdash.DataPoint(
        elapsed_time=pd.Timedelta(milliseconds=milliseconds),
        data_type=value.data_type,
        channel=channel,
        data_payload=value.to_payload(),
    )


def as_tuple(p):
    """What a viewer must see of a point, comparable."""
    return (p.channel, int(p.data_type), p.elapsed_time, bytes(p.data_payload))


async def wait_for(condition, timeout=10):
    """Polls `condition` until it is true, failing after `timeout` seconds."""
    async def poll():
        while not condition():
            await asyncio.sleep(0.01)

    await asyncio.wait_for(poll(), timeout)


BASE_TIME = pd.Timestamp("2021-01-01T00:00:00.25Z")

# One point of every type the client has a codec for, each with a twin the viewer's filters block.
PASSING = [
    point(100, 1, data.CAN(decimal_id=0x123, data=b"\x01\x02\x03\x04")),
    point(101, 1, data.NMEA(string="$GPRMC,123519,A,4807.038,N,01131.000,E*6A")),
    point(102, 1, data.GeneralSensor(decimal_id=0x0001, data=b"\x09\x08")),
    point(103, 1, data.Generic(decimal_id=0x10, data=b"\x07")),
    point(104, 1, data.String(data_id="note", value="héllo")),
    point(105, 2, data.Float(data_id="speed", value=-0.5)),
    point(106, 1, data.Int(data_id="x", value=42)),  # positive: the client reads Int payloads back unsigned
    point(107, 1, data.Bytes(data_id="blob", value=b"\x00\xff")),
    point(108, 1, data.JPEG(data=b"\xff\xd8\xff\xd9")),
    point(109, 1, data.H264(type_id=5, data=b"\x00\x00\x01")),
    point(110, 1, data.AAC(data=b"\x21\x10")),
    point(111, 1, data.PCM(format_id=1, channels=2, sample_rate=48000, bit_per_sample=16, data=b"\x01\x00\x02\x00")),
    point(112, 1, data.Controlpad(decimal_id=3, data=b"\x01")),
]
BLOCKED = [
    point(200, 1, data.CAN(decimal_id=0x456, data=b"")),
    point(201, 1, data.NMEA(string="$GPGGA,123519")),
    point(202, 1, data.GeneralSensor(decimal_id=0x0002, data=b"")),
    point(203, 1, data.Generic(decimal_id=0x11, data=b"")),
    point(204, 1, data.String(data_id="other", value="no")),
    point(205, 3, data.Float(data_id="speed", value=1.0)),
    point(206, 1, data.Int(data_id="y", value=1)),
    point(207, 9, data.Bytes(data_id="blob", value=b"")),
]
FILTERS = [
    intdash.DataFilter(data_type=intdash.DataType.can, channel=1, data_id="00000123"),
    intdash.DataFilter(data_type=intdash.DataType.nmea, channel=1, data_id="GPRMC"),
    intdash.DataFilter(data_type=intdash.DataType.general_sensor, channel=1, data_id="0001"),
    intdash.DataFilter(data_type=intdash.DataType.generic, channel=1, data_id="00000010"),
    intdash.DataFilter(data_type=intdash.DataType.string, channel=1, data_id="note"),
    intdash.DataFilter(data_type=intdash.DataType.float, channel=2, data_id="speed"),
    intdash.DataFilter(data_type=intdash.DataType.int, channel=1, data_id="x"),
    intdash.DataFilter(data_type=intdash.DataType.bytes, channel=1, data_id="blob"),
    intdash.DataFilter(data_type=intdash.DataType.jpeg, channel=1),
    intdash.DataFilter(data_type=intdash.DataType.h264, channel=1),
    intdash.DataFilter(data_type=intdash.DataType.aac, channel=1),
    intdash.DataFilter(data_type=intdash.DataType.pcm, channel=1),
    intdash.DataFilter(data_type=intdash.DataType.controlpad, channel=1),
]


def test_a_viewer_receives_what_a_device_sends_through_its_filters(url, token):
    """Every type, filtered per channel, type and data id; the base time arrives first."""

    async def scenario():
        edge = str(uuid.uuid4())
        received, acks = [], []

        async def on_msg(p):
            received.append(p)

        async def on_ack(serial, result):
            acks.append((serial, result))

        viewer = await client(url, token).connect_iscp()
        device = await client(url, token).connect_iscp()
        downstream = await viewer.open_downstream(intdash.DownstreamSpec(src_edge_uuid=edge, filters=FILTERS), on_msg=on_msg)
        upstream = await device.open_upstream(
            intdash.UpstreamSpec(src_edge_uuid=edge, measurement_uuid=str(uuid.uuid4())), marker_interval=0.2, on_ack=on_ack
        )
        await upstream.write(point(0, 1, data.Basetime(type=intdash.BasetimeType.edge_rtc, basetime=BASE_TIME)))
        for passing, blocked in zip(PASSING, BLOCKED + BLOCKED[:5]):
            await upstream.write(blocked)
            await upstream.write(passing)
        await wait_for(lambda: len(received) == 1 + len(PASSING))
        await wait_for(lambda: len(acks) >= 1)
        await upstream.close()
        await downstream.close()
        await device.close()
        await viewer.close()
        return received, acks

    received, acks = run(scenario())
    base_time = received[0]
    assert base_time.data_type == intdash.DataType.basetime
    decoded = data.Basetime.from_payload(base_time.data_payload)
    assert (decoded.type, decoded.basetime.value) == (intdash.BasetimeType.edge_rtc, BASE_TIME.value)
    assert [as_tuple(p) for p in received[1:]] == [as_tuple(p) for p in PASSING]
    assert acks[0] == (0, OK)


def test_every_section_is_acknowledged_in_order(url, token):
    """Sections of a stream that does not store are acknowledged at once, OK, serial by serial."""

    async def scenario():
        edge = str(uuid.uuid4())
        acks = []

        async def on_ack(serial, result):
            acks.append((serial, result))

        device = await client(url, token).connect_iscp()
        upstream = await device.open_upstream(
            intdash.UpstreamSpec(src_edge_uuid=edge, measurement_uuid=str(uuid.uuid4())), marker_interval=0.05, on_ack=on_ack
        )
        for index in range(5):
            await upstream.write(point(index, 1, data.Int(data_id="n", value=index)))
            await wait_for(lambda: len(acks) == index + 1)
        await upstream.close()
        await device.close()
        return acks

    assert run(scenario()) == [(serial, OK) for serial in range(5)]


def test_streams_close_and_the_ids_can_be_used_again(url, token):
    """Closing sends the spec again with the null source edge; the server answers OK, and a
    viewer of a closed downstream receives nothing more."""

    async def scenario():
        edge = str(uuid.uuid4())
        first, second = [], []

        def into(target):
            async def on_msg(p):
                target.append(p)

            return on_msg

        conn = await client(url, token).connect_iscp()
        downstream = await conn.open_downstream(intdash.DownstreamSpec(src_edge_uuid=edge, filters=[]), on_msg=into(first))
        upstream = await conn.open_upstream(intdash.UpstreamSpec(src_edge_uuid=edge, measurement_uuid=str(uuid.uuid4())))
        await upstream.write(point(1, 1, data.Int(data_id="a", value=1)))
        await wait_for(lambda: len(first) == 1)
        await downstream.close()
        reopened = await conn.open_downstream(intdash.DownstreamSpec(src_edge_uuid=edge, filters=[]), on_msg=into(second))
        await upstream.write(point(2, 1, data.Int(data_id="a", value=2)))
        await wait_for(lambda: len(second) == 1)
        await upstream.close()
        await reopened.close()
        await conn.close()
        return first, second

    first, second = run(scenario())
    assert [data.Int.from_payload(p.data_payload).value for p in first] == [1]
    assert [data.Int.from_payload(p.data_payload).value for p in second] == [2]


def test_a_connection_without_a_valid_token_is_refused(url):
    async def scenario():
        with pytest.raises(tornado.httpclient.HTTPClientError) as refused:
            await client(url, "not-a-token").connect_iscp()
        return refused.value.code

    assert run(scenario()) == 400


def test_an_upstream_of_an_edge_the_token_may_not_act_as_is_refused(server, url):
    """A member may send only as themselves."""
    password = "iscp1 compat member"
    server.cli("user", "add", "iscp1-member", "--password-stdin", input=password + "\n")
    member_token = server.cli("apikey", "create", "--user", "iscp1-member", "--name", "iscp1-compat").stdout.strip()

    async def scenario():
        conn = await client(url, member_token).connect_iscp()
        with pytest.raises(ResultNGException):
            await conn.open_upstream(intdash.UpstreamSpec(src_edge_uuid=str(uuid.uuid4()), measurement_uuid=str(uuid.uuid4())))
        # The client keeps the refused stream and asks to close it too: that is answered OK.
        await conn.close()

    run(scenario())


def test_a_storing_upstream_is_acknowledged_once_stored(url, token):
    """The acks of a storing upstream come after the recorder stored the sections; the points
    are then in the measurement the spec named."""

    async def scenario():
        acks = []
        measurement = str(uuid.uuid4())

        async def on_ack(serial, result):
            acks.append((serial, result))

        device = await client(url, token).connect_iscp()
        upstream = await device.open_upstream(
            intdash.UpstreamSpec(src_edge_uuid=str(uuid.uuid4()), measurement_uuid=measurement, store=True),
            marker_interval=0.05,
            on_ack=on_ack,
        )
        for index in range(3):
            await upstream.write(point(index, 1, data.Int(data_id="stored", value=index)))
            await wait_for(lambda: len(acks) == index + 1)
        await upstream.close()
        await device.close()
        return acks

    assert run(scenario()) == [(serial, OK) for serial in range(3)]
