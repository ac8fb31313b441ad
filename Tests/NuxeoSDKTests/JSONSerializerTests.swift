import Foundation
import NuxeoSDK
import Testing

/// Entities to and from JSON, without a server.
struct JSONSerializerTests {
    /// A document as the REST API writes it (field order and values from Nuxeo's writer).
    static let documentJSON = """
        {
          "entity-type": "document",
          "repository": "default",
          "uid": "0178eb31-b1ca-49af-86b0-ff59d671dc91",
          "path": "/default-domain/workspaces/ws/file.txt",
          "type": "File",
          "state": "project",
          "parentRef": "6db16630-0000-0000-0000-000000000000",
          "isCheckedOut": true,
          "isRecord": false,
          "isVersion": false,
          "isProxy": false,
          "changeToken": "1-0",
          "isTrashed": false,
          "title": "file.txt",
          "versionLabel": "0.0",
          "lastModified": "2024-01-02T10:00:00.123Z",
          "properties": {
            "dc:title": "file.txt",
            "dc:subjects": ["a", "b"],
            "dc:expired": null,
            "uid:major_version": 0,
            "file:content": {"name": "Test.txt", "mime-type": "text/plain", "encoding": null, "digestAlgorithm": "MD5",
                             "digest": "8d777f385d3dfec8815d20f7496026dc", "length": "4"},
            "files:files": [{"file": {"name": "second.txt", "digest": "abc"}}]
          },
          "facets": ["Downloadable", "Versionable"],
          "schemas": [{"name": "common", "prefix": "common"}],
          "contextParameters": {"permissions": ["Read", "Write"]}
        }
        """

    @Test func documentFromRESTJSON() throws {
        let entity = try NUXJSONSerializer.entity(with: Data(Self.documentJSON.utf8))
        let document = try #require(entity as? NUXDocument)
        #expect(document.entityType == "document")
        #expect(document.repository == "default")
        #expect(document.uid == "0178eb31-b1ca-49af-86b0-ff59d671dc91")
        #expect(document.entityId == document.uid)
        #expect(document.name == "file.txt", "without a name field, the last path segment")
        #expect(document.path == "/default-domain/workspaces/ws/file.txt")
        #expect(document.type == "File")
        #expect(document.state == "project")
        #expect(document.versionLabel == "0.0")
        #expect(document.parentRef == "6db16630-0000-0000-0000-000000000000")
        #expect(document.title == "file.txt")
        #expect(document.changeToken == "1-0")
        #expect(document.isCheckedOut)
        #expect(abs((document.lastModified?.timeIntervalSince1970 ?? 0) - 1_704_189_600.123) < 0.0005)
        #expect(document.facets == ["Downloadable", "Versionable"])
        #expect(document.contextParameters["permissions"] == ["Read", "Write"])
        #expect(document.properties["dc:subjects"] == ["a", "b"])
        #expect(document.properties["dc:expired"] == .null)
        #expect(document.properties["uid:major_version"]?.intValue == 0)
        #expect(document.property(atXPath: "file:content")?["length"]?.intValue == 4)
        #expect(document.property(atXPath: "files:files/0/file/name") == "second.txt")
        #expect(document.property(atXPath: "files:files/1/file") == nil)
    }

    @Test(arguments: [
        ("2024-01-02T10:00:00.123Z", 1_704_189_600.123),
        ("2024-01-02T10:00:00Z", 1_704_189_600),
        ("2024-01-02T10:00:00.12+0000", 1_704_189_600.12),
        ("2024-01-02T11:00:00.5+01:00", 1_704_189_600.5),
    ])
    func lastModifiedWithAndWithoutFractionalSeconds(text: String, seconds: Double) throws {
        let json = #"{"entity-type":"document","uid":"u","lastModified":"\#(text)"}"#
        let document = try NUXJSONSerializer.entity(NUXDocument.self, with: Data(json.utf8))
        let date = try #require(document.lastModified)
        #expect(abs(date.timeIntervalSince1970 - seconds) < 0.0005)
    }

    @Test func unreadableDateIsNil() throws {
        let document = try NUXJSONSerializer.entity(NUXDocument.self, with: Data(#"{"entity-type":"document","lastModified":"yesterday"}"#.utf8))
        #expect(document.lastModified == nil)
        #expect(document.properties.isEmpty && document.facets.isEmpty && !document.isCheckedOut)
    }

    @Test func documentRoundTrip() throws {
        let document = try NUXJSONSerializer.entity(NUXDocument.self, with: Data(Self.documentJSON.utf8))
        let data = try NUXJSONSerializer.data(with: document)
        let json = try NUXJSONValue(jsonData: data)
        #expect(json["entity-type"] == "document")
        #expect(json["lastModified"] == "2024-01-02T10:00:00.123Z")
        #expect(json["name"] == "file.txt")
        #expect(json["properties"]?["dc:expired"] == .null)
        let again = try NUXJSONSerializer.entity(NUXDocument.self, with: data)
        #expect(again == document)
        #expect(again.properties == document.properties)
        #expect(again.lastModified == document.lastModified)
        #expect(String(decoding: data, as: UTF8.self).contains("/default-domain/workspaces/ws/file.txt"), "slashes are not escaped")
    }

    @Test func equalityIsUidAndChangeToken() {
        var a = NUXDocument(type: "File")
        a.uid = "u1"
        a.changeToken = "1"
        a.title = "A"
        var b = a
        b.title = "B"
        #expect(a == b)
        b.changeToken = "2"
        #expect(a != b)
        var c = a
        c.uid = "u2"
        #expect(a != c)
    }

    @Test func paginatedDocuments() throws {
        let json = """
            {"entity-type":"documents","isPaginable":true,"resultsCount":39,"pageSize":2,"maxPageSize":1000,
             "resultsCountLimit":-1,"currentPageSize":2,"currentPageIndex":1,"currentPageOffset":2,"numberOfPages":20,
             "isPreviousPageAvailable":true,"isNextPageAvailable":true,"isLastPageAvailable":true,"isSortable":true,
             "hasError":false,"errorMessage":null,"totalSize":39,"pageIndex":1,"pageCount":20,
             "entries":[{"entity-type":"document","uid":"a","path":"/a"},{"entity-type":"document","uid":"b","path":"/b"}]}
            """
        let entity = try NUXJSONSerializer.entity(with: Data(json.utf8))
        let documents = try #require(entity as? NUXDocuments)
        #expect(documents.isPaginable)
        #expect(documents.resultsCount == 39 && documents.totalSize == 39)
        #expect(documents.pageSize == 2 && documents.maxPageSize == 1000 && documents.currentPageSize == 2)
        #expect(documents.currentPageIndex == 1 && documents.pageIndex == 1)
        #expect(documents.numberOfPages == 20 && documents.pageCount == 20)
        #expect(documents.isPreviousPageAvailable && documents.isNextPageAvailable && documents.isLastPageAvailable)
        #expect(documents.isSortable && !documents.hasError && documents.errorMessage == nil)
        #expect(documents.entries.map(\.uid) == ["a", "b"])
        #expect(documents.entries.map(\.name) == ["a", "b"])

        let plain = try NUXJSONSerializer.entity(NUXDocuments.self, with: Data(#"{"entity-type":"documents","entries":[]}"#.utf8))
        #expect(!plain.isPaginable && !plain.isNextPageAvailable && plain.entries.isEmpty)

        let again = try NUXJSONSerializer.entity(NUXDocuments.self, with: NUXJSONSerializer.data(with: documents))
        #expect(again.entries == documents.entries && again.numberOfPages == 20 && again.isNextPageAvailable)
    }

    @Test func whatIsNotAnEntity() {
        #expect(throws: NUXError.notAnEntity) { try NUXJSONSerializer.entity(with: Data(#"{"uid":"x"}"#.utf8)) }
        #expect(throws: NUXError.notAnEntity) { try NUXJSONSerializer.entity(with: Data("[1, 2]".utf8)) }
        #expect(throws: NUXError.notAnEntity) { try NUXJSONSerializer.entity(with: Data("not json".utf8)) }
        #expect(throws: NUXError.unknownEntityType("exception")) {
            try NUXJSONSerializer.entity(with: Data(#"{"entity-type":"exception","status":404}"#.utf8))
        }
        #expect(throws: NUXError.unexpectedEntityType(expected: "document", found: "documents")) {
            try NUXJSONSerializer.entity(NUXDocument.self, with: Data(#"{"entity-type":"documents"}"#.utf8))
        }
    }

    /// An entity type of the app's own: the automation login info.
    struct LoginInfo: NUXEntity, Equatable {
        static let entityType = "login"
        var username: String
        var isAdministrator: Bool
    }

    @Test func registeredEntityTypes() throws {
        let mapper = NUXJSONMapper()
        #expect(mapper.entityClass(forType: "document") == NUXDocument.self)
        #expect(mapper.entityClass(forType: "documents") == NUXDocuments.self)
        #expect(mapper.entityMapping.count == 2)
        let json = Data(#"{"entity-type":"login","username":"Administrator","isAdministrator":true,"groups":[]}"#.utf8)
        #expect(throws: NUXError.unknownEntityType("login")) { try NUXJSONSerializer.entity(with: json, mapper: mapper) }
        mapper.register(LoginInfo.self)
        let entity = try NUXJSONSerializer.entity(with: json, mapper: mapper)
        #expect(entity as? LoginInfo == LoginInfo(username: "Administrator", isAdministrator: true))
        #expect(entity.entityType == "login")
        #expect(NUXJSONMapper.shared.entityClass(forType: "login") == nil, "a mapper of its own leaves the shared one alone")
    }

    @Test func jsonValues() throws {
        let value: NUXJSONValue = ["text": "a", "int": 4, "double": 1.5, "bool": true, "null": nil, "list": [1, "two"], "nested": ["x": ["y": 7]]]
        let decoded = try NUXJSONValue(jsonData: value.jsonData())
        #expect(decoded == value)
        #expect(decoded["text"]?.stringValue == "a")
        #expect(decoded["int"]?.intValue == 4 && decoded["int"]?.doubleValue == 4)
        #expect(decoded["double"]?.doubleValue == 1.5 && decoded["double"]?.intValue == nil)
        #expect(decoded["bool"]?.boolValue == true && decoded["bool"]?.intValue == nil)
        #expect(decoded["null"]?.isNull == true)
        #expect(decoded["list"]?[1] == "two" && decoded["list"]?[2] == nil)
        #expect(decoded.value(atPath: "nested/x/y") == 7)
        #expect(decoded.value(atPath: "list/0") == 1)
        #expect(NUXJSONValue.string("12").intValue == 12)
        #expect(try NUXJSONValue(jsonData: Data("[true, 0, 1]".utf8)) == [true, 0, 1], "booleans and numbers stay apart")
    }
}
