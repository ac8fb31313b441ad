"""The command line's telemetry commands against the suite's running server: `chancery stream up`
(CSV on standard input → an iSCP v2 upstream that persists), `chancery stream down` (a downstream
printed live) and `chancery measurements export` (the data directory read offline).

What the commands send is read back through other doors and compared to the nanosecond and the
byte: `GET /intdash/api/v1/data`, the official `iscp` 1.0.1 client, and the export. Each test
uses an edge of its own, made with `chancery edge create`.
"""

import asyncio
import base64
import hashlib
import json
import os
import struct
import subprocess
import time
import uuid

import iscp
import pandas as pd
import pytest
import requests

TIMEOUT = 60

# Points of every kind the CSV format knows, in time order. The string holds a comma, which
# only the last column may.
POINTS_CSV = """elapsed,data_type,data_name,value
# a comment, skipped
0,float64,1/speed,1.5
0.000000001,int64,1/count,-42
0.25,float64,1/speed,-0.125
1.5,string,2/msg,hello, world
2,bytes,3/raw,00ff10
2.000000002,float64,1/accel,12345.678
"""

# The same points as (elapsed ns, type, name, payload bytes).
POINTS = [
    (0, "float64", "1/speed", struct.pack(">d", 1.5)),
    (1, "int64", "1/count", struct.pack(">q", -42)),
    (250_000_000, "float64", "1/speed", struct.pack(">d", -0.125)),
    (1_500_000_000, "string", "2/msg", b"hello, world"),
    (2_000_000_000, "bytes", "3/raw", bytes([0x00, 0xFF, 0x10])),
    (2_000_000_002, "float64", "1/accel", struct.pack(">d", 12345.678)),
]

# The values as the commands print them.
VALUES = [1.5, -42, -0.125, "hello, world", "00ff10", 12345.678]

# The CSV lines the commands print for the points: elapsed with nine decimals.
PRINTED_CSV = [
    "0.000000000,float64,1/speed,1.5",
    "0.000000001,int64,1/count,-42",
    "0.250000000,float64,1/speed,-0.125",
    "1.500000000,string,2/msg,hello, world",
    "2.000000000,bytes,3/raw,00ff10",
    "2.000000002,float64,1/accel,12345.678",
]


@pytest.fixture
def edge(server, unique):
    """A fresh edge: its JSON, with `uuid` and `client_secret`."""
    return json.loads(server.cli("edge", "create", "--name", unique("cli-stream")).stdout)


def chancery(server, *args, input=None, env=None):
    """Runs `chancery ARGS` with the server's URL (no --data: these talk to the server) and
    returns the CompletedProcess, whatever its exit status."""
    return subprocess.run(
        [server.binary, *args], input=input, capture_output=True, text=True, timeout=TIMEOUT,
        env=dict(os.environ, CHANCERY_SERVER=server.base_url, **(env or {})),
    )


def stream_up(server, edge, csv, *args):
    """`stream up` as the edge with its client secret; the summary JSON."""
    result = chancery(server, "stream", "up", "--edge", edge["uuid"], *args, input=csv, env={"CHANCERY_EDGE_SECRET": edge["client_secret"]})
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def nanoseconds(text):
    """An RFC 3339 time with nine fraction digits as nanoseconds since 1970."""
    return pd.Timestamp(text).value


def test_stream_up_stores_every_point_as_sent(server, edge, admin_token):
    """Every CSV point reaches the store: `/v1/data` answers the same times (base time plus
    elapsed, to the nanosecond), data ids and values, in order; the measurement is the edge's,
    named, and ended."""
    summary = stream_up(server, edge, POINTS_CSV, "--name", "cli-run", "--batch", "2", "--window", "1")
    assert summary["points_sent"] == summary["points_acknowledged"] == len(POINTS)
    assert summary["chunks"] == 3
    assert summary["edge"] == edge["uuid"]

    headers = {"Authorization": f"Bearer {admin_token}"}
    measurement = requests.get(server.url(f"/intdash/api/v1/measurements/{summary['measurement']}"), headers=headers, timeout=TIMEOUT).json()
    assert (measurement["edge_uuid"], measurement["name"], measurement["ended"]) == (edge["uuid"], "cli-run", True)
    basetime = nanoseconds(measurement["basetime"])

    answer = requests.get(
        server.url("/intdash/api/v1/data"), params={"name": summary["measurement"], "time_format": "ns"},
        headers=dict(headers, Accept="application/x-ndjson"), timeout=TIMEOUT,
    )
    assert answer.status_code == 200, answer.text
    rows = [json.loads(line) for line in answer.text.splitlines() if line]
    assert [row["time"] for row in rows] == [basetime + elapsed for elapsed, *_ in POINTS]
    assert [f"{row['channel']}/{row['data_id']}" for row in rows] == [name for _, _, name, _ in POINTS]
    stored = [row["data"]["d"] for row in rows]
    assert stored[:4] + stored[5:] == VALUES[:4] + VALUES[5:]
    assert base64.b64decode(stored[4]) == POINTS[4][3]


def test_stream_up_appends_to_a_measurement_left_open(server, edge):
    """`--no-end` leaves the measurement open; a second run with `--measurement UUID` adds to it
    and ends it."""
    first = stream_up(server, edge, "0,float64,1/x,1\n", "--no-end")
    second = stream_up(server, edge, "1,float64,1/x,2\n", "--measurement", first["measurement"])
    assert second["measurement"] == first["measurement"]
    exported = server.cli("measurements", "export", first["measurement"], "--format", "ndjson").stdout
    assert [json.loads(line)["value"] for line in exported.splitlines()] == [1, 2]
    shown = json.loads(server.cli("measurements", "show", first["measurement"]).stdout)
    assert shown["ended"] is True


def test_export_writes_what_was_sent(server, edge, tmp_path):
    """`measurements export` reads the data directory: CSV whose last four columns are the
    input lines, NDJSON with the same values, times the base time plus elapsed."""
    summary = stream_up(server, edge, POINTS_CSV)
    uuid_ = summary["measurement"]
    basetime = nanoseconds(json.loads(server.cli("measurements", "show", uuid_).stdout)["basetime"])

    csv_lines = server.cli("measurements", "export", uuid_).stdout.splitlines()
    assert csv_lines[0] == "time,elapsed,data_type,data_name,value"
    rows = [line.split(",", 1) for line in csv_lines[1:]]
    assert [row[1] for row in rows] == PRINTED_CSV
    assert [nanoseconds(row[0]) for row in rows] == [basetime + elapsed for elapsed, *_ in POINTS]

    output = tmp_path / "run.ndjson"
    server.cli("measurements", "export", uuid_, "--format", "ndjson", "--output", str(output))
    objects = [json.loads(line) for line in output.read_text().splitlines()]
    assert [(o["elapsed_time"], o["data_type"], o["data_name"], o["value"]) for o in objects] == [
        (elapsed, type_, name, value) for (elapsed, type_, name, _), value in zip(POINTS, VALUES)
    ]
    assert [nanoseconds(o["time"]) for o in objects] == [basetime + elapsed for elapsed, *_ in POINTS]


def test_a_notarizing_edges_measurement_is_notarized_when_it_ends(server, edge, admin_token):
    """With `edge notarize`, the measurement `stream up` ends is notarized in the background: its
    page names the report and the SHA-256 of its NDJSON export, which is the hash of the export
    the page offers, byte for byte what `measurements export --format ndjson` writes, and the
    Notary's report records the same SHA-256."""
    result = server.cli("edge", "notarize", edge["uuid"])
    assert result.stdout == f"measurements of {edge['uuid']} are notarized when they end\n"
    assert "yes" in next(line for line in server.cli("edge", "ls").stdout.splitlines() if edge["uuid"] in line).split()
    summary = stream_up(server, edge, POINTS_CSV, "--name", "notarized-run")
    measurement = summary["measurement"]
    admin = ("Administrator", server.admin_password)

    # The notarizer works in the background: wait (bounded) for the page to name the report.
    deadline = time.monotonic() + 60
    page = ""
    while "as report" not in page and time.monotonic() < deadline:
        page = requests.get(server.url(f"/telemetry/measurements/{measurement}"), auth=admin, timeout=TIMEOUT).text
        if "as report" not in page:
            time.sleep(0.2)
    assert "as report" in page, page[:3000]

    export = requests.get(server.url(f"/telemetry/measurements/{measurement}/export.ndjson"), auth=admin, timeout=TIMEOUT)
    assert export.status_code == 200 and export.headers["Content-Type"] == "application/x-ndjson"
    assert export.content == server.cli("measurements", "export", measurement, "--format", "ndjson").stdout.encode()
    assert len(export.content.splitlines()) == len(POINTS)
    digest = hashlib.sha256(export.content).hexdigest()
    assert f'<code class="sha256">{digest}</code>' in page
    report_id = page.split("as report <code>")[1].split("</code>")[0]
    report = requests.get(server.url(f"/qed/v1/reports/{report_id}"), headers={"X-Api-Key": admin_token}, timeout=TIMEOUT)
    assert report.status_code == 200 and digest in report.text, report.text[:1000]

    # Without it, a measurement is not notarized.
    server.cli("edge", "notarize", edge["uuid"], "--off")
    plain = stream_up(server, edge, POINTS_CSV)["measurement"]
    assert 'id="notarization"' not in requests.get(server.url(f"/telemetry/measurements/{plain}"), auth=admin, timeout=TIMEOUT).text


def start_stream_down(server, env, *args):
    """Starts `stream down ARGS` and returns the process once the server has accepted its
    filters (it says `watching …` on standard error)."""
    process = subprocess.Popen(
        [server.binary, "stream", "down", *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env=dict(os.environ, CHANCERY_SERVER=server.base_url, **env),
    )
    line = process.stderr.readline()
    if not line.startswith("watching "):
        process.kill()
        pytest.fail(f"stream down did not start: {line}{process.stderr.read()}")
    return process


def finish(process):
    """The standard output of a process that must end by itself with status 0."""
    try:
        out, err = process.communicate(timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        process.kill()
        out, err = process.communicate()
        pytest.fail(f"stream down did not stop:\n{out}\n{err}")
    assert process.returncode == 0, err
    return out


def test_stream_down_prints_what_stream_up_sends(server, edge):
    """A downstream of the edge's every data id, as the edge itself, prints the lines that were
    sent (same elapsed, data id and value) and stops after --count."""
    env = {"CHANCERY_EDGE_SECRET": edge["client_secret"]}
    down = start_stream_down(server, env, "--edge", edge["uuid"], "--filter", f"{edge['uuid']}:#:#", "--count", str(len(POINTS)))
    stream_up(server, edge, POINTS_CSV)
    assert finish(down).splitlines() == PRINTED_CSV


def test_stream_down_filters_what_the_official_client_sends(server, admin_token):
    """With wildcard filters, `stream down --format ndjson` prints exactly the matching points
    the official `iscp` client sends, and nothing else, within --duration."""
    node = str(uuid.uuid4())
    session = str(uuid.uuid4())
    speed = iscp.DataID(name="1/a/speed", type="float64")
    deep = iscp.DataID(name="1/a/b/speed", type="float64")
    count = iscp.DataID(name="1/a/count", type="int64")
    label = iscp.DataID(name="2/label", type="string")
    sent = [
        (speed, iscp.DataPoint(elapsed_time=i * 1_000_000, payload=struct.pack(">d", i / 4))) for i in range(20)
    ] + [(deep, iscp.DataPoint(elapsed_time=5, payload=struct.pack(">d", 9.0)))] + [
        (count, iscp.DataPoint(elapsed_time=i, payload=struct.pack(">q", -i))) for i in range(5)
    ] + [(label, iscp.DataPoint(elapsed_time=7, payload="ラベル, 1".encode()))]

    down = start_stream_down(
        server, {"CHANCERY_TOKEN": admin_token}, "--filter", f"{node}:float64:1/+/speed", "--filter", f"{node}:#:2/#",
        "--format", "ndjson", "--duration", "4",
    )

    async def send():
        conn = await iscp.Conn.connect(
            address=server.base_url.removeprefix("http://"),
            connector=iscp.WebSocketConnector(enable_tls=False, path="intdash/api/iscp/connect"),
            token_source=lambda: admin_token, node_id=node,
        )
        async with conn:
            upstream = await conn.open_upstream(session_id=session, close_timeout=5)
            for data_id, point in sent:
                await upstream.write_data_points(data_id, point)
            await upstream.flush()
            await upstream.close()

    asyncio.run(asyncio.wait_for(send(), TIMEOUT))
    printed = [json.loads(line) for line in finish(down).splitlines()]
    expected = [(data_id, point) for data_id, point in sent if data_id in (speed, label)]
    assert [(o["node"], o["session"]) for o in printed] == [(node, session)] * len(expected)
    assert [(o["data_type"], o["data_name"], o["elapsed_time"]) for o in printed] == [
        (data_id.type, data_id.name, point.elapsed_time) for data_id, point in expected
    ]
    assert [o["value"] for o in printed] == [i / 4 for i in range(20)] + ["ラベル, 1"]


def test_bad_line_is_named_and_nothing_is_sent(server, edge, admin_token):
    """A bad line stops `stream up` before it connects: non-zero exit, the line's number and
    what is wrong, and no measurement made."""
    before = server.cli("measurements", "ls", "--edge", edge["uuid"], "--json").stdout
    result = chancery(server, "stream", "up", "--edge", edge["uuid"], input="0,float64,1/x,1\n\n1,int64,1/y,1.5\n",
                      env={"CHANCERY_EDGE_SECRET": edge["client_secret"]})
    assert result.returncode != 0
    assert "line 3" in result.stderr and "'1.5' is not a whole number (int64)" in result.stderr
    assert server.cli("measurements", "ls", "--edge", edge["uuid"], "--json").stdout == before


@pytest.mark.parametrize(
    "args, env, message",
    [
        ([], {"CHANCERY_EDGE_SECRET": "not-the-secret"}, "refused the client secret"),
        (["--measurement", "{unknown}"], {}, "not found"),
        (["--measurement", "latest"], {}, "must be 'new' or a UUID"),
    ],
)
def test_refusals_give_clear_messages(server, edge, args, env, message):
    """A wrong secret, an unknown measurement, a malformed option: non-zero exit and a message
    that says which."""
    args = [arg.format(unknown=uuid.uuid4()) for arg in args]
    environment = {"CHANCERY_EDGE_SECRET": edge["client_secret"], **env}
    result = chancery(server, "stream", "up", "--edge", edge["uuid"], *args, input="0,float64,1/x,1\n", env=environment)
    assert result.returncode != 0
    assert message in result.stderr, result.stderr


def test_down_refuses_a_malformed_filter(server, admin_token):
    """A filter without its three parts is refused before connecting."""
    result = chancery(server, "stream", "down", "--filter", "node-only:#", env={"CHANCERY_TOKEN": admin_token})
    assert result.returncode != 0
    assert "is not NODE:TYPE:NAME" in result.stderr


def test_down_with_a_refused_token_says_so(server):
    """An unknown token is refused by the iSCP v2 ConnectRequest: non-zero exit, and the message
    says the connection was refused."""
    result = chancery(server, "stream", "down", "--filter", f"{uuid.uuid4()}:#:#", "--count", "1", env={"CHANCERY_TOKEN": "not-a-token"})
    assert result.returncode != 0
    assert "the server refused to connect as node" in result.stderr, result.stderr


@pytest.mark.parametrize(
    "line, message",
    [
        ("1,float64,1/x", "expected 4 fields"),
        ("1.0000000001,float64,1/x,1", "at most 9 decimals"),
        ("9223372037,float64,1/x,1", "too large"),
        ("one,float64,1/x,1", "is not a number of seconds"),
        ("1,,1/x,1", "must not be empty"),
        ("1,bytes,1/x,0f0", "is not hexadecimal bytes"),
        ("1,can,1/x,zz", "is not hexadecimal bytes (can)"),
        ("1,float64,1/x,", "is not a number (float64)"),
    ],
)
def test_each_kind_of_bad_line_is_refused(server, edge, line, message):
    """Every malformed field is refused with the line number and what is wrong with it."""
    result = chancery(server, "stream", "up", "--edge", edge["uuid"], input=f"0,int64,1/ok,1\n{line}\n",
                      env={"CHANCERY_EDGE_SECRET": edge["client_secret"]})
    assert result.returncode != 0
    assert "standard input, line 2: " in result.stderr and message in result.stderr, result.stderr


def test_negative_and_large_elapsed_times_round_trip(server, edge):
    """Elapsed times before the base time and far after it come back to the nanosecond, and
    strings keep their spaces; the export's CSV lines can be fed back to `stream up`."""
    csv = "-1.000000001,float64,1/x,0.1\n-0.5,string,2/s,  spaced  \n86400.123456789,int64,1/n,9223372036854775807\n"
    first = stream_up(server, edge, csv)
    exported = server.cli("measurements", "export", first["measurement"]).stdout.splitlines()[1:]
    lines = [line.split(",", 1)[1] for line in exported]
    assert lines == [
        "-1.000000001,float64,1/x,0.1", "-0.500000000,string,2/s,  spaced  ", "86400.123456789,int64,1/n,9223372036854775807",
    ]
    second = stream_up(server, edge, "\n".join(lines) + "\n")
    again = server.cli("measurements", "export", second["measurement"]).stdout.splitlines()[1:]
    assert [line.split(",", 1)[1] for line in again] == lines


def test_an_edge_token_needs_no_edge_option(server, edge):
    """With a token of the edge's own user (an API key here) and no --edge, `stream up` sends as
    the edge the token belongs to."""
    token = server.cli("apikey", "create", "--user", edge["uuid"], "--name", "cli-stream").stdout.strip()
    result = chancery(server, "stream", "up", input="0,float64,1/x,1\n", env={"CHANCERY_TOKEN": token})
    assert result.returncode == 0, result.stderr
    summary = json.loads(result.stdout)
    assert summary["edge"] == edge["uuid"] and summary["points_acknowledged"] == 1
