"""Signals and data queries by edge and by label against the official `intdash` 2.1.1 client,
unmodified (specs/intdash.md §3.1): `client.signals` create / get / list / update / delete
(`/api/v1/signals`), and `data_points.list` with `edge_uuid`, `edge_name` and `labels`
(`GET /api/v1/data` with `Accept: application/protobuf`).

Signals are server-wide, so every label here is made unique; the data tests store into
measurements of an edge of their own.
"""

import json
import struct
import warnings

import intdash
import pandas as pd
import pytest
import requests
from intdash import data

TIMEOUT = 30
BASE_TIME = pd.Timestamp("2023-05-06T07:08:09.000000001Z")


def client(url, token):
    """The official client; it must find a compatible API version without warning."""
    with warnings.catch_warnings():
        warnings.simplefilter("error", UserWarning)
        return intdash.Client(url=url, edge_token=token)


@pytest.fixture(scope="module")
def admin_client(intdash_url, admin_token):
    return client(intdash_url, admin_token)


@pytest.fixture(scope="module")
def person_client(intdash_url, person):
    return client(intdash_url, person[2])


@pytest.fixture(scope="module")
def edge(server, admin_token, unique):
    """A device edge owned by the administrator."""
    answer = requests.post(
        server.url("/intdash/api/auth/edges"), json={"name": unique("signals-edge")},
        headers={"X-Intdash-Token": admin_token}, timeout=TIMEOUT,
    )
    assert answer.status_code == 201, answer.text
    return answer.json()


@pytest.fixture(scope="module")
def edge_client(server, intdash_url, edge):
    token = server.cli("apikey", "create", "--user", edge["uuid"], "--name", "signals-compat").stdout.strip()
    return client(intdash_url, token)


DISPLAY = intdash.Display(unit="km/h", min=0, max=250.5, format="%0.1f")

CONVERSIONS = [
    intdash.ConversionNone(),
    intdash.ConversionJSON(fieldpath="sp.acc", value_type="num"),
    intdash.ConversionCSV(delimiters=[",", ";"], index=3, value_type="str"),
    intdash.ConversionNumFloatingPoint(startbyte=2, endian="big", precision=32),
    intdash.ConversionNumFixedPoint(startbit=12, bitsize=12, endian="little", sign="signed", scale=0.25, offset=-40),
    intdash.ConversionSubBytes(startbyte=1, bytesize=3),
    intdash.ConversionSubString(startbyte=0, bytesize=5),
]


def test_a_signal_round_trips_through_the_client(person_client, unique):
    label = unique("speed")
    conversion = intdash.ConversionNumFixedPoint(startbit=2, bitsize=8, endian="little", sign="unsigned", scale=0.3, offset=0)
    created = person_client.signals.create(
        label=label, data_type=intdash.DataType.can, data_id="0000014A", channel=1,
        conversion=conversion, display=DISPLAY, description="pedal",
    )
    assert created.label == label and created.description == "pedal"
    assert created.data_type == intdash.DataType.can and created.data_id == "0000014A" and created.channel == 1
    assert created.conversion == conversion and created.display == DISPLAY
    assert created.hash.startswith("sha256:") and created.created_at == created.updated_at

    assert person_client.signals.get(created.uuid) == created
    assert [s.uuid for s in person_client.signals.list(label=label)] == [created.uuid]

    changed = intdash.ConversionJSON(fieldpath="a.b", value_type="num")
    person_client.signals.update(created.uuid, label=label + "-kmh", conversion=changed, channel=2)
    got = person_client.signals.get(created.uuid)
    assert (got.label, got.channel, got.conversion, got.data_id) == (label + "-kmh", 2, changed, "0000014A")
    assert got.hash != created.hash and got.updated_at >= created.updated_at

    person_client.signals.delete(created.uuid)
    with pytest.raises(requests.HTTPError) as gone:
        person_client.signals.get(created.uuid)
    assert gone.value.response.status_code == 404


@pytest.mark.parametrize("conversion", CONVERSIONS, ids=lambda c: c.type.value)
def test_every_conversion_type_round_trips(person_client, unique, conversion):
    created = person_client.signals.create(
        label=unique("conv"), data_type=intdash.DataType.bytes, data_id="raw", channel=4, conversion=conversion, display=DISPLAY,
    )
    assert person_client.signals.get(created.uuid).conversion == conversion
    person_client.signals.delete(created.uuid)


def test_the_list_pages_through_the_clients_iterator(person_client, unique):
    prefix = unique("paged")
    made = [
        person_client.signals.create(
            label=f"{prefix}-{n}", data_type=intdash.DataType.float, data_id=f"v{n}", channel=1,
            conversion=intdash.ConversionNone(), display=DISPLAY,
        )
        for n in range(3)
    ]
    pages = list(person_client.signals.list(label=prefix, limit=2, iterator=True))
    assert [[s.label for s in page] for page in pages] == [[f"{prefix}-0", f"{prefix}-1"], [f"{prefix}-2"]]
    assert [s.label for s in person_client.signals.list(label=prefix, order="desc")] == [f"{prefix}-2", f"{prefix}-1", f"{prefix}-0"]
    for signal in made:
        person_client.signals.delete(signal.uuid)


def test_labels_are_unique_and_edges_only_read(person_client, admin_client, edge_client, unique):
    label = unique("taken")
    signal = person_client.signals.create(
        label=label, data_type=intdash.DataType.int, data_id="n", channel=1, conversion=intdash.ConversionNone(), display=DISPLAY,
    )
    with pytest.raises(requests.HTTPError) as clash:
        admin_client.signals.create(
            label=label, data_type=intdash.DataType.int, data_id="m", channel=1, conversion=intdash.ConversionNone(), display=DISPLAY,
        )
    assert clash.value.response.status_code == 409
    assert edge_client.signals.get(signal.uuid).label == label
    with pytest.raises(requests.HTTPError) as refused:
        edge_client.signals.delete(signal.uuid)
    assert refused.value.response.status_code == 403
    with pytest.raises(requests.HTTPError) as bad:
        person_client.signals.create(
            label=unique("bad"), data_type=intdash.DataType.can, data_id="1", channel=1,
            conversion=intdash.ConversionNumFixedPoint(startbit=0, bitsize=99, endian="little", sign="signed", scale=1, offset=0),
            display=DISPLAY,
        )
    assert bad.value.response.status_code == 400
    assert "bitsize" in bad.value.response.json()["error_description"]
    admin_client.signals.delete(signal.uuid)


def point(seconds, channel, value):
    return intdash.DataPoint(
        elapsed_time=pd.Timedelta(seconds, unit="s"), data_type=value.data_type.value, channel=channel, data_payload=value.to_payload(),
    )


def test_an_edges_measurements_come_back_merged_by_edge_uuid_and_name(edge_client, edge):
    early = edge_client.measurements.create(edge_uuid=edge["uuid"], basetime=BASE_TIME, basetime_type=intdash.BasetimeType.manual)
    shifted = edge_client.measurements.create(
        edge_uuid=edge["uuid"], basetime=BASE_TIME + pd.Timedelta(seconds=1), basetime_type=intdash.BasetimeType.manual,
    )
    edge_client.data_points.store(measurement_uuid=early.uuid, data_points=[point(s, 1, data.Int(data_id="tick", value=s)) for s in (0, 2, 4)])
    edge_client.data_points.store(measurement_uuid=shifted.uuid, data_points=[point(s, 1, data.Int(data_id="tick", value=10 + s)) for s in (0, 2)])
    window = dict(start=BASE_TIME, end=BASE_TIME + pd.Timedelta(seconds=60))
    for found in (
        edge_client.data_points.list(edge_uuid=edge["uuid"], **window),
        edge_client.data_points.list(edge_name=edge["name"], **window),
    ):
        assert [r.time - BASE_TIME for r in found] == [pd.Timedelta(seconds=s) for s in (0, 1, 2, 3, 4)]
        assert [data.Int.from_payload(r.data_payload).value for r in found] == [0, 10, 2, 12, 4]
        assert [r.measurement_uuid for r in found] == [early.uuid, shifted.uuid, early.uuid, shifted.uuid, early.uuid]
    pages = list(edge_client.data_points.list(edge_name=edge["name"], limit=2, iterator=True, **window))
    assert [len(page) for page in pages] == [2, 2, 1]
    with pytest.raises(requests.HTTPError) as unknown:
        edge_client.data_points.list(edge_name="no-such-edge-anywhere", **window)
    assert unknown.value.response.status_code == 404


def test_labels_answer_converted_values(admin_client, edge_client, edge, unique):
    measurement = edge_client.measurements.create(
        edge_uuid=edge["uuid"], basetime=BASE_TIME + pd.Timedelta(hours=1), basetime_type=intdash.BasetimeType.manual,
    )
    documents = [{"sp": {"acc": 0.048094}}, {"sp": {"acc": -1.5}}]
    frame = bytes([0b0000_0110, 0x64]) + struct.pack("<f", 2.5)
    edge_client.data_points.store(measurement_uuid=measurement.uuid, data_points=[
        point(0, 1, data.String(data_id="json_data", value=json.dumps(documents[0]))),
        point(1, 2, data.CAN(decimal_id=0x14A, data=frame)),
        point(2, 1, data.String(data_id="json_data", value=json.dumps(documents[1]))),
    ])
    acc, brake, level = unique("json_acc"), unique("brake"), unique("level")
    signals = [
        admin_client.signals.create(
            label=acc, data_type=intdash.DataType.string, data_id="json_data", channel=1,
            conversion=intdash.ConversionJSON(fieldpath="sp.acc", value_type="num"), display=DISPLAY,
        ),
        admin_client.signals.create(
            label=brake, data_type=intdash.DataType.can, data_id="0000014A", channel=2,
            conversion=intdash.ConversionNumFixedPoint(startbit=1, bitsize=2, endian="little", sign="unsigned", scale=1, offset=0),
            display=DISPLAY,
        ),
        admin_client.signals.create(
            label=level, data_type=intdash.DataType.can, data_id="0000014A", channel=2,
            conversion=intdash.ConversionNumFloatingPoint(startbyte=2, endian="little", precision=32), display=DISPLAY,
        ),
    ]
    start = BASE_TIME + pd.Timedelta(hours=1)
    found = edge_client.data_points.list(
        measurement_uuid=measurement.uuid, labels=[acc, brake, level], start=start, end=start + pd.Timedelta(seconds=10),
    )
    assert [(r.time - start, r.data_id, r.channel, r.data_type) for r in found] == [
        (pd.Timedelta(seconds=0), acc, 1, intdash.DataType.float),
        (pd.Timedelta(seconds=1), brake, 2, intdash.DataType.float),
        (pd.Timedelta(seconds=1), level, 2, intdash.DataType.float),
        (pd.Timedelta(seconds=2), acc, 1, intdash.DataType.float),
    ]
    assert [data.Float.from_payload(r.data_payload).value for r in found] == [0.048094, 3.0, 2.5, -1.5]
    # By edge, a label and an id query together: the raw points and the converted ones.
    mixed = edge_client.data_points.list(
        edge_uuid=edge["uuid"], labels=[acc], start=start, end=start + pd.Timedelta(seconds=10),
        id_queries=[intdash.IdQuery(data_type=intdash.DataType.string.value, channel=1, data_id="json_data")],
    )
    assert [r.data_id for r in mixed] == ["json_data", acc, "json_data", acc]
    assert json.loads(data.String.from_payload(mixed[0].data_payload).value) == documents[0]
    for signal in signals:
        admin_client.signals.delete(signal.uuid)
