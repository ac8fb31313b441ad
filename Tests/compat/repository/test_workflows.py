"""Workflows and tasks through the official client (`server.workflows`, `server.tasks`,
`Document.workflows`, `Task.complete/delegate/reassign`): Nuxeo's serial and parallel document
reviews from start to end, the client's own test_workflows scenarios with their assertions
kept, the permissions a task gives its assignees while it is open, and who may do what."""

import pytest
import requests
from nuxeo.exceptions import HTTPError
from nuxeo.models import Task, User

from .support import assert_nuxeo_exception, connect, create, unique

PASSWORD = "Test-passw0rd"
MODELS = ("SerialDocumentReview", "ParallelDocumentReview")


@pytest.fixture
def workflows(nx, member_nx):
    """The client's `workflows` fixture: no running workflow of the administrator or of alice
    is left from another test."""
    for client in (nx, member_nx):
        for workflow in client.workflows.started(None):
            workflow.delete()
    return nx.workflows


@pytest.fixture
def georges(nx):
    """A user made through the API, as the client's test makes one, deleted afterwards."""
    name = unique("georges")
    user = nx.users.create(User(properties={
        "firstName": "Georges", "username": name, "email": f"{name}@example.com", "password": PASSWORD,
    }))
    yield user
    if nx.users.exists(name):
        nx.users.delete(name)


@pytest.fixture
def doc(nx, folder):
    return create(nx, folder.path, "File", unique("reviewed"), title="bar.txt")


def raw(host, auth, method, path, **kwargs):
    """A request answered as it is, for the status and Nuxeo's error entity."""
    return requests.request(method, host + "api/v1/" + path, auth=auth, timeout=60, **kwargs)


def can_write(client, uid):
    """Whether the client's user may change the document's description."""
    document = client.documents.get(uid=uid)
    document.properties["dc:description"] = unique("written")
    try:
        document.save()
        return True
    except HTTPError as error:
        assert error.status == 403, error
        return False


def test_serial_review_as_the_client_runs_it(nx, host, workflows, georges, doc):
    """The client's test_basic_workflow, with every assertion reached (the client's own test
    prints exceptions and goes on), and what the assignee may do on the document meanwhile."""
    georges_nx = connect(host, (georges.uid, PASSWORD))
    assert not can_write(georges_nx, doc.uid)

    workflow = workflows.start("SerialDocumentReview", doc)
    assert (workflow.workflowModelName, workflow.state) == ("SerialDocumentReview", "running")
    assert workflow.title == "wf.serialDocumentReview.SerialDocumentReview"
    assert workflow.attachedDocumentIds == [{"id": doc.uid}] and workflow.initiator == "Administrator"
    assert repr(workflow)
    assert [wf.uid for wf in workflows.get()] == [workflow.uid]
    assert [wf.uid for wf in workflows.started("SerialDocumentReview")] == [workflow.uid]
    assert workflows.started("ParallelDocumentReview") == []

    tasks = nx.tasks.get()
    assert len(tasks) == 1
    task = tasks[0]
    assert repr(task)
    assert (task.name, task.state, task.nodeName) == ("wf.serialDocumentReview.chooseParticipants", "opened", "chooseParticipants")
    assert task.actors == [{"id": "Administrator"}] and task.workflowInstanceId == workflow.uid
    assert task.targetDocumentIds == [{"id": doc.uid}]
    assert [action["name"] for action in task.taskInfo["taskActions"]] == ["cancel", "start_review"]
    assert task.taskInfo["allowTaskReassignment"] is False

    current_user = nx.users.current_user()
    infos = {
        "participants": [f"user:{current_user.uid}"],
        "assignees": [f"user:{current_user.uid}"],
        "end_date": "2011-10-23T12:00:00.00Z",
    }
    task.delegate([f"user:{georges.uid}"], comment="a comment")
    delegated = nx.client.request("GET", f"api/v1/task/{task.uid}").json()
    assert delegated["delegatedActors"] == [{"id": f"user:{georges.uid}"}]
    assert [(c["author"], c["text"]) for c in delegated["comments"]] == [("Administrator", "a comment")]

    task.complete("start_review", variables=infos, comment="another comment")
    assert task.state == "ended"
    assert len(doc.workflows) == 1

    tasks = workflow.tasks
    assert len(tasks) == 1
    task = tasks[0]
    assert (task.name, task.directive) == ("wf.serialDocumentReview.DocumentValidation", "wf.serialDocumentReview.AcceptReject")
    assert task.actors == [{"id": f"user:{current_user.uid}"}] and task.dueDate == "2011-10-23T12:00:00.000Z"
    assert task.taskInfo["allowTaskReassignment"] is True
    assert not can_write(georges_nx, doc.uid), "a delegate of the ended task keeps no right"

    # NXPY-12: Reassign task give _read() error
    task.reassign([f"user:{georges.uid}"], comment="other comment")
    assert task.actors == [{"id": f"user:{georges.uid}"}]
    assert can_write(georges_nx, doc.uid), "the assignee may edit the document under review"
    assert [t.uid for t in georges_nx.tasks.get()] == [task.uid]

    task.complete("validate", variables={"comment": "new comment"})
    assert task.state == "ended"
    assert not doc.workflows
    assert workflows.get() == [] and nx.tasks.get() == []
    assert not can_write(georges_nx, doc.uid), "the right ends with the task"
    assert nx.workflows.get(workflow.uid).state == "done"
    assert nx.documents.get(uid=doc.uid).state == "project", "a simple review leaves the lifecycle as it is"


def test_tasks_are_found_as_the_client_filters_them(nx, workflows):
    """The client's test_get_workflows: a workflow started on no document, and the task
    filters (workflowInstanceId, userId, workflowModelName)."""
    assert workflows.start("SerialDocumentReview")
    started = workflows.started("SerialDocumentReview")
    assert len(started) == 1
    assert len(nx.tasks.get()) >= 1
    assert len(nx.tasks.get({"workflowInstanceId": started[0].uid})) == 1
    assert not nx.tasks.get({"workflowInstanceId": "unknown"})
    assert not nx.tasks.get({"workflowInstanceId": started[0].uid, "userId": "Georges Abitbol"})
    assert len(nx.tasks.get({"workflowInstanceId": started[0].uid, "workflowModelName": "SerialDocumentReview"})) == 1
    assert not nx.tasks.get({"workflowModelName": "foo"})
    assert len(nx.tasks.get({"userId": "Administrator"})) == 1


def test_graph_of_a_started_workflow(nx, workflows, doc):
    """The client's test_fetch_graph: attachedDocumentIds as one id, start variables kept, and
    the graph with the node where the workflow waits."""
    options = {"attachedDocumentIds": doc.uid, "variables": {"initiatorComment": "This is a test comment."}}
    assert workflows.start("SerialDocumentReview", options=options)
    started = workflows.started("SerialDocumentReview")
    assert len(started) == 1
    assert started[0].attachedDocumentIds == [{"id": doc.uid}]
    assert started[0].variables["initiatorComment"] == "This is a test comment."
    assert started[0].graph()  # the client parses the graph as a Workflow: the raw JSON says more
    graph = nx.client.request("GET", f"api/v1/workflow/{started[0].uid}/graph").json()
    nodes = {node["id"]: node for node in graph["nodes"]}
    assert {"start", "chooseParticipants", "documentValidation", "end"} <= set(nodes)
    assert nodes["start"]["isStartNode"] and nodes["end"]["isStopNode"]
    assert nodes["chooseParticipants"]["state"] == "suspended" and nodes["documentValidation"]["state"] == "ready"
    edges = {(t["nodeSourceId"], t["nodeTargetId"]) for t in graph["transitions"]}
    assert ("chooseParticipants", "documentValidation") in edges and ("start", "chooseParticipants") in edges


def test_task_transfer_needs_a_kind(nx):
    """The client's test_task_transfer, which the client decides alone."""
    from nuxeo.exceptions import BadQuery
    with pytest.raises(BadQuery) as error:
        nx.tasks.transfer(Task(), "bogus_transfer", {})
    assert str(error.value) == "Task transfer must be either delegate or reassign."


def test_models_and_their_graphs(nx, host, admin):
    models = nx.client.request("GET", "api/v1/workflowModel").json()
    assert models["entity-type"] == "workflows"
    assert sorted(entry["name"] for entry in models["entries"]) == sorted(MODELS)
    for name in MODELS:
        model = nx.client.request("GET", f"api/v1/workflowModel/{name}").json()
        assert (model["entity-type"], model["name"], model["workflowModelName"]) == ("workflow", name, name)
        assert model["graphResource"].endswith(f"/workflowModel/{name}/graph")
        graph = nx.client.request("GET", f"api/v1/workflowModel/{name}/graph").json()
        assert any(node["isStartNode"] for node in graph["nodes"]) and graph["transitions"]
    assert_nuxeo_exception(raw(host, admin, "GET", "workflowModel/NoSuchReview"), 404)
    assert_nuxeo_exception(raw(host, admin, "POST", "workflow", json={"workflowModelName": "NoSuchReview"}), 404)


def test_parallel_review_consolidates_and_approves(nx, member_nx, member, workflows, doc):
    """Two participants give their opinion in any order; the initiator then validates, which
    approves the document."""
    workflow = workflows.start("ParallelDocumentReview", doc)
    choose = nx.tasks.get({"workflowInstanceId": workflow.uid})[0]
    assert choose.name == "wf.parallelDocumentReview.chooseParticipants.title"
    choose.complete("start_review", variables={"participants": [f"user:{member[0]}", "Administrator"], "comment": "please"})

    opinions = nx.client.request("GET", f"api/v1/workflow/{workflow.uid}/task").json()["entries"]
    assert sorted(task["actors"][0]["id"] for task in opinions) == sorted([f"user:{member[0]}", "Administrator"])
    assert {task["nodeName"] for task in opinions} == {"giveOpinion"}

    mine = member_nx.tasks.get()
    assert len(mine) == 1 and mine[0].workflowInstanceId == workflow.uid
    assert member_nx.documents.get(uid=doc.uid).uid == doc.uid
    mine[0].complete("reject", comment="not yet")
    assert nx.tasks.get({"workflowInstanceId": workflow.uid, "workflowModelName": "ParallelDocumentReview"})[0].nodeName == "giveOpinion"

    own = nx.tasks.get({"workflowInstanceId": workflow.uid})[0]
    own.complete("approve")
    consolidate = nx.tasks.get({"workflowInstanceId": workflow.uid})
    assert [task.nodeName for task in consolidate] == ["consolidate"] and consolidate[0].actors == [{"id": "Administrator"}]
    results = nx.workflows.get(workflow.uid).variables["review_result"]
    assert [(r["opinion"], r["comment"]) for r in results] == [("reject", "not yet"), ("approve", None)]

    consolidate[0].complete("validate")
    assert nx.workflows.get(workflow.uid).state == "done"
    assert nx.documents.get(uid=doc.uid).state == "approved"
    assert not doc.workflows


def test_serial_validation_goes_back_on_reject_and_approves_at_the_end(nx, member_nx, member, workflows, doc):
    workflow = workflows.start("SerialDocumentReview", doc)
    nx.tasks.get({"workflowInstanceId": workflow.uid})[0].complete("start_review", variables={
        "participants": ["Administrator", f"user:{member[0]}"], "validationOrReview": "validation",
    })
    nx.tasks.get({"workflowInstanceId": workflow.uid})[0].complete("validate")
    alice_task = member_nx.tasks.get()[0]
    assert alice_task.actors == [{"id": f"user:{member[0]}"}]
    assert can_write(member_nx, doc.uid), "a serial reviewer may edit the document"
    alice_task.complete("reject")
    assert not can_write(member_nx, doc.uid)
    back = nx.tasks.get({"workflowInstanceId": workflow.uid})
    assert [task.actors for task in back] == [[{"id": "Administrator"}]], "a reject goes back to the previous participant"
    back[0].complete("validate")
    member_nx.tasks.get()[0].complete("validate")
    assert nx.workflows.get(workflow.uid).state == "done"
    assert nx.documents.get(uid=doc.uid).state == "approved"


def test_who_may_act_on_a_task(nx, member_nx, member, host, admin, workflows, doc):
    workflow = workflows.start("SerialDocumentReview", doc)
    task = nx.tasks.get({"workflowInstanceId": workflow.uid})[0]
    alice = member

    # alice reads the document, so she sees the workflow and its task, but may not act on it.
    assert raw(host, alice, "GET", f"task/{task.uid}").status_code == 200
    assert member_nx.tasks.get() == []
    assert_nuxeo_exception(raw(host, alice, "PUT", f"task/{task.uid}/start_review", json={"entity-type": "task"}), 403)
    assert_nuxeo_exception(raw(host, alice, "PUT", f"task/{task.uid}/delegate", params={"delegatedActors": alice[0]}), 403)
    assert_nuxeo_exception(raw(host, alice, "DELETE", f"workflow/{workflow.uid}"), 403)
    assert_nuxeo_exception(raw(host, alice, "GET", "task", params={"userId": "Administrator"}), 403)

    # The administrator's mistakes are the API's errors.
    assert_nuxeo_exception(raw(host, admin, "PUT", f"task/{task.uid}/approve", json={}), 400)
    assert_nuxeo_exception(raw(host, admin, "PUT", f"task/{task.uid}/reassign", params={"actors": alice[0]}), 400)
    assert_nuxeo_exception(raw(host, admin, "PUT", f"task/{task.uid}/delegate", params={"delegatedActors": "user:nobody-here"}), 404)
    no_one = raw(host, admin, "PUT", f"task/{task.uid}/start_review", json={"variables": {"participants": []}})
    assert_nuxeo_exception(no_one, 400)
    unknown_group = raw(host, admin, "PUT", f"task/{task.uid}/start_review", json={"variables": {"participants": ["group:no-such-group"]}})
    assert_nuxeo_exception(unknown_group, 404)
    assert "group:no-such-group" in unknown_group.json()["message"]
    assert nx.tasks.get({"workflowInstanceId": workflow.uid})[0].uid == task.uid, "a refused completion leaves the task open"

    # Through the document's @task adapter, as Nuxeo's own test completes it.
    listed = nx.client.request("GET", f"api/v1/id/{doc.uid}/@task").json()["entries"]
    assert [entry["id"] for entry in listed] == [task.uid]
    done = nx.client.request(
        "PUT", f"api/v1/id/{doc.uid}/@task/{task.uid}/start_review",
        data={"entity-type": "task", "id": task.uid, "variables": {"participants": ["group:members"]}},
    ).json()
    assert done["state"] == "ended"
    assert_nuxeo_exception(raw(host, admin, "PUT", f"task/{task.uid}/start_review", json={}), 409)

    # A task for a group is every member's.
    group_task = member_nx.tasks.get()
    assert len(group_task) == 1 and group_task[0].actors == [{"id": "group:members"}]
    assert nx.client.request("GET", f"api/v1/id/{doc.uid}/@workflow/{workflow.uid}/task").json()["entries"][0]["id"] == group_task[0].uid


def test_someone_else_s_workflow_is_not_seen(nx, member_nx, member, host, workflows):
    workflow = workflows.start("ParallelDocumentReview")
    task = nx.tasks.get({"workflowInstanceId": workflow.uid})[0]
    for path in (f"workflow/{workflow.uid}", f"workflow/{workflow.uid}/graph", f"task/{task.uid}"):
        assert_nuxeo_exception(raw(host, member, "GET", path), 404)
    assert member_nx.workflows.get() == []
    private = create(nx, "/default-domain/workspaces", "File", unique("private"))
    try:
        nx.operations.execute(command="Document.AddPermission", input_obj=private.uid,
                              params={"permission": "Read", "username": member[0], "blockInheritance": True})
        assert_nuxeo_exception(raw(host, member, "POST", f"id/{private.uid}/@workflow", json={"workflowModelName": "SerialDocumentReview"}), 403)
    finally:
        nx.documents.delete(private.uid)


def test_cancelling_ends_the_tasks_and_their_rights(nx, member_nx, member, host, admin, workflows, doc):
    workflow = workflows.start("SerialDocumentReview", doc)
    nx.tasks.get({"workflowInstanceId": workflow.uid})[0].complete("start_review", variables={"participants": [member[0]]})
    assert can_write(member_nx, doc.uid)
    acl = nx.client.request("GET", f"api/v1/id/{doc.uid}/@acl").json()
    granted = [ace for entry in acl["acl"] for ace in entry["ace"] if ace["username"] == member[0]]
    assert granted and granted[0]["permission"] == "ReadWrite"

    workflow.delete()
    assert member_nx.tasks.get() == [] and workflows.get() == []
    assert nx.workflows.get(workflow.uid).state == "canceled"
    assert not can_write(member_nx, doc.uid)
    assert_nuxeo_exception(raw(host, admin, "DELETE", f"workflow/{workflow.uid}"), 409)


def test_a_workflow_starts_on_documents_in_the_project_state(nx, host, admin, workflows, doc):
    doc.follow_transition("approve")
    assert_nuxeo_exception(raw(host, admin, "POST", f"id/{doc.uid}/@workflow", json={"workflowModelName": "SerialDocumentReview"}), 400)
    assert_nuxeo_exception(raw(host, admin, "POST", "workflow", json={"attachedDocumentIds": [doc.uid]}), 400)
    assert_nuxeo_exception(raw(host, admin, "POST", "workflow", data="not json", headers={"Content-Type": "application/json"}), 400)
    assert workflows.get() == []


def test_document_enrichers_show_workflows_and_tasks(nx, member_nx, workflows, doc):
    """runningWorkflows, pendingTasks and runnableWorkflows, as Nuxeo's own tests read them."""
    enrichers = {"enrichers-document": "runningWorkflows,pendingTasks,runnableWorkflows"}

    def context(client):
        return client.client.request("GET", f"api/v1/id/{doc.uid}", headers=enrichers).json()["contextParameters"]

    before = context(nx)
    assert before["runningWorkflows"] == [] and before["pendingTasks"] == []
    assert sorted(model["name"] for model in before["runnableWorkflows"]) == sorted(MODELS)
    assert context(member_nx)["runnableWorkflows"] == [], "a reader may not start a review"

    workflow = workflows.start("ParallelDocumentReview", doc)
    during = context(member_nx)
    assert [wf["id"] for wf in during["runningWorkflows"]] == [workflow.uid]
    assert during["runningWorkflows"][0]["attachedDocumentIds"] == [{"id": doc.uid}]
    assert [task["targetDocumentIds"] for task in during["pendingTasks"]] == [[{"id": doc.uid}]]

    task = nx.tasks.get({"workflowInstanceId": workflow.uid})[0]
    task.complete("start_review", variables={"participants": ["Administrator"]})
    nx.tasks.get({"workflowInstanceId": workflow.uid})[0].complete("approve")
    nx.tasks.get({"workflowInstanceId": workflow.uid})[0].complete("validate")
    after = context(nx)
    assert after["runningWorkflows"] == [] and after["pendingTasks"] == []
    assert after["runnableWorkflows"] == [], "an approved document is out of the reviews' reach"


def test_a_task_completed_twice_at_once_ends_once(nx, host, admin, workflows, doc):
    """Two completions sent together: one moves the workflow on, the other is a 409; the
    workflow has exactly one next task."""
    from concurrent.futures import ThreadPoolExecutor

    workflow = workflows.start("SerialDocumentReview", doc)
    task = nx.tasks.get({"workflowInstanceId": workflow.uid})[0]
    body = {"entity-type": "task", "id": task.uid, "variables": {"participants": ["Administrator"]}}
    with ThreadPoolExecutor(max_workers=4) as pool:
        answers = list(pool.map(lambda _: raw(host, admin, "PUT", f"task/{task.uid}/start_review", json=body), range(4)))
    assert sorted(answer.status_code for answer in answers) == [200, 409, 409, 409], [a.text for a in answers]
    for answer in answers:
        if answer.status_code == 409:
            assert_nuxeo_exception(answer, 409)
    following = nx.tasks.get({"workflowInstanceId": workflow.uid})
    assert [t.nodeName for t in following] == ["documentValidation"]


def test_an_assignee_who_hands_a_task_on_gets_the_task_back(nx, member_nx, member, host, admin, workflows):
    """Reassigning takes the task from alice; her answer is still the task as it now is, though
    she no longer sees that workflow (it reviews no document)."""
    workflow = workflows.start("SerialDocumentReview")
    nx.tasks.get({"workflowInstanceId": workflow.uid})[0].complete("start_review", variables={"participants": [member[0]]})
    task = member_nx.tasks.get()[0]
    answer = raw(host, member, "PUT", f"task/{task.uid}/reassign", params={"actors": "user:Administrator", "comment": "yours"})
    assert answer.status_code == 200, answer.text
    assert answer.json()["actors"] == [{"id": "user:Administrator"}] and answer.json()["state"] == "opened"
    assert_nuxeo_exception(raw(host, member, "GET", f"task/{task.uid}"), 404)


def test_requests_are_bounded(nx, host, admin, workflows):
    too_large = {"workflowModelName": "SerialDocumentReview", "variables": {"initiatorComment": "x" * 70_000}}
    assert_nuxeo_exception(raw(host, admin, "POST", "workflow", json=too_large), 400)
    assert_nuxeo_exception(raw(host, admin, "POST", "workflow", json={"workflowModelName": "SerialDocumentReview", "variables": []}), 400)
    workflow = workflows.start("SerialDocumentReview")
    task = nx.tasks.get({"workflowInstanceId": workflow.uid})[0]
    many = ",".join(["Administrator"] * 101)
    assert_nuxeo_exception(raw(host, admin, "PUT", f"task/{task.uid}/delegate", params={"delegatedActors": many}), 400)
    long_comment = raw(host, admin, "PUT", f"task/{task.uid}/delegate", params={"delegatedActors": "Administrator", "comment": "c" * 10_001})
    assert_nuxeo_exception(long_comment, 400)
    assert_nuxeo_exception(raw(host, admin, "PUT", f"task/{task.uid}/start_review", json={"variables": "participants"}), 400)
