"""Property indexes (`chancery index`) next to the running server: an index added to a
populated repository reports its progress and leaves every answer of the official client's
queries as it was; the properties clients query most are indexed from the start."""

import pytest

from .support import create, query, unique

CONDITIONS = (
    "dc:source = 'src-3'", "dc:source IN ('src-1', 'other/x')", "dc:source < 'src-2'", "dc:source BETWEEN 'src-1' AND 'src-3'",
    "dc:source STARTSWITH 'other'", "dc:source <> 'src-3'", "dc:source LIKE 'src-1%'", "dc:source IS NULL",
)


@pytest.fixture
def sourced(nx, folder):
    """Files whose dc:source values the conditions pick among, and one without a source."""
    for number, source in enumerate([f"src-{n}" for n in range(6)] + ["other/x", "other", None]):
        properties = {"dc:source": source} if source is not None else {}
        create(nx, folder.path, "File", f"f{number}", properties=properties)
    return folder


def answers(nx, folder):
    return [
        sorted(doc.uid for doc in query(nx, f"SELECT * FROM File WHERE ecm:path STARTSWITH '{folder.path}' AND {condition}")["entries"])
        for condition in CONDITIONS
    ]


def test_an_index_added_next_to_the_server_changes_no_answer(server, nx, sourced):
    before = answers(nx, sourced)
    assert [len(ids) for ids in before] == [1, 2, 4, 3, 2, 8, 1, 1], before

    listed = server.cli("index", "list").stdout
    for prop in ("dc:title", "dc:creator", "dc:created", "dc:modified", "file:content/name", "file:content/digest"):
        assert f"\n{prop} " in listed, listed
    assert "dc:source" not in listed

    added = server.cli("index", "add", "dc:source")
    assert added.stdout.startswith("indexed dc:source in "), added.stdout
    progress = added.stderr.splitlines()
    assert progress[0].startswith("indexing dc:source: starting 0% (0 of "), added.stderr
    assert progress[-1].startswith("indexing dc:source: done 100% ("), added.stderr
    assert "dc:source" in server.cli("index", "list").stdout
    assert server.cli("index", "add", "dc:source").stdout.strip() == "dc:source is indexed already"
    assert answers(nx, sourced) == before

    # Writes after the index are found through it.
    late = create(nx, sourced.path, "File", unique("late"), properties={"dc:source": "src-3"})
    after = answers(nx, sourced)
    assert sorted(after[0]) == sorted(before[0] + [late.uid])

    assert server.cli("index", "remove", "dc:source").stdout.strip() == "removed the index of dc:source"
    assert answers(nx, sourced) == after


def test_lists_and_unknown_properties_are_refused(server):
    import subprocess
    for prop, reason in (("dc:subjects", "holds a list"), ("nope:x", "is not a document property")):
        command = [server.binary, "index", "add", prop, "--data", str(server.data_dir), *server._database_args()]
        result = subprocess.run(command, capture_output=True, text=True, timeout=60)
        assert result.returncode != 0 and reason in result.stderr, result
