"""Finding 9: an iSCP v2 request that is refused is answered at once with its result code, and
the connection goes on answering. An edge, signed in with its own client-credentials token,
opens a downstream of another edge: it gets AUTH_FAILED within seconds, its pings are still
answered, and a downstream of its own opens on the same connection afterwards.

The client is the official `iscp` 1.0.1, unmodified."""

import asyncio
import json
import uuid

import iscp
import pytest
import requests

ENDPOINT_PATH = "intdash/api/iscp/connect"
ANSWER_WITHIN = 5


def edge_with_token(server):
    """A new edge (owned by the administrator) and an access token of its own, from the
    OAuth2 client-credentials grant as a device gets it."""
    created = json.loads(server.cli("edge", "create", "--name", f"edge-{uuid.uuid4().hex[:10]}",
                                    "--owner", "Administrator").stdout)
    answer = requests.post(
        server.url("/intdash/api/auth/oauth2/token"), timeout=30,
        data={"grant_type": "client_credentials", "client_id": created["uuid"], "client_secret": created["client_secret"]},
    )
    assert answer.status_code == 200, answer.text
    return created["uuid"], answer.json()["access_token"]


def test_refused_downstream_is_answered_at_once_and_pings_go_on(server):
    me, token = edge_with_token(server)
    other, _ = edge_with_token(server)

    async def scenario():
        disconnected = []
        conn = await iscp.Conn.connect(
            address=server.base_url.removeprefix("http://"),
            connector=iscp.WebSocketConnector(enable_tls=False, path=ENDPOINT_PATH),
            token_source=lambda: token, node_id=me, ping_interval=1, ping_timeout=2,
            disconnected_event_handler=disconnected.append,
        )
        with pytest.raises(iscp.ISCPFailedMessageError) as refusal:
            await asyncio.wait_for(conn.open_downstream([iscp.DownstreamFilter.all_for(other)]), ANSWER_WITHIN)
        assert refusal.value.received_message.result_code == iscp.ResultCode.AUTH_FAILED
        # The same connection still answers requests: a downstream of the edge's own opens.
        own = await asyncio.wait_for(conn.open_downstream([iscp.DownstreamFilter.all_for(me)]), ANSWER_WITHIN)
        await own.close()
        # And pings: the client pings every second and gives up after two without a pong.
        await asyncio.sleep(3.5)
        assert disconnected == [], "the connection stopped answering pings after the refusal"
        await conn.close()

    asyncio.run(asyncio.wait_for(scenario(), 60))
