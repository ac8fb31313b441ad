"""Comments through the official client (`nuxeo.comments` and `Document.comment`): create, read,
list with paging, update, replies and their summary, delete with the replies, and who may do
what (spec 1.x `@comment`)."""

import pytest
from nuxeo.exceptions import Forbidden, HTTPError

from .support import create, unique


@pytest.fixture
def doc(nx, folder):
    return create(nx, folder.path, "File", unique("commented"))


def test_comment_read_update_and_delete(nx, doc):
    comment = doc.comment("First thoughts")
    assert comment.entity_type == "comment"
    assert comment.parentId == doc.uid and comment.ancestorIds == [doc.uid]
    assert comment.author == "Administrator" and comment.text == "First thoughts"
    assert comment.creationDate and comment.modificationDate is None
    assert comment.numberOfReplies == 0 and not comment.has_replies()

    fetched = nx.comments.get(doc.uid, uid=comment.uid)
    assert (fetched.uid, fetched.text) == (comment.uid, "First thoughts")

    fetched.text = "Second thoughts"
    nx.comments.put(fetched)
    again = nx.comments.get(doc.uid, uid=comment.uid)
    assert again.text == "Second thoughts" and again.modificationDate is not None

    comment.delete()
    with pytest.raises(HTTPError) as error:
        nx.comments.get(doc.uid, uid=comment.uid)
    assert error.value.status == 404
    assert doc.comments() == []


def test_comments_are_listed_oldest_first_and_paged(nx, doc):
    texts = [f"note {index}" for index in range(5)]
    for text in texts:
        doc.comment(text)
    assert [comment.text for comment in doc.comments()] == texts
    first = nx.comments.get(doc.uid, params={"pageSize": 2, "currentPageIndex": 0})
    second = nx.comments.get(doc.uid, params={"pageSize": 2, "currentPageIndex": 1})
    assert [c.text for c in first] == texts[:2] and [c.text for c in second] == texts[2:4]
    page = nx.client.request("GET", f"api/v1/id/{doc.uid}/@comment", params={"pageSize": 2}).json()
    assert page["entity-type"] == "comments" and page["resultsCount"] == 5 and page["isNextPageAvailable"] is True


def test_replies_have_a_summary_and_go_with_their_comment(nx, doc):
    comment = doc.comment("Is this final?")
    reply = comment.reply("Not yet")
    assert reply.parentId == comment.uid and reply.ancestorIds == [doc.uid, comment.uid]
    nested = reply.reply("When then?")
    assert nested.ancestorIds == [doc.uid, comment.uid, reply.uid]
    assert [r.text for r in comment.replies()] == ["Not yet"]
    refreshed = nx.comments.get(doc.uid, uid=comment.uid)
    assert refreshed.numberOfReplies == 1 and refreshed.lastReplyDate == reply.creationDate
    assert [c.text for c in doc.comments()] == ["Is this final?"], "replies are not the document's comments"

    comment.delete()
    for gone in (comment, reply, nested):
        with pytest.raises(HTTPError) as error:
            nx.client.request("GET", f"api/v1/id/{gone.uid}")
        assert error.value.status == 404


def test_readers_comment_and_only_authors_change_their_comments(nx, member_nx, member, doc):
    nx.operations.execute(command="Document.BlockPermissionInheritance", input_obj=doc.path)
    with pytest.raises(Forbidden):
        member_nx.comments.get(doc.uid)
    with pytest.raises(Forbidden):
        member_nx.comments.create(doc.uid, "not allowed to read it")
    doc.add_permission({"username": member[0], "permission": "Read"})
    mine = member_nx.comments.create(doc.uid, "A reader's remark")
    assert mine.author == member[0]
    admins = doc.comment("The owner's remark")
    with pytest.raises(Forbidden):
        member_nx.comments.put(member_nx.comments.get(doc.uid, uid=admins.uid).__class__(
            id=admins.uid, parentId=doc.uid, text="rewritten by someone else"))
    with pytest.raises(Forbidden):
        member_nx.comments.delete(admins.uid)
    mine.text = "A reader's remark, edited"
    member_nx.comments.put(mine)
    member_nx.comments.delete(mine.uid)
    assert [c.text for c in doc.comments()] == ["The owner's remark"]


def test_a_comment_needs_a_text(nx, doc):
    for body in ({"entity-type": "comment", "parentId": doc.uid}, {"entity-type": "comment", "text": "   "}):
        with pytest.raises(HTTPError) as error:
            nx.client.request("POST", f"api/v1/id/{doc.uid}/@comment", data=body)
        assert error.value.status == 400
