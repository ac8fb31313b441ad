import Foundation
import NuxeoSDK
import Testing

/// Hierarchies loaded from real queries, kept, and read again after the server is gone.
@Suite(.serialized, .timeLimit(.minutes(10))) struct HierarchyServerTests {
    /// What the node block was called with.
    actor Calls {
        private(set) var depths: [String: Int] = [:]

        func record(_ document: NUXDocument, depth: Int) {
            depths[document.path ?? "?"] = depth
        }
    }

    /// Two documents to keep as a node's content.
    static func leaves(of document: NUXDocument) -> [any NUXEntity] {
        (1...2).map { NUXDocument(type: "File", name: "leaf\($0)", properties: ["dc:title": .string("Leaf \($0) of \(document.path ?? "")")]) }
    }

    @Test func loadsFollowingPagesAndKeepsTheTreeForLater() async throws {
        let storage = FileManager.default.temporaryDirectory.appendingPathComponent("nuxeosdk-hierarchy-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: storage) }
        var serverURL: URL?
        try await NuxeoServer.with { server in
            serverURL = server.nuxeoURL
            let session = server.session()
            let hierarchy = NUXHierarchy(name: "folders", directory: storage)
            let calls = Calls()
            hierarchy.nodeBlock = { document, depth in
                await calls.record(document, depth: depth)
                return Self.leaves(of: document)
            }
            let request = session.requestQuery("SELECT * FROM Document WHERE ecm:mixinType = 'Folderish'")
            request.addParameterValue("2", forKey: "pageSize")
            try await hierarchy.load(with: request)

            #expect(request.parameters["currentPageIndex"] != nil, "more than one page was asked for")
            #expect(try await hierarchy.isLoaded)
            let roots = try await hierarchy.childrenOfRoot()
            #expect(roots.map(\.path) == ["/default-domain"])
            let underDomain = try await hierarchy.childrenOfDocument("/default-domain").compactMap(\.path)
            #expect(underDomain == ["/default-domain/sections", "/default-domain/templates", "/default-domain/workspaces"])
            let domainUid = try #require(roots.first?.uid)
            #expect(try await hierarchy.childrenOfDocument(domainUid).count == 3)
            #expect(await calls.depths["/default-domain"] == 0)
            #expect(await calls.depths["/default-domain/workspaces"] == 1)
            let workspaces = try #require(try await hierarchy.nodeWithRef("/default-domain/workspaces"))
            #expect(try await hierarchy.contentOfDocument(workspaces).count == 2)
            #expect(try await hierarchy.contentOfAllDocuments().count == 8)
            #expect(try await hierarchy.hasContentUnderNode("/default-domain"))
        }

        // The server is gone: a new object reads the kept hierarchy, and loading it again asks nothing.
        let reopened = NUXHierarchy(name: "folders", directory: storage)
        #expect(try await reopened.isLoaded)
        #expect(try await reopened.childrenOfRoot().map(\.path) == ["/default-domain"])
        #expect(try await reopened.childrenOfDocument("/default-domain").count == 3)
        let workspaces = try #require(try await reopened.nodeWithRef("/default-domain/workspaces"))
        let content = try await reopened.contentOfDocument(workspaces).compactMap { ($0 as? NUXDocument)?.name }
        #expect(content == ["leaf1", "leaf2"])
        let offline = NUXSession(serverURL: try #require(serverURL), username: "Administrator", password: NuxeoServer.password)
        try await reopened.load(with: offline.requestQuery("SELECT * FROM Document"))

        reopened.nodeBlock = { _, _ in [NUXDocument(type: "File", name: "fresh")] }
        reopened.nodeInvalidationBlock = { $0.path == "/default-domain/workspaces" }
        let refreshed = try await reopened.contentOfDocument(workspaces).compactMap { ($0 as? NUXDocument)?.name }
        #expect(refreshed == ["fresh"])
        let kept = try await reopened.contentOfDocument(workspaces, forceOfflineMode: true).compactMap { ($0 as? NUXDocument)?.name }
        #expect(kept == ["fresh"])
    }

    @Test func contentIsFreshWhileOnlineAndKeptWhileOffline() async throws {
        let storage = FileManager.default.temporaryDirectory.appendingPathComponent("nuxeosdk-hierarchy-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: storage) }
        let hierarchy = NUXHierarchy(name: "fresh", directory: storage)
        func names(_ content: [any NUXEntity]) -> [String] { content.compactMap { ($0 as? NUXDocument)?.name }.sorted() }
        var keptOnline: [String] = []
        var workspaces: NUXDocument?
        try await NuxeoServer.with { server in
            let session = server.session()
            // The documentation's node block: the node's children, asked of the server.
            hierarchy.nodeBlock = { folder, _ in
                try await session.requestChildren(folder.uid ?? "").response().entity(as: NUXDocuments.self).entries
            }
            try await hierarchy.load(with: session.requestQuery("SELECT * FROM Document WHERE ecm:mixinType = 'Folderish'"))
            let node = try #require(try await hierarchy.nodeWithRef("/default-domain/workspaces"))
            workspaces = node
            let before = names(try await hierarchy.contentOfDocument(node))

            func createWorkspace() async throws -> String {
                let name = "fresh-\(UUID().uuidString.prefix(8).lowercased())"
                _ = try await session.requestCreateDocument(NUXDocument(type: "Workspace", name: name), withParent: "/default-domain/workspaces")
                    .response()
                return name
            }
            let first = try await createWorkspace()
            keptOnline = names(try await hierarchy.contentOfDocument(node))
            #expect(keptOnline == (before + [first]).sorted(), "online, the content is asked for again")

            hierarchy.refreshesContentWhenOnline = false
            _ = try await createWorkspace()
            #expect(names(try await hierarchy.contentOfDocument(node)) == keptOnline, "without automatic refresh, the kept content")
            hierarchy.refreshesContentWhenOnline = true
        }
        // The server is gone: the node block fails for want of the network, and the kept content answers.
        let node = try #require(workspaces)
        #expect(names(try await hierarchy.contentOfDocument(node)) == keptOnline)
    }

    /// Marks the main queue, so that a block can tell whether it runs on it.
    static let mainQueueMark: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()

    /// Whether the caller runs on the main queue.
    static func isOnMainQueue() -> Bool {
        DispatchQueue.getSpecific(key: mainQueueMark) == true
    }

    @Test func blocksCanBeDeliveredOnTheMainQueue() async throws {
        _ = Self.mainQueueMark
        try await NuxeoServer.with { server in
            let session = server.session()
            session.callbackQueue = .main
            let onMain = LockedOutcome()
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                session.requestDocument("/default-domain").start(
                    completion: { _ in
                        onMain.set(Self.isOnMainQueue() ? "main" : "background")
                        continuation.resume()
                    },
                    failure: { _ in
                        onMain.set("failure")
                        continuation.resume()
                    }
                )
            }
            #expect(onMain.value == "main")

            let hierarchy = NUXHierarchy(name: "on-main", directory: server.directory)
            let loaded = LockedOutcome()
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                hierarchy.completionBlock = {
                    loaded.set(Self.isOnMainQueue() ? "main" : "background")
                    continuation.resume()
                }
                hierarchy.failureBlock = {
                    loaded.set("failure")
                    continuation.resume()
                }
                hierarchy.loadWithRequest(session.requestQuery("SELECT * FROM Document WHERE ecm:mixinType = 'Folderish'"))
            }
            #expect(loaded.value == "main")

            session.callbackQueue = nil
            let background = LockedOutcome()
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                session.requestDocument("/default-domain").start(
                    completion: { _ in
                        background.set(Self.isOnMainQueue() ? "main" : "background")
                        continuation.resume()
                    },
                    failure: { _ in
                        background.set("failure")
                        continuation.resume()
                    }
                )
            }
            #expect(background.value == "background")
        }
    }

    @Test func oneDomain() async throws {
        try await NuxeoServer.with { server in
            let hierarchy = NUXHierarchy(name: "domains", directory: server.directory)
            try await hierarchy.load(with: server.session().requestQuery("select * from Domain"))
            let roots = try await hierarchy.childrenOfRoot()
            #expect(roots.map(\.path) == ["/default-domain"])
            #expect(try await hierarchy.childrenOfDocument("/default-domain").isEmpty)
        }
    }

    @Test func contentUnderNodes() async throws {
        try await NuxeoServer.with { server in
            let session = server.session()
            let hierarchy = NUXHierarchy.hierarchy(withName: "superspaces", directory: server.directory)
            hierarchy.nodeBlock = { document, _ in
                document.path == "/default-domain/workspaces" ? Self.leaves(of: document) : []
            }
            let request = session.requestQuery("SELECT * FROM Document WHERE ecm:mixinType = 'SuperSpace'")
            try await hierarchy.load(with: request)
            #expect(try await hierarchy.hasContentUnderNode("/default-domain"))
            #expect(try await hierarchy.hasContentUnderNode("/default-domain/workspaces"))
            #expect(try await !hierarchy.hasContentUnderNode("/default-domain/sections"))
            #expect(try await !hierarchy.hasContentUnderNode("/no/such/node"))

            try await hierarchy.resetCache()
            #expect(try await !hierarchy.isLoaded)
            hierarchy.nodeBlock = nil
            try await hierarchy.load(with: session.requestQuery("SELECT * FROM Document WHERE ecm:mixinType = 'SuperSpace'"))
            #expect(try await !hierarchy.hasContentUnderNode("/default-domain"))
            #expect(try await !hierarchy.hasContentUnderNode("/default-domain/workspaces"))
        }
    }

    @Test func loadingInTheBackground() async throws {
        try await NuxeoServer.with { server in
            let session = server.session()
            let hierarchy = NUXHierarchy(name: "background", directory: server.directory)
            let completed = LockedOutcome()
            hierarchy.completionBlock = { completed.set("completion") }
            hierarchy.failureBlock = { completed.set("failure") }
            hierarchy.loadWithRequest(session.requestQuery("SELECT * FROM Document WHERE ecm:mixinType = 'Folderish'"))
            await hierarchy.waitUntilLoadingIsDone()
            #expect(completed.value == "completion")
            let loaded = try await hierarchy.isLoaded
            #expect(loaded)
            #expect(hierarchy.request != nil)

            let empty = NUXHierarchy(name: "empty", directory: server.directory)
            empty.failureBlock = { completed.set("failure") }
            empty.loadWithRequest(session.requestQuery("SELECT * FROM Document WHERE dc:title = 'no document has this title'"))
            await empty.waitUntilLoadingIsDone()
            #expect(completed.value == "failure")
            let emptyLoaded = try await empty.isLoaded
            #expect(!emptyLoaded)
            await #expect(throws: NUXError.emptyHierarchy) {
                try await empty.load(with: session.requestQuery("SELECT * FROM Document WHERE dc:title = 'no document has this title'"))
            }
        }
    }
}
