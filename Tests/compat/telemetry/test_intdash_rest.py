"""The intdash REST API of edges and measurements against the official `intdash` 2.1.1 client,
unmodified (specs/intdash.md §3.1): `intdash.Client(url=…/intdash, edge_token=…)` and its
`edges`, `measurements`, `measurement_basetimes` and `measurement_markers`, asserting that what
the client sends comes back the same, to the nanosecond for base times.

Edges are made through `POST /intdash/api/auth/edges` (the current API, which intdash-py does
not cover) or with `chancery edge create`; an edge's token is an API key of its own user, made
with `chancery apikey create --user <edge uuid>`, and the client sends it as `X-Edge-Token`.
"""

import json
import warnings

import intdash
import pandas as pd
import pytest
import requests

TIMEOUT = 30


def client(url, token):
    """The official client; it must find a compatible API version without warning."""
    with warnings.catch_warnings():
        warnings.simplefilter("error", UserWarning)
        return intdash.Client(url=url, edge_token=token)


def create_edge(server, token, name, **members):
    """Creates an edge through the current API as the holder of `token`; returns its JSON."""
    answer = requests.post(
        server.url("/intdash/api/auth/edges"), json={"name": name, **members},
        headers={"X-Intdash-Token": token}, timeout=TIMEOUT,
    )
    assert answer.status_code == 201, answer.text
    return answer.json()


def edge_token(server, edge_uuid):
    """An API key of the edge's own user, made with the CLI."""
    return server.cli("apikey", "create", "--user", edge_uuid, "--name", "intdash-py").stdout.strip()


@pytest.fixture(scope="module")
def edge(server, admin_token, unique):
    """A device edge owned by the administrator, with its client secret."""
    return create_edge(server, admin_token, unique("car"), nickname="Car", description="test vehicle")


@pytest.fixture(scope="module")
def edge_client(server, intdash_url, edge):
    """The official client acting as `edge`."""
    return client(intdash_url, edge_token(server, edge["uuid"]))


@pytest.fixture(scope="module")
def admin_client(intdash_url, admin_token):
    """The official client acting as the administrator."""
    return client(intdash_url, admin_token)


def test_the_client_finds_a_compatible_api_version(edge_client):
    assert edge_client.api_version == "1.10.0"


def test_an_edge_reads_itself(edge_client, edge):
    me = edge_client.edges.me()
    assert (me.uuid, me.name, me.nickname, me.description) == (edge["uuid"], edge["name"], "Car", "test vehicle")
    assert me.type == intdash.EdgeType.device and me.disabled is False
    assert me.created_at == pd.Timestamp(edge["created_at"]) and pd.isna(me.last_login_at)
    assert [e.uuid for e in edge_client.edges.list()] == [edge["uuid"]]


def test_edge_lists_filter_and_page_through_the_clients_iterator(server, admin_token, admin_client, unique):
    prefix = unique("fleet")
    made = sorted(create_edge(server, admin_token, f"{prefix}-{i}")["name"] for i in range(3))
    assert [e.name for e in admin_client.edges.list(name=prefix)] == made
    pages = list(admin_client.edges.list(name=prefix, limit=2, iterator=True))
    assert [[e.name for e in page] for page in pages] == [made[:2], made[2:]]
    assert [e.name for e in admin_client.edges.list(name=prefix, order="desc")] == made[::-1]


def test_a_measurement_round_trips(edge_client, edge, unique):
    basetime = pd.Timestamp("2020-01-01T00:00:00.123456789Z")
    name = unique("drive")
    created = edge_client.measurements.create(
        edge_uuid=edge["uuid"], basetime=basetime, basetime_type=intdash.BasetimeType.edge_rtc,
        name=name, description="to the coast",
    )
    assert created.basetime == basetime and created.basetime.nanosecond == 789
    assert created.basetime_type == intdash.BasetimeType.edge_rtc
    assert (created.name, created.description, created.edge_uuid) == (name, "to the coast", edge["uuid"])
    assert created.ended is False and created.protected is False and created.duration == pd.Timedelta(0)

    fetched = edge_client.measurements.get(uuid=created.uuid)
    assert (fetched.uuid, fetched.name, fetched.basetime, fetched.created_at) == (created.uuid, name, basetime, created.created_at)

    edge_client.measurements.update(created.uuid, name=name + "-renamed", description="back home", ended=True)
    updated = edge_client.measurements.get(uuid=created.uuid)
    assert (updated.name, updated.description, updated.ended) == (name + "-renamed", "back home", True)
    assert updated.basetime == basetime

    listed = edge_client.measurements.list(edge_uuid=edge["uuid"], name=name)
    assert [m.uuid for m in listed] == [created.uuid]
    in_range = edge_client.measurements.list(
        start=pd.Timestamp("2019-12-31T23:59:59Z"), end=pd.Timestamp("2020-01-01T00:00:01Z"), edge_uuid=edge["uuid"]
    )
    assert created.uuid in [m.uuid for m in in_range]
    later = edge_client.measurements.list(start=pd.Timestamp("2020-01-01T00:00:01Z"), edge_uuid=edge["uuid"])
    assert created.uuid not in [m.uuid for m in later]
    assert created.uuid in [m.uuid for m in edge_client.measurements.list(ended=True)]
    assert created.uuid not in [m.uuid for m in edge_client.measurements.list(ended=False)]


def test_a_protected_measurement_is_kept_until_unprotected(edge_client, edge):
    measurement = edge_client.measurements.create(edge_uuid=edge["uuid"], basetime=pd.Timestamp("2021-06-01T12:00:00Z"), protect=True)
    assert measurement.protected is True
    with pytest.raises(requests.HTTPError) as refused:
        edge_client.measurements.delete(measurement.uuid)
    assert refused.value.response.status_code == 409
    assert "protected" in refused.value.response.json()["error_description"]
    edge_client.measurements.unprotect(measurement.uuid)
    assert edge_client.measurements.get(uuid=measurement.uuid).protected is False
    edge_client.measurements.protect(measurement.uuid)
    assert edge_client.measurements.get(uuid=measurement.uuid).protected is True
    edge_client.measurements.unprotect(measurement.uuid)
    edge_client.measurements.delete(measurement.uuid)
    with pytest.raises(requests.HTTPError) as gone:
        edge_client.measurements.get(uuid=measurement.uuid)
    assert gone.value.response.status_code == 404


def test_base_times_round_trip_and_the_highest_priority_one_wins(edge_client, edge):
    rtc = pd.Timestamp("2022-03-04T05:06:07.000000001Z")
    measurement = edge_client.measurements.create(edge_uuid=edge["uuid"], basetime=rtc, basetime_type=intdash.BasetimeType.edge_rtc)
    ntp = pd.Timestamp("2022-03-04T05:06:07.250000999Z")
    edge_client.measurement_basetimes.update(measurement.uuid, ntp, type=intdash.BasetimeType.ntp)

    got = edge_client.measurement_basetimes.get(measurement.uuid, intdash.BasetimeType.ntp)
    assert got.type == intdash.BasetimeType.ntp and got.basetime == ntp
    listed = edge_client.measurement_basetimes.list(measurement.uuid)
    assert [(b.type, b.basetime) for b in listed] == [(intdash.BasetimeType.ntp, ntp), (intdash.BasetimeType.edge_rtc, rtc)]
    now = edge_client.measurements.get(uuid=measurement.uuid)
    assert (now.basetime, now.basetime_type) == (ntp, intdash.BasetimeType.ntp)

    edge_client.measurement_basetimes.delete(measurement.uuid, intdash.BasetimeType.ntp)
    with pytest.raises(requests.HTTPError) as gone:
        edge_client.measurement_basetimes.get(measurement.uuid, intdash.BasetimeType.ntp)
    assert gone.value.response.status_code == 404
    assert edge_client.measurements.get(uuid=measurement.uuid).basetime == rtc


def test_markers_round_trip(edge_client, edge):
    measurement = edge_client.measurements.create(edge_uuid=edge["uuid"], basetime=pd.Timestamp("2023-01-01T00:00:00Z"))
    markers = edge_client.measurement_markers
    lap = markers.create(
        measurement.uuid, intdash.MeasurementMarkerType.range,
        intdash.MeasurementMarkerDetailRange(pd.Timedelta(seconds=2), pd.Timedelta(seconds=9, microseconds=5)),
        name="lap 1", description="fast", tag={"driver": "alice", "tyres": "soft"},
    )
    crash = markers.create(
        measurement.uuid, intdash.MeasurementMarkerType.point,
        intdash.MeasurementMarkerDetailPoint(pd.Timedelta(seconds=1)), name="crash",
    )
    assert lap.detail == intdash.MeasurementMarkerDetailRange(pd.Timedelta(seconds=2), pd.Timedelta(seconds=9, microseconds=5))
    assert (lap.name, lap.description, lap.tag, lap.type) == ("lap 1", "fast", {"driver": "alice", "tyres": "soft"}, "range")
    assert markers.get(lap.uuid) == lap
    assert [m.uuid for m in markers.list(measurement.uuid)] == [crash.uuid, lap.uuid]

    moved = markers.update(crash.uuid, detail=intdash.MeasurementMarkerDetailPoint(pd.Timedelta(seconds=3)), tag={"cause": "rain"})
    assert moved.detail == intdash.MeasurementMarkerDetailPoint(pd.Timedelta(seconds=3))
    assert (moved.name, moved.tag) == ("crash", {"cause": "rain"})
    renamed = markers.update(lap.uuid, measurement_uuid=measurement.uuid, name="lap one")
    assert renamed.name == "lap one" and renamed.detail == lap.detail
    assert edge_client.measurements.get(marker_uuid=lap.uuid).uuid == measurement.uuid

    markers.delete(crash.uuid)
    markers.delete(lap.uuid, measurement_uuid=measurement.uuid)
    assert markers.list(measurement.uuid) == []


def test_people_and_edges_see_only_their_own(server, intdash_url, person, edge, unique):
    name, _, token = person
    own = create_edge(server, token, unique("bike"))
    person_client = client(intdash_url, token)
    assert [e.uuid for e in person_client.edges.list(type="device")] == [own["uuid"]]
    assert person_client.edges.me().type == intdash.EdgeType.user
    with pytest.raises(requests.HTTPError) as hidden:
        person_client.measurements.create(edge_uuid=edge["uuid"], basetime=pd.Timestamp("2020-01-01T00:00:00Z"))
    assert hidden.value.response.status_code == 404
    mine = person_client.measurements.create(edge_uuid=own["uuid"], basetime=pd.Timestamp("2020-01-01T00:00:00Z"))
    their_client = client(intdash_url, edge_token(server, edge["uuid"]))
    assert mine.uuid not in [m.uuid for m in their_client.measurements.list()]


def test_errors_are_in_the_intdash_shape(server):
    answer = requests.get(server.url("/intdash/api/v1/measurements"), headers={"X-Edge-Token": "chk_not-a-key"}, timeout=TIMEOUT)
    assert answer.status_code == 401
    body = answer.json()
    assert body["error"] == "unauthorized" and body["error_description"] and body["request_id"]
    answer = requests.get(server.url("/intdash/api/v1/version"), timeout=TIMEOUT)
    assert answer.status_code == 200 and answer.json()["version"] == "1.10.0"


def test_the_cli_creates_edges_whose_secret_yields_tokens_and_lists_measurements(server, intdash_url, unique):
    name = unique("cli-edge")
    created = json.loads(server.cli("edge", "create", "--name", name, "--nickname", "CLI", "--owner", "Administrator").stdout)
    assert created["name"] == name and created["nickname"] == "CLI" and created["client_secret"]
    listed = server.cli("edge", "ls", "--json").stdout
    assert created["uuid"] in [e["uuid"] for e in json.loads(listed)]
    assert name in server.cli("edge", "ls").stdout

    token = requests.post(
        server.url("/intdash/api/auth/oauth2/token"),
        data={"grant_type": "client_credentials", "client_id": created["uuid"], "client_secret": created["client_secret"]},
        timeout=TIMEOUT,
    )
    assert token.status_code == 200, token.text
    me = requests.get(
        server.url("/intdash/api/v1/edges/me"), headers={"Authorization": "Bearer " + token.json()["access_token"]}, timeout=TIMEOUT
    )
    assert me.status_code == 200 and me.json()["uuid"] == created["uuid"]

    edge_client = client(intdash_url, edge_token(server, created["uuid"]))
    measurement = edge_client.measurements.create(edge_uuid=created["uuid"], basetime=pd.Timestamp("2024-02-29T12:00:00.5Z"), name="cli")
    edge_client.measurement_markers.create(
        measurement.uuid, intdash.MeasurementMarkerType.point, intdash.MeasurementMarkerDetailPoint(pd.Timedelta(seconds=1)), name="m"
    )
    assert measurement.uuid in server.cli("measurements", "ls").stdout
    shown = json.loads(server.cli("measurements", "show", measurement.uuid).stdout)
    assert shown["basetime"] == "2024-02-29T12:00:00.500000000Z" and shown["name"] == "cli"
    assert [b["type"] for b in shown["basetimes"]] == ["manual"] and [m["name"] for m in shown["markers"]] == ["m"]


def test_the_cli_disables_enables_and_removes_an_edge(server, unique):
    created = json.loads(server.cli("edge", "create", "--name", unique("cli-off")).stdout)
    uuid, secret = created["uuid"], created["client_secret"]

    def token():
        return requests.post(
            server.url("/intdash/api/auth/oauth2/token"),
            data={"grant_type": "client_credentials", "client_id": uuid, "client_secret": secret},
            timeout=TIMEOUT,
        )

    assert token().status_code == 200
    assert server.cli("edge", "disable", uuid).stdout == f"disabled {uuid}\n"
    assert [e["disabled"] for e in json.loads(server.cli("edge", "ls", "--json").stdout) if e["uuid"] == uuid] == [True]
    refused = token()
    assert refused.status_code == 400 and refused.json()["error"] == "invalid_grant", refused.text
    assert server.cli("edge", "enable", uuid).stdout == f"enabled {uuid}\n"
    assert token().status_code == 200
    assert server.cli("edge", "rm", uuid).stdout == f"removed {uuid}\n"
    assert uuid not in server.cli("edge", "ls").stdout
    gone = token()
    assert gone.status_code in (400, 401) and gone.json()["error"] == "invalid_client", gone.text
