import ChanceryTestSupport
import Foundation
import NuxeoSDK
import Testing

/// The REST requests against a real server: documents, children, queries, errors.
@Suite(.serialized, .timeLimit(.minutes(10))) struct SessionServerTests {
    @Test func documentsAndChildren() async throws {
        try await NuxeoServer.with { server in
            let session = server.session()
            let domain = try await session.requestDocument("/default-domain").response().entity(as: NUXDocument.self)
            #expect(domain.type == "Domain")
            #expect(domain.path == "/default-domain")
            #expect(domain.name == "default-domain")
            #expect(domain.properties["dc:title"] == "Domain")
            #expect(!domain.properties.isEmpty && domain.properties.keys.allSatisfy { $0.hasPrefix("dc:") }, "only the dublincore schema")
            let uid = try #require(domain.uid)

            let byId = try await session.requestDocument(uid).response().entity(as: NUXDocument.self)
            #expect(byId == domain)

            let children = try await session.requestChildren("/default-domain").response().entity(as: NUXDocuments.self)
            #expect(
                Set(children.entries.compactMap(\.path)) == ["/default-domain/sections", "/default-domain/templates", "/default-domain/workspaces"])
            #expect(children.entries.allSatisfy { $0.parentRef == uid })

            let underRoot = try await session.requestChildren("/").response().entity(as: NUXDocuments.self)
            #expect(underRoot.entries.map(\.path) == ["/default-domain"])

            let request = session.requestDocument("/default-domain")
            let entity = try await request.response().entity()
            #expect((entity as? NUXDocument)?.uid == uid)
            #expect(request.responseStatusCode == 200)
            #expect(try request.responseEntity(as: NUXDocument.self).uid == uid)
            #expect(try request.responseJSON()["entity-type"] == "document")
            #expect(request.responseString?.contains("default-domain") == true)
            #expect(request.error == nil)
        }
    }

    @Test func requestedSchemasOnly() async throws {
        try await NuxeoServer.with { server in
            let session = NUXSession(serverURL: server.nuxeoURL, username: "Administrator", password: NuxeoServer.password)
            let all = try await session.requestDocument("/default-domain/workspaces").addSchema("*").response().entity(as: NUXDocument.self)
            #expect(all.properties.keys.contains { !$0.hasPrefix("dc:") }, "every schema of a Workspace, not only dublincore")
            let dublincore = try await session.requestDocument("/default-domain/workspaces").addSchema("dublincore").response().entity(
                as: NUXDocument.self)
            #expect(dublincore.properties["dc:title"] == "Workspaces")
            #expect(dublincore.properties.keys.allSatisfy { $0.hasPrefix("dc:") })
        }
    }

    @Test func errorsCarryTheirStatus() async throws {
        try await NuxeoServer.with { server in
            let anonymous = NUXSession(serverURL: server.nuxeoURL)
            let unauthenticated = anonymous.requestDocument("/default-domain")
            let unauthenticatedError = await #expect(throws: NUXError.self) { try await unauthenticated.response() }
            #expect(unauthenticatedError?.nuxeoStatusCode == 401)
            #expect(unauthenticated.responseStatusCode == 401)

            let wrongPassword = NUXSession(serverURL: server.nuxeoURL, username: "Administrator", password: "not the password")
            let refused = await #expect(throws: NUXError.self) { try await wrongPassword.requestDocument("/").response() }
            #expect(refused?.nuxeoStatusCode == 401)

            let missing = server.session().requestDocument("/default-domain/no-such-document")
            let notFound = await #expect(throws: NUXError.self) { try await missing.response() }
            #expect(notFound?.nuxeoStatusCode == 404)
            #expect(missing.responseStatusCode == 404)
            #expect(missing.error?.nuxeoStatusCode == 404)
            let exception = try missing.responseJSON()
            #expect(exception["entity-type"] == "exception")
        }
    }

    @Test func createUpdateDelete() async throws {
        try await NuxeoServer.with { server in
            let session = server.session()
            let folder = NUXDocument(type: "Folder", name: "sdk-folder", properties: ["dc:title": "SDK Folder"])
            let create = try session.requestCreateDocument(folder, withParent: "/default-domain/workspaces")
            var created = try await create.response().entity(as: NUXDocument.self)
            #expect(create.responseStatusCode == 201)
            #expect(created.type == "Folder")
            #expect(created.path == "/default-domain/workspaces/sdk-folder")
            #expect(created.title == "SDK Folder")
            let uid = try #require(created.uid)
            let createdModified = try #require(created.lastModified)

            // The server stamps changes in milliseconds: the update's must be later.
            try await waitForWallClock(toPass: createdModified, by: .milliseconds(1))
            created.properties["dc:description"] = "Updated by the Swift SDK"
            let update = try session.requestUpdateDocument(created)
            let updated = try await update.response().entity(as: NUXDocument.self)
            #expect(update.responseStatusCode == 200)
            #expect(updated.uid == uid)
            #expect(updated.properties["dc:description"] == "Updated by the Swift SDK")
            #expect(updated.properties["dc:title"] == "SDK Folder")
            #expect(try #require(updated.lastModified) > createdModified)
            #expect(updated != created, "a new change token")

            let partial = try session.requestUpdateDocument(["entity-type": "document", "uid": .string(uid), "properties": ["dc:title": "Renamed"]])
            let renamed = try await partial.response().entity(as: NUXDocument.self)
            #expect(renamed.properties["dc:title"] == "Renamed")
            #expect(renamed.properties["dc:description"] == "Updated by the Swift SDK", "properties left out stay")

            let delete = session.requestDeleteDocument(uid)
            try await delete.response()
            #expect(delete.responseStatusCode == 204)
            let gone = await #expect(throws: NUXError.self) { try await session.requestDocument(uid).response() }
            #expect(gone?.nuxeoStatusCode == 404)
        }
    }

    @Test func queriesAndPages() async throws {
        try await NuxeoServer.with { server in
            let session = server.session()
            let all = try await session.requestQuery("SELECT * FROM Document").response().entity(as: NUXDocuments.self)
            #expect(all.entries.count >= 4)
            #expect(all.entries.contains { $0.path == "/default-domain/workspaces" })

            let domains = try await session.requestQuery("select * from Domain").response().entity(as: NUXDocuments.self)
            #expect(domains.entries.map(\.path) == ["/default-domain"])

            let request = session.requestQuery("SELECT * FROM Document WHERE ecm:mixinType = 'Folderish' AND ecm:path STARTSWITH '/default-domain'")
            request.addParameterValue("2", forKey: "pageSize")
            let first = try await request.response().entity(as: NUXDocuments.self)
            #expect(first.isPaginable)
            #expect(first.currentPageIndex == 0 && first.currentPageSize == 2 && first.entries.count == 2)
            #expect(first.isNextPageAvailable)
            request.addParameterValue("1", forKey: "currentPageIndex")
            let second = try await request.response().entity(as: NUXDocuments.self)
            #expect(second.currentPageIndex == 1)
            #expect(second.entries.count == 1)
            #expect(!second.isNextPageAvailable)
            #expect(Set((first.entries + second.entries).compactMap(\.path)).count == 3)
        }
    }

    @Test func completionBlocks() async throws {
        try await NuxeoServer.with { server in
            let session = server.session()

            let succeeded = await withCheckedContinuation { (continuation: CheckedContinuation<(Bool, Int), Never>) in
                session.requestDocument("/default-domain").start(
                    completion: { continuation.resume(returning: (true, $0.responseStatusCode)) },
                    failure: { continuation.resume(returning: (false, $0.responseStatusCode)) }
                )
            }
            #expect(succeeded.0 && succeeded.1 == 200)

            let failed = await withCheckedContinuation { (continuation: CheckedContinuation<(Bool, Int), Never>) in
                let request = session.requestDocument("/nowhere")
                request.setCompletionBlock { continuation.resume(returning: (true, $0.responseStatusCode)) }
                request.setFailureBlock { continuation.resume(returning: (false, $0.responseStatusCode)) }
                request.start()
            }
            #expect(!failed.0 && failed.1 == 404)

            // Synchronous, from a thread of its own as an app would (never from async code).
            let synchronous = await withCheckedContinuation { (continuation: CheckedContinuation<(String?, Int), Never>) in
                Thread.detachNewThread {
                    let request = session.requestDocument("/default-domain/workspaces")
                    let outcome = LockedOutcome()
                    request.setCompletionBlock { _ in outcome.set("completion") }
                    request.setFailureBlock { _ in outcome.set("failure") }
                    request.startSynchronous()
                    continuation.resume(returning: (outcome.value, request.responseStatusCode))
                }
            }
            #expect(synchronous.0 == "completion", "the block ran before startSynchronous returned")
            #expect(synchronous.1 == 200)
        }
    }
}

/// Which block ran, set from another thread.
final class LockedOutcome: @unchecked Sendable {
    // @unchecked: `stored` is only accessed while `lock` is held.
    private let lock = NSLock()
    private var stored: String?

    func set(_ value: String) { lock.withLock { stored = value } }
    var value: String? { lock.withLock { stored } }
}
