import Testing

@testable import Repository

@Suite("Nuxeo paths")
struct NuxeoPathTests {
    @Test("both roots, both document forms, the root's empty segment and adapters are understood")
    func documents() {
        #expect(NuxeoPath("/nuxeo/api/v1/repo/default/path/") == .document(.path("/"), adapters: []))
        #expect(NuxeoPath("/nuxeo/api/v1/repo/default/path//@children") == .document(.path("/"), adapters: ["@children"]))
        #expect(
            NuxeoPath("/nuxeo/site/api/v1/path/default-domain/a%20b%20(2)/%E6%97%A5.txt")
                == .document(.path("/default-domain/a b (2)/\u{65e5}.txt"), adapters: []))
        #expect(NuxeoPath("/nuxeo/api/v1/id/U1/@blob/files:files/0/file") == .document(.id("U1"), adapters: ["@blob", "files:files", "0", "file"]))
        #expect(NuxeoPath("/nuxeo/api/v1/repo/other/id/U1") == .unknown)
    }

    @Test("automation, queries, uploads and the top-level resources have their paths")
    func others() {
        #expect(NuxeoPath("/nuxeo/site/automation") == .automation([]))
        #expect(NuxeoPath("/nuxeo/api/v1/automation/Document.Fetch") == .automation(["Document.Fetch"]))
        #expect(NuxeoPath("/nuxeo/api/v1/query/NXQL") == .query(provider: "NXQL"))
        #expect(NuxeoPath("/nuxeo/api/v1/search/lang/NXQL/execute") == .searchNXQL)
        #expect(NuxeoPath("/nuxeo/api/v1/upload/") == .upload([]))
        #expect(NuxeoPath("/nuxeo/api/v1/upload/b1/0/execute/Blob.Attach") == .upload(["b1", "0", "execute", "Blob.Attach"]))
        #expect(NuxeoPath("/nuxeo/site/api/v1/me") == .me)
        #expect(NuxeoPath("/nuxeo/api/v1/directory") == .directory([]))
        #expect(NuxeoPath("/nuxeo/api/v1/directory/l10nsubjects/daily%20life") == .directory(["l10nsubjects", "daily life"]))
        #expect(NuxeoPath("/nuxeo/api/v1/workflow") == .workflow([]))
        #expect(NuxeoPath("/nuxeo/api/v1/workflow/W1/graph") == .workflow(["W1", "graph"]))
        #expect(NuxeoPath("/nuxeo/site/api/v1/workflowModel/SerialDocumentReview") == .workflowModel(["SerialDocumentReview"]))
        #expect(NuxeoPath("/nuxeo/api/v1/task/T1/start_review") == .task(["T1", "start_review"]))
        #expect(NuxeoPath("/nuxeo/api/v1/id/D1/@workflow/W1/task") == .document(.id("D1"), adapters: ["@workflow", "W1", "task"]))
        #expect(NuxeoPath("/nuxeo/json/cmis") == .serverInfo)
        #expect(NuxeoPath("/nuxeo/nxfile/default/U1/files:files/0/file/a.txt") == .file(id: "U1", xpath: "files:files/0/file"))
        #expect(NuxeoPath("/nuxeo/test") == .unknown)
    }

    @Test("a query string is no part of the path; a malformed escape is kept as it is")
    func queriesAndEscapes() {
        #expect(NuxeoPath("/nuxeo/api/v1/me?enrichers=acls") == .me)
        #expect(NuxeoPath("/nuxeo/api/v1/path/a%3Fb?x=%2F") == .document(.path("/a?b"), adapters: []))
        #expect(NuxeoPath("/nuxeo/api/v1/directory/a%zz%20") == .directory(["a%zz%20"]))
        #expect(NuxeoPath("/nuxeo/api/v1/directory/a%2Fb") == .directory(["a/b"]))
    }
}
