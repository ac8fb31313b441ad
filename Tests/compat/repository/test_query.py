"""NXQL through the official client (`documents.query` = GET api/v1/query/NXQL, `client.query` =
GET api/v1/search/lang/NXQL/execute) and the page providers it names (spec 3).

The module builds a small corpus of its own and every query is confined to it (by parent,
ancestor or path), so documents of other tests never change the expected answers:

    corpus/
      alpha     File           "First Quokka document", subjects art+science, alpha.txt, files: extra-a.txt
      bravo     File           no description, subjects science, bravo.pdf, lifecycle state approved
      charlie   Note           "zebra crossing"
      delta     Folder         "quokka zebra"
        golf    File  (title golf's)
        hotel   Folder
      echo_1    File           "echo", in the trash
      foxtrot   OrderedFolder  "penguin"

Titles start with distinct letters, so orders do not depend on the database's collation. The
blobs are attached by a fixture of their own (`blobs`), used by the tests that need them, so that
an upload problem does not hide what the rest of the query language does.
"""

import pytest
from nuxeo.exceptions import HTTPError
from nuxeo.models import Document

from .support import assert_paginated, create, file_blob, query, titles, unique

DIRECT = ["alpha", "bravo", "charlie", "delta", "echo_1", "foxtrot"]
NOT_TRASHED = ["alpha", "bravo", "charlie", "delta", "foxtrot"]


@pytest.fixture(scope="module")
def corpus(nx, workspace):
    root = create(nx, workspace.path, "Folder", unique("corpus"), title="corpus")
    docs = {"corpus": root}
    docs["alpha"] = create(
        nx, root.path, "File", "alpha",
        properties={"dc:description": "First Quokka document", "dc:subjects": ["art", "science"]},
    )
    docs["bravo"] = create(nx, root.path, "File", "bravo", properties={"dc:subjects": ["science"]})
    nx.documents.follow_transition(docs["bravo"].uid, "approve")
    docs["charlie"] = create(
        nx, root.path, "Note", "charlie", properties={"dc:description": "zebra crossing", "note:note": "hello"}
    )
    docs["delta"] = create(nx, root.path, "Folder", "delta", properties={"dc:description": "quokka zebra"})
    docs["golf"] = create(nx, docs["delta"].path, "File", "golf", title="golf's", properties={"dc:description": "inside"})
    docs["hotel"] = create(nx, docs["delta"].path, "Folder", "hotel")
    docs["echo_1"] = create(nx, root.path, "File", "echo_1", properties={"dc:description": "echo"})
    nx.documents.trash(docs["echo_1"].uid)
    docs["foxtrot"] = create(nx, root.path, "OrderedFolder", "foxtrot", properties={"dc:description": "penguin"})
    yield docs
    nx.documents.delete(root.uid)


@pytest.fixture(scope="module")
def blobs(nx, corpus, tmp_path_factory):
    """alpha.txt (and extra-a.txt in files:files) on alpha, bravo.pdf on bravo, referenced by
    `upload-batch` in PUT bodies."""
    tmp = tmp_path_factory.mktemp("corpus")
    main = nx.uploads.batch().upload(file_blob(tmp, "alpha.txt", b"alpha content", "text/plain"))
    extra = nx.uploads.batch().upload(file_blob(tmp, "extra-a.txt", b"extra", "text/plain"))
    pdf = nx.uploads.batch().upload(file_blob(tmp, "bravo.pdf", b"%PDF-1.4 not really", "application/pdf"))
    alpha = {"file:content": main, "files:files": [{"file": extra}]}
    nx.documents.put(Document(uid=corpus["alpha"].uid, properties=alpha))
    nx.documents.put(Document(uid=corpus["bravo"].uid, properties={"file:content": pdf}))
    return corpus


def under(nx, corpus, clause, **params):
    """Sorted titles of the corpus's direct children matching `clause`."""
    nxql = f"SELECT * FROM Document WHERE ecm:parentId = '{corpus['corpus'].uid}' AND ({clause})"
    return sorted(titles(query(nx, nxql, **params)))


# MARK: predicates


@pytest.mark.parametrize(
    "clause, expected",
    [
        ("dc:title = 'bravo'", ["bravo"]),
        ('dc:title = "bravo"', ["bravo"]),
        ("dc:title <> 'bravo'", ["alpha", "charlie", "delta", "echo_1", "foxtrot"]),
        ("dc:title != 'bravo'", ["alpha", "charlie", "delta", "echo_1", "foxtrot"]),
        ("dc:title < 'charlie'", ["alpha", "bravo"]),
        ("dc:title >= 'echo_1'", ["echo_1", "foxtrot"]),
        ("ecm:primaryType IN ('Note', 'OrderedFolder')", ["charlie", "foxtrot"]),
        ("ecm:primaryType NOT IN ('File')", ["charlie", "delta", "foxtrot"]),
        ("dc:title BETWEEN 'bravo' AND 'delta'", ["bravo", "charlie", "delta"]),
        ("dc:title NOT BETWEEN 'bravo' AND 'delta'", ["alpha", "echo_1", "foxtrot"]),
        ("dc:description LIKE '%quokka%'", ["delta"]),
        ("dc:description ILIKE '%QUOKKA%'", ["alpha", "delta"]),
        ("dc:title LIKE 'a%'", ["alpha"]),
        ("dc:title LIKE 'ech__1'", ["echo_1"]),
        ("dc:title NOT LIKE '%o%'", ["alpha", "charlie", "delta"]),
        ("dc:title NOT ILIKE '%O%'", ["alpha", "charlie", "delta"]),
        ("dc:description IS NULL", ["bravo"]),
        ("dc:description IS NOT NULL", ["alpha", "charlie", "delta", "echo_1", "foxtrot"]),
        ("(dc:title = 'alpha' OR dc:title = 'charlie') AND ecm:primaryType = 'Note'", ["charlie"]),
        ("NOT (ecm:primaryType = 'File')", ["charlie", "delta", "foxtrot"]),
        ("dc:title = 'alpha' OR NOT dc:title <> 'bravo'", ["alpha", "bravo"]),
    ],
)
def test_predicates(nx, corpus, clause, expected):
    assert under(nx, corpus, clause) == expected


@pytest.mark.parametrize(
    "clause, expected",
    [
        ("ecm:primaryType = 'File'", ["alpha", "bravo", "echo_1"]),
        ("ecm:mixinType = 'Folderish'", ["delta", "foxtrot"]),
        ("ecm:mixinType <> 'Folderish'", ["alpha", "bravo", "charlie", "echo_1"]),
        ("ecm:mixinType != 'HiddenInNavigation'", DIRECT),
        ("ecm:mixinType = 'Orderable'", ["foxtrot"]),
        ("ecm:mixinType IN ('Versionable')", ["alpha", "bravo", "charlie", "echo_1"]),
        ("ecm:name = 'charlie'", ["charlie"]),
        ("ecm:currentLifeCycleState = 'approved'", ["bravo"]),
        ("ecm:currentLifeCycleState = 'project'", ["alpha", "charlie", "delta", "echo_1", "foxtrot"]),
        ("ecm:isTrashed = 1", ["echo_1"]),
        ("ecm:isTrashed = 0", NOT_TRASHED),
        ("ecm:isVersion = 0 AND ecm:isProxy = 0", DIRECT),
        ("ecm:isVersion = 1", []),
    ],
)
def test_pseudo_properties(nx, corpus, clause, expected):
    assert under(nx, corpus, clause) == expected


def test_identity_pseudo_properties(nx, corpus):
    alpha = corpus["alpha"]
    assert under(nx, corpus, f"ecm:uuid = '{alpha.uid}'") == ["alpha"]
    assert under(nx, corpus, f"ecm:path = '{alpha.path}'") == ["alpha"]
    assert under(nx, corpus, f"ecm:uuid <> '{alpha.uid}'") == DIRECT[1:]
    delta = corpus["delta"]
    assert sorted(titles(query(nx, f"SELECT * FROM Document WHERE ecm:parentId = '{delta.uid}'"))) == ["golf's", "hotel"]
    assert sorted(titles(query(nx, f"SELECT * FROM Document WHERE ecm:ancestorId = '{delta.uid}'"))) == ["golf's", "hotel"]
    everything = sorted(DIRECT + ["golf's", "hotel"])
    root = corpus["corpus"]
    assert sorted(titles(query(nx, f"SELECT * FROM Document WHERE ecm:ancestorId = '{root.uid}'"))) == everything


def test_startswith_is_strictly_under(nx, corpus):
    root, delta = corpus["corpus"], corpus["delta"]
    everything = sorted(DIRECT + ["golf's", "hotel"])
    assert sorted(titles(query(nx, f"SELECT * FROM Document WHERE ecm:path STARTSWITH '{root.path}'"))) == everything
    assert sorted(titles(query(nx, f"SELECT * FROM Document WHERE ecm:path STARTSWITH '{delta.path}'"))) == ["golf's", "hotel"]
    # A sibling whose name merely starts with the same characters is not under it.
    assert titles(query(nx, f"SELECT * FROM Document WHERE ecm:path STARTSWITH '{delta.path}/hot'")) == []


@pytest.mark.parametrize(
    "doc_type, expected",
    [
        ("Document", DIRECT),
        ("File", ["alpha", "bravo", "echo_1"]),
        ("Note", ["charlie"]),
        # A type matches its subtypes: OrderedFolder extends Folder.
        ("Folder", ["delta", "foxtrot"]),
        ("OrderedFolder", ["foxtrot"]),
    ],
)
def test_from_type_includes_subtypes(nx, corpus, doc_type, expected):
    nxql = f"SELECT * FROM {doc_type} WHERE ecm:parentId = '{corpus['corpus'].uid}'"
    assert sorted(titles(query(nx, nxql))) == expected


def test_keywords_are_case_insensitive(nx, corpus):
    nxql = (
        f"select * from document where ecm:parentId = '{corpus['corpus'].uid}'"
        " and dc:title in ('alpha', 'bravo') order by dc:title desc"
    )
    assert titles(query(nx, nxql)) == ["bravo", "alpha"]


@pytest.mark.parametrize(
    "clause, expected",
    [
        ("dc:subjects = 'science'", ["alpha", "bravo"]),
        ("dc:subjects = 'art'", ["alpha"]),
        ("dc:subjects/* = 'art'", ["alpha"]),
        ("dc:subjects IN ('art', 'nothing')", ["alpha"]),
        ("dc:subjects <> 'science'", ["charlie", "delta", "echo_1", "foxtrot"]),
        ("dc:subjects NOT IN ('art')", ["bravo", "charlie", "delta", "echo_1", "foxtrot"]),
        ("dc:subjects LIKE 'sci%'", ["alpha", "bravo"]),
    ],
)
def test_list_property(nx, corpus, clause, expected):
    assert under(nx, corpus, clause) == expected


@pytest.mark.parametrize(
    "clause, expected",
    [
        ("file:content/name = 'alpha.txt'", ["alpha"]),
        ("file:content/name LIKE '%.pdf'", ["bravo"]),
        ("file:content/mime-type = 'application/pdf'", ["bravo"]),
        ("file:content/name IS NULL AND ecm:primaryType = 'File'", ["echo_1"]),
        ("files:files/*/file/name = 'extra-a.txt'", ["alpha"]),
    ],
)
def test_complex_property_paths(nx, corpus, blobs, clause, expected):
    assert under(nx, corpus, clause) == expected


@pytest.mark.parametrize(
    "clause, expected",
    [
        ("dc:created > TIMESTAMP '2000-01-01 00:00:00'", DIRECT),
        ("dc:created < DATE '2000-01-01'", []),
        ("dc:created BETWEEN DATE '2000-01-01' AND DATE '2999-12-31'", DIRECT),
        ("dc:modified >= TIMESTAMP '2000-01-01 00:00:00.000' AND dc:modified < DATE '2999-01-01'", DIRECT),
        ("dc:created <= NOW()", DIRECT),
        ("dc:created > NOW('-P1D')", DIRECT),
        ("dc:created > NOW('P1D')", []),
    ],
)
def test_dates(nx, corpus, clause, expected):
    assert under(nx, corpus, clause) == expected


def test_escaped_quotes_in_literals(nx, corpus):
    root = corpus["corpus"].uid
    assert titles(query(nx, f"SELECT * FROM Document WHERE ecm:ancestorId = '{root}' AND dc:title = 'golf\\'s'")) == ["golf's"]
    assert titles(query(nx, f"SELECT * FROM Document WHERE ecm:ancestorId = '{root}' AND dc:title = \"golf's\"")) == ["golf's"]


def test_query_endpoint_without_language_and_named_parameters(nx, corpus):
    nxql = f"SELECT * FROM Document WHERE ecm:parentId = '{corpus['corpus'].uid}' AND dc:title = :title"
    answer = nx.client.request("GET", "api/v1/query", params={"query": nxql, "title": "charlie"}).json()
    assert [entry["title"] for entry in answer["entries"]] == ["charlie"]


@pytest.mark.parametrize(
    "nxql",
    ["SELECT * FROM Document WHERE", "SELECT * FROM NoSuchType", "SELECT * FROM Document WHERE dc:title = 'unclosed"],
)
def test_invalid_query_is_400(nx, nxql):
    with pytest.raises(HTTPError) as error:
        query(nx, nxql)
    assert error.value.status == 400, error.value


def test_unknown_property_matches_nothing(nx, corpus):
    assert under(nx, corpus, "dc:nonexistent = 'x'") == []
    # The client's own test_query_empty: an unprefixed field, double quotes, through client.query.
    answer = nx.client.query('SELECT * FROM Document WHERE uid = "non-existant-ahah"', params={"properties": "*"})
    assert not answer.get("entries")


def test_unicode_literal(nx, folder):
    create(nx, folder.path, "File", "日本.txt", properties={"dc:description": "ру́сский текст"})
    base = f"SELECT * FROM Document WHERE ecm:parentId = '{folder.uid}'"
    assert titles(query(nx, base + " AND dc:title = '日本.txt'")) == ["日本.txt"]
    assert titles(query(nx, base + " AND dc:description LIKE 'ру́сский%'")) == ["日本.txt"]


# MARK: order


def test_order_by(nx, corpus):
    base = f"SELECT * FROM Document WHERE ecm:parentId = '{corpus['corpus'].uid}'"
    assert titles(query(nx, base + " ORDER BY dc:title")) == DIRECT
    assert titles(query(nx, base + " ORDER BY dc:title ASC")) == DIRECT
    assert titles(query(nx, base + " ORDER BY dc:title DESC")) == DIRECT[::-1]
    assert titles(query(nx, base + " ORDER BY ecm:primaryType, dc:title DESC")) == [
        "echo_1", "bravo", "alpha", "delta", "charlie", "foxtrot",
    ]


def test_sort_parameters(nx, corpus):
    base = f"SELECT * FROM Document WHERE ecm:parentId = '{corpus['corpus'].uid}'"
    assert titles(query(nx, base, sortBy="dc:title", sortOrder="asc")) == DIRECT
    assert titles(query(nx, base, sortBy="dc:title", sortOrder="desc")) == DIRECT[::-1]
    assert titles(query(nx, base, sortBy="ecm:primaryType,dc:title", sortOrder="asc,desc")) == [
        "echo_1", "bravo", "alpha", "delta", "charlie", "foxtrot",
    ]


# MARK: full text


@pytest.mark.parametrize(
    "text, expected",
    [
        ("quokka", ["alpha", "delta"]),
        ("quokka zebra", ["delta"]),
        ("quokka -zebra", ["alpha"]),
        ("quokka OR crossing", ["alpha", "charlie", "delta"]),
        ('"zebra crossing"', ["charlie"]),
        ('"crossing zebra"', []),
        ("quok*", ["alpha", "delta"]),
        ("penguin", ["foxtrot"]),
        ("echo", ["echo_1"]),
        ("nosuchwordanywhere", []),
    ],
)
def test_fulltext(nx, corpus, text, expected):
    escaped = text.replace("'", "\\'")
    assert under(nx, corpus, f"ecm:fulltext = '{escaped}'") == expected


def test_fulltext_combined_and_on_one_field(nx, corpus):
    assert under(nx, corpus, "ecm:fulltext = 'zebra' AND ecm:primaryType = 'Folder'") == ["delta"]
    assert under(nx, corpus, "ecm:fulltext.dc:title = 'charlie'") == ["charlie"]
    assert under(nx, corpus, "ecm:fulltext.dc:title = 'quokka'") == []


def test_fulltext_follows_updates_and_deletes(nx, folder):
    doc = create(nx, folder.path, "File", "animal", properties={"dc:description": "walrus"})
    create(nx, folder.path, "Note", "other", properties={"dc:description": "unrelated"})
    base = f"SELECT * FROM Document WHERE ecm:parentId = '{folder.uid}' AND "
    assert titles(query(nx, base + "ecm:fulltext = 'walrus'")) == ["animal"]
    nx.documents.put(Document(uid=doc.uid, properties={"dc:description": "narwhal"}))
    assert titles(query(nx, base + "ecm:fulltext = 'walrus'")) == []
    assert titles(query(nx, base + "ecm:fulltext = 'narwhal'")) == ["animal"]
    nx.documents.delete(doc.uid)
    assert titles(query(nx, base + "ecm:fulltext = 'narwhal'")) == []


# MARK: paging


def test_query_paging(nx, corpus):
    base = f"SELECT * FROM Document WHERE ecm:parentId = '{corpus['corpus'].uid}' ORDER BY dc:title"
    page = query(nx, base, pageSize=2, currentPageIndex=1)
    assert_paginated(page, resultsCount=6, pageSize=2, currentPageIndex=1, currentPageSize=2, numberOfPages=3)
    assert titles(page) == ["charlie", "delta"]
    assert page["isPreviousPageAvailable"] is True and page["isNextPageAvailable"] is True
    last = query(nx, base, pageSize=2, currentPageIndex=2)
    assert titles(last) == ["echo_1", "foxtrot"]
    assert last["isNextPageAvailable"] is False and last["currentPageIndex"] == 2
    beyond = query(nx, base, pageSize=4, currentPageIndex=1)
    assert titles(beyond) == ["echo_1", "foxtrot"] and beyond["currentPageSize"] == 2
    whole = query(nx, base, pageSize=0)
    assert_paginated(whole, numberOfPages=1, currentPageSize=6, resultsCount=6)
    assert titles(whole) == DIRECT


def test_query_parameters(nx, corpus):
    answer = query(
        nx, "SELECT * FROM Document WHERE ecm:parentId = ? AND dc:title IN (?, ?) ORDER BY dc:title",
        queryParams=[corpus["corpus"].uid, "delta", "bravo"],
    )
    assert titles(answer) == ["bravo", "delta"]


def test_documents_query_of_the_domain(nx):
    """The client's own test_query."""
    answer = query(nx, "SELECT * FROM Document WHERE ecm:primaryType = 'Domain'")
    assert_paginated(answer, numberOfPages=1, currentPageSize=1, currentPageIndex=0, resultsCount=1)
    assert isinstance(answer["entries"][0], Document)
    assert answer["entries"][0].path == "/default-domain"


def test_client_query_search_endpoint(nx, corpus, blobs):
    answer = nx.client.query("SELECT * FROM Domain")
    assert [entry["path"] for entry in answer["entries"]] == ["/default-domain"]
    base = f"SELECT * FROM Document WHERE ecm:parentId = '{corpus['corpus'].uid}' AND ecm:isTrashed = 0"
    params = {"pageSize": 2, "currentPageIndex": 1, "sortBy": "dc:title", "sortOrder": "desc", "properties": "*"}
    answer = nx.client.query(base, params=params)
    assert answer["entity-type"] == "documents"
    assert answer["resultsCount"] == 5 and answer["currentPageIndex"] == 1
    assert [entry["title"] for entry in answer["entries"]] == ["charlie", "bravo"]
    assert answer["entries"][1]["properties"]["file:content"]["name"] == "bravo.pdf"


# MARK: page providers


def test_current_doc_children_of_the_domain(nx):
    """The client's own test_page_provider."""
    domain = nx.documents.get(path="/default-domain")
    answer = nx.documents.query({"pageProvider": "CURRENT_DOC_CHILDREN", "queryParams": [domain.uid]})
    assert_paginated(answer, numberOfPages=1, resultsCount=3, currentPageSize=3, currentPageIndex=0)
    assert sorted(entry.title for entry in answer["entries"]) == ["Sections", "Templates", "Workspaces"]


def test_current_doc_children_leaves_out_the_trash(nx, corpus):
    answer = nx.documents.query({"pageProvider": "CURRENT_DOC_CHILDREN", "queryParams": [corpus["corpus"].uid]})
    assert sorted(titles(answer)) == NOT_TRASHED


def test_document_content_paging_of_the_domain(nx):
    """The client's own test_page_provider_pagination."""
    domain = nx.documents.get(path="/default-domain")
    expected = [("Sections", True), ("Templates", True), ("Workspaces", False)]
    for index, (title, more) in enumerate(expected):
        answer = nx.documents.query({
            "pageProvider": "document_content", "queryParams": [domain.uid], "pageSize": 1,
            "currentPageIndex": index, "sortBy": "dc:title", "sortOrder": "asc",
        })
        assert answer["currentPageSize"] == 1 and answer["currentPageIndex"] == index
        assert answer["isNextPageAvailable"] is more, (index, answer["isNextPageAvailable"])
        assert [entry.title for entry in answer["entries"]] == [title]
        assert isinstance(answer["entries"][0], Document)


def test_document_content_of_the_corpus(nx, corpus):
    answer = nx.documents.query({
        "pageProvider": "document_content", "queryParams": corpus["corpus"].uid, "pageSize": 2,
        "currentPageIndex": 0, "sortBy": "dc:title", "sortOrder": "desc",
    })
    assert_paginated(answer, resultsCount=5, currentPageSize=2, numberOfPages=3)
    assert titles(answer) == ["foxtrot", "delta"]


def test_tree_children_with_enrichers(nx, corpus):
    """The client's test_document_get_children_with_with_provider: only folderish children,
    with the permissions and hasFolderishChild enrichers."""
    opts = {"pageProvider": "tree_children", "queryParams": corpus["corpus"].uid, "sortBy": "dc:title", "sortOrder": "asc"}
    answer = nx.documents.query(opts=opts, enrichers=["permissions", "hasFolderishChild"])
    assert titles(answer) == ["delta", "foxtrot"]
    delta, foxtrot = answer["entries"]
    assert delta.contextParameters["hasFolderishChild"] is True
    assert foxtrot.contextParameters["hasFolderishChild"] is False
    assert "Everything" in delta.contextParameters["permissions"]

    one = nx.documents.query(opts=dict(opts, pageSize=1), enrichers=["permissions", "hasFolderishChild"])
    assert len(one["entries"]) == 1 and one["resultsCount"] == 2 and one["isNextPageAvailable"] is True
    assert one["entries"][0].contextParameters["permissions"]
    assert "hasFolderishChild" in one["entries"][0].contextParameters
