"""Stored data through the intdash REST API against the official `intdash` 2.1.1 client,
unmodified (specs/intdash.md §2.5, §3.1): `data_points.store` (`POST
/api/v1/measurements/data`, a `pb.StoreProto`), `units.store` (`POST
/api/v1/measurements/{uuid}/data`, iSCP 1.0 elements), and `data_points.list` / `units.list`
(`GET /api/v1/data` with `Accept: application/protobuf`), asserting that what the client stores
comes back the same: time to the nanosecond, data type, channel, data id and payload bytes.

Each test stores into a measurement of its own, made with the client by an edge of the module.
"""

import warnings

import intdash
import pandas as pd
import pytest
import requests
from chancery_server import Deployment
from intdash import data

TIMEOUT = 30
BASE_TIME = pd.Timestamp("2022-03-04T05:06:07.123456789Z")


def client(url, token):
    """The official client; it must find a compatible API version without warning."""
    with warnings.catch_warnings():
        warnings.simplefilter("error", UserWarning)
        return intdash.Client(url=url, edge_token=token)


@pytest.fixture(scope="module")
def edge(server, admin_token, unique):
    """A device edge owned by the administrator."""
    answer = requests.post(
        server.url("/intdash/api/auth/edges"), json={"name": unique("logger")},
        headers={"X-Intdash-Token": admin_token}, timeout=TIMEOUT,
    )
    assert answer.status_code == 201, answer.text
    return answer.json()


@pytest.fixture(scope="module")
def edge_client(server, intdash_url, edge):
    """The official client acting as the edge, with an API key of the edge's own user."""
    token = server.cli("apikey", "create", "--user", edge["uuid"], "--name", "data-compat").stdout.strip()
    return client(intdash_url, token)


@pytest.fixture
def measurement(edge_client, edge):
    """A fresh measurement of the edge, based at BASE_TIME."""
    return edge_client.measurements.create(edge_uuid=edge["uuid"], basetime=BASE_TIME, basetime_type=intdash.BasetimeType.manual)


def point(nanoseconds, channel, value):
    """A data point carrying the data object `value`."""
    return intdash.DataPoint(
        elapsed_time=pd.Timedelta(nanoseconds, unit="ns"), data_type=value.data_type.value, channel=channel,
        data_payload=value.to_payload(),
    )


VALUES = [
    point(0, 1, data.Int(data_id="count", value=-7)),
    point(250_000_001, 1, data.Float(data_id="speed", value=12.5)),
    point(500_000_000, 2, data.String(data_id="note", value="héllo")),
    point(750_000_000, 2, data.Bytes(data_id="blob", value=b"\x00\x01\xff")),
    point(1_000_000_000, 3, data.CAN(decimal_id=0x123, data=b"\x01\x02\x03\x04")),
    point(1_250_000_000, 3, data.NMEA(string="$GPRMC,000000.00,A,3539.0000,N,13945.0000,E,0.0,0.0,010120,,,A*6E")),
]


def stored(p):
    """What must come back of a stored point: absolute time, type, channel, id, payload."""
    return (BASE_TIME + p.elapsed_time, int(p.data_type), p.channel, bytes(p.data_payload))


def listed(r):
    return (r.time, int(r.data_type), r.channel, bytes(r.data_payload))


def test_data_points_come_back_as_they_were_stored(edge_client, measurement):
    edge_client.data_points.store(measurement_uuid=measurement.uuid, data_points=VALUES)
    found = edge_client.data_points.list(
        measurement_uuid=measurement.uuid, start=BASE_TIME, end=BASE_TIME + pd.Timedelta(seconds=10)
    )
    assert [listed(r) for r in found] == [stored(p) for p in VALUES]
    assert [r.data_id for r in found] == ["count", "speed", "note", "blob", "00000123", "GPRMC"]
    assert {r.measurement_uuid for r in found} == {measurement.uuid}
    assert data.Float.from_payload(found[1].data_payload).value == 12.5


def test_units_come_back_as_they_were_stored(edge_client, measurement):
    units = [
        intdash.Unit(elapsed_time=pd.Timedelta(milliseconds=10 * i), channel=5, data=data.Float(data_id="temperature", value=20.0 + i))
        for i in range(20)
    ]
    edge_client.units.store(measurement_uuid=measurement.uuid, units=units, serial_number=3, final=False)
    found = edge_client.units.list(
        measurement_uuid=measurement.uuid, start=BASE_TIME, end=BASE_TIME + pd.Timedelta(seconds=1)
    )
    # units.list puts a base time unit first, the time of the first point.
    assert type(found[0].data) is data.Basetime
    assert [(u.elapsed_time, u.channel, u.data.value) for u in found[1:]] == [
        (u.elapsed_time, 5, u.data.value) for u in units
    ]


def test_id_queries_limits_and_the_iterator_select_points(edge_client, measurement):
    edge_client.data_points.store(
        measurement_uuid=measurement.uuid,
        data_points=[point(i * 1_000_000, 1, data.Int(data_id="tick", value=i)) for i in range(50)]
        + [point(i * 1_000_000, 2, data.Float(data_id="other", value=i)) for i in range(50)],
    )
    window = dict(measurement_uuid=measurement.uuid, start=BASE_TIME, end=BASE_TIME + pd.Timedelta(seconds=1))
    ticks = edge_client.data_points.list(id_queries=[intdash.IdQuery(data_type=intdash.DataType.int.value, channel=1, data_id="tick")], **window)
    assert [data.Int.from_payload(r.data_payload).value for r in ticks] == list(range(50))
    floats = edge_client.data_points.list(id_queries=[intdash.IdQuery(data_type=intdash.DataType.float.value)], **window)
    assert {r.data_id for r in floats} == {"other"} and len(floats) == 50
    assert len(edge_client.data_points.list(limit=7, **window)) == 7
    pages = list(edge_client.data_points.list(limit=30, iterator=True, id_queries=[intdash.IdQuery(channel=1)], **window))
    assert [len(page) for page in pages] == [30, 20]


def test_another_edge_cannot_read_or_write_the_measurement(server, intdash_url, admin_token, unique, edge_client, measurement):
    edge_client.data_points.store(measurement_uuid=measurement.uuid, data_points=VALUES[:1])
    other = requests.post(
        server.url("/intdash/api/auth/edges"), json={"name": unique("stranger")},
        headers={"X-Intdash-Token": admin_token}, timeout=TIMEOUT,
    ).json()
    stranger = client(intdash_url, server.cli("apikey", "create", "--user", other["uuid"], "--name", "stranger").stdout.strip())
    with pytest.raises(requests.HTTPError) as refused:
        stranger.data_points.list(measurement_uuid=measurement.uuid, start=BASE_TIME, end=BASE_TIME + pd.Timedelta(seconds=1))
    assert refused.value.response.status_code == 404
    with pytest.raises(requests.HTTPError):
        stranger.data_points.store(measurement_uuid=measurement.uuid, data_points=VALUES[:1])


def test_malformed_uploads_are_refused_in_the_intdash_shape(server, admin_token, measurement):
    answer = requests.post(
        server.url(f"/intdash/api/v1/measurements/{measurement.uuid}/data"), data=b"\xaa\x03\x01",
        headers={"X-Intdash-Token": admin_token}, timeout=TIMEOUT,
    )
    assert answer.status_code == 400
    assert answer.json()["error"] == "bad_request" and answer.json()["error_description"]


def test_a_deleted_measurement_has_no_data_left(server, edge_client, measurement):
    """After `measurements.delete`, listing the measurement's data fails with 404, and its
    stored chunks are gone: the segment files in the server's data directory, or, in a
    deployment of several instances, the chunks staged in the shared database."""
    edge_client.data_points.store(measurement_uuid=measurement.uuid, data_points=VALUES)
    if isinstance(server, Deployment):
        def stored():
            count = f"SELECT COUNT(*) FROM telemetry_chunks WHERE measurement_uuid = '{measurement.uuid}'"
            return int(server.sql(count)[0][0]) > 0
    else:
        files = server.data_dir / "telemetry" / measurement.uuid
        stored = files.exists
    assert stored()
    edge_client.measurements.delete(measurement.uuid)
    assert not stored()
    with pytest.raises(Exception) as refused:
        edge_client.data_points.list(measurement_uuid=measurement.uuid, start=BASE_TIME, end=BASE_TIME + pd.Timedelta(seconds=10))
    assert "404" in str(refused.value)
