import Foundation
import NuxeoSDK
import Testing

/// The code samples of the Nuxeo iOS SDK documentation, in Swift, against a real server.
///
/// The documentation's samples are Objective-C; each is written here with the names Swift
/// gives the same calls, in the documentation's order, changed only where Swift or the test
/// needs it: a block that the sample gives to `start` tells the test it ran, the node block
/// uses the test's session instead of the process-wide shared one (which another suite
/// configures), and the caches live in the test's directory instead of the app's.
@Suite(.serialized, .timeLimit(.minutes(10))) struct DocumentationSamplesTests {
    /// Starts `request` as the samples do (`setCompletionBlock`, `setFailureBlock`, `start`)
    /// and waits until one of the blocks ran; `true` for the completion block.
    static func start(_ request: NUXRequest) async -> Bool {
        await withCheckedContinuation { continuation in
            request.setCompletionBlock { _ in continuation.resume(returning: true) }
            request.setFailureBlock { _ in continuation.resume(returning: false) }
            request.start()
        }
    }

    @Test func accessingTheRESTAndAutomationAPIs() async throws {
        try await NuxeoServer.with { server in
            // "fetch the default-domain document with its dublincore metadata"
            let url = server.nuxeoURL
            let auth = NUXBasicAuthenticator(username: "Administrator", password: NuxeoServer.password)
            let session = NUXSession(serverURL: url, authenticator: auth)
            session.addDefaultSchemas(["dublincore"])
            // The documentation writes "default-domain"; without its leading slash the SDK, the
            // original one too, sends it as a document id, which no document has.
            let request = session.requestDocument("/default-domain")
            #expect(await Self.start(request))
            let doc = try request.responseEntity(as: NUXDocument.self)
            #expect(doc.path == "/default-domain")
            #expect(doc.properties["dc:title"] == "Domain")

            // "Convenience category to generate common requests"
            let children = try await session.requestChildren("/default-domain").response().entity(as: NUXDocuments.self)
            #expect(children.entries.count == 3)
            let folders = try await session.requestQuery("SELECT * FROM Folder").response().entity(as: NUXDocuments.self)
            #expect(folders.entries.contains { $0.path == "/default-domain/workspaces" }, "Folder and the types that extend it")
            let myDoc = try await session.requestCreateDocument(
                NUXDocument(type: "Folder", name: "samples", properties: ["dc:title": "Samples"]), withParent: "/default-domain"
            ).response().entity(as: NUXDocument.self)
            var renamed = myDoc
            renamed.properties = ["dc:title": "Samples, renamed"]
            let updated = try await session.requestUpdateDocument(renamed).response().entity(as: NUXDocument.self)
            #expect(updated.properties["dc:title"] == "Samples, renamed")

            // "Automation requests": FileManager.Import with a context and an input file, or more simply requestImportFile.
            let aFilePath = server.directory.appendingPathComponent("notes.txt").path
            try Data("notes of the samples".utf8).write(to: URL(fileURLWithPath: aFilePath))
            let importRequest = session.requestOperation("FileManager.Import")
            importRequest.addContextValue("/default-domain/workspaces", forKey: "currentDocument")
            importRequest.setInputFile(aFilePath)
            let imported = try await importRequest.response().entity(as: NUXDocument.self)
            #expect(imported.path?.hasPrefix("/default-domain/workspaces/") == true)
            let simpler = try await session.requestImportFile(aFilePath, withParent: "/default-domain/workspaces").response()
                .entity(as: NUXDocument.self)
            #expect(simpler.type == "File")

            // "Downloading blobs": streamed to downloadDestinationPath.
            let tempFile = server.directory.appendingPathComponent("tempfile\(Int.random(in: 0..<1_000_000)).tmp").path
            let download = session.requestDownloadBlob(from: try #require(simpler.uid), inMetadata: "file:content")
            download.downloadDestinationPath = tempFile
            #expect(await Self.start(download))
            #expect(try Data(contentsOf: URL(fileURLWithPath: tempFile)) == Data("notes of the samples".utf8))

            _ = try await session.requestDeleteDocument(try #require(myDoc.uid)).response()
            await #expect(throws: NUXError.self) { try await session.requestDocument("/default-domain/samples").response() }
        }
    }

    @Test func cachesEntitiesHierarchiesAndBlobs() async throws {
        try await NuxeoServer.with { server in
            let session = server.session()
            session.addDefaultSchemas(["file"])

            // "Document, document listing cache"
            let cache = NUXEntityCache(directory: server.directory.appendingPathComponent("entities"))
            let doc = try await session.requestDocument("/default-domain/workspaces").response().entity(as: NUXDocument.self)
            try cache.saveEntity(doc)
            let uid = try #require(doc.uid)
            #expect(cache.hasEntity(withId: uid, ofType: NUXDocument.self))
            #expect(cache.entity(withId: uid, ofType: NUXDocument.self)?.path == "/default-domain/workspaces")
            let entitiesArray = try await session.requestChildren("/default-domain").response().entity(as: NUXDocuments.self).entries
            try await cache.saveEntities(entitiesArray, withListName: "myListName")
            let cached = try await cache.entities(fromList: "myListName")
            #expect(cached.compactMap { ($0 as? NUXDocument)?.uid } == entitiesArray.map(\.uid))

            // "Hierarchical cache", with a content block for each node.
            let hierarchy = NUXHierarchy.hierarchy(withName: "mainHierarchy", directory: server.directory.appendingPathComponent("hierarchy"))
            hierarchy.nodeBlock = { entity, depth in
                guard depth <= 1, let uid = entity.uid else { return [] }
                let subRequestQuery = "SELECT * FROM Document where ecm:parentId = '\(uid)' and ecm:currentLifeCycleState <> 'deleted'"
                return try await session.requestQuery(subRequestQuery).response().entity(as: NUXDocuments.self).entries
            }
            let request = session.requestQuery("select * from Document where ecm:mixinType = 'Folderish'")
            hierarchy.loadWithRequest(request)
            await hierarchy.waitUntilLoadingIsDone()
            #expect(try await hierarchy.childrenOfRoot().map(\.path) == ["/default-domain"])
            #expect(try await hierarchy.childrenOfDocument("/default-domain").count == 3)
            let domain = try #require(try await hierarchy.nodeWithRef("/default-domain"))
            #expect(try await hierarchy.contentOfDocument(domain).count == 3, "the domain's three children, from its node block")

            // "Blob LRU cache"
            let store = NUXBlobStore(directory: server.directory.appendingPathComponent("blobs"))
            store.sizeLimit = 2 * 1024 * 1024 * 1024
            store.countLimit = 10
            let filePath = server.directory.appendingPathComponent("contract.txt").path
            try Data("a contract".utf8).write(to: URL(fileURLWithPath: filePath))
            let file = try await session.requestImportFile(filePath, withParent: "/default-domain/workspaces").response()
                .entity(as: NUXDocument.self)
            let storePath = try store.saveBlob(fromPath: filePath, withDocument: file, metadataXPath: "file:content")
            let digest = try #require(file.properties["file:content"]?["digest"]?.stringValue)
            let blobPath = store.blob(digest)
            #expect(blobPath == storePath)
            #expect(try Data(contentsOf: URL(fileURLWithPath: try #require(blobPath))) == Data("a contract".utf8))
            #expect(store.removeBlob(digest))
            #expect(store.blob(digest) == nil)

            // "Entity mapping": NSData to NUXEntity and back.
            let someData = try await session.requestDocument("/default-domain").response().data
            let entity = try NUXJSONSerializer.entity(with: someData)
            let data = try NUXJSONSerializer.data(with: entity)
            #expect((try NUXJSONSerializer.entity(with: data) as? NUXDocument)?.path == "/default-domain")
        }
    }
}
