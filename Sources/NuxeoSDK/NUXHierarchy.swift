import Foundation
import Locking

/// A tree of documents kept on the device, to browse offline: typically the folders of a
/// repository, each with content of its own (the files in it) that the app chose to keep.
///
/// A hierarchy loads from a request whose answer is a list of documents, such as an NXQL
/// query, following its pages; it places each document under the deepest of the others whose
/// path its own path is under (a document under none is at the top), asks the ``nodeBlock``
/// for the content of each node, and keeps it all in SQLite. It then answers without the
/// network, in this process and the next ones, until ``resetCache()``.
///
/// ```swift
/// let hierarchy = NUXHierarchy.hierarchy(withName: "folders")
/// hierarchy.nodeBlock = { folder, depth in
///     try await session.requestChildren(folder.uid!).response().entity(as: NUXDocuments.self).entries
/// }
/// try await hierarchy.load(with: session.requestQuery("SELECT * FROM Document WHERE ecm:mixinType = 'Folderish'"))
/// let top = try await hierarchy.childrenOfRoot()
/// ```
///
/// The repository root (`/`), if the request returns it, is not a node: it is the tree's root.
public final class NUXHierarchy: Sendable {
    /// Gives the content to keep for a node: its document and depth (0 for a child of the
    /// root). An error fails the load.
    public typealias NodeBlock = @Sendable (NUXDocument, Int) async throws -> [any NUXEntity]
    /// Tells whether the kept content of a node is out of date and must be asked for again.
    public typealias InvalidationBlock = @Sendable (NUXDocument) -> Bool

    private struct State {
        var nodeBlock: NodeBlock?
        var nodeInvalidationBlock: InvalidationBlock?
        var refreshesContentWhenOnline = true
        var completionBlock: NUXBasicBlock?
        var failureBlock: NUXBasicBlock?
        var request: NUXRequest?
        var loading: Task<Void, any Error>?
        var opening: Task<Void, any Error>?
    }

    private static let registry = LockedValue<[String: NUXHierarchy]>([:])

    /// The directory of ``hierarchy(withName:directory:)``'s default: `NuxeoSDK` in the
    /// user's Application Support directory (on Linux `~/.local/share`).
    public static let defaultDirectory = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask)[0]
        .appendingPathComponent("NuxeoSDK", isDirectory: true)

    /// The hierarchy's name, which tells it from the others kept in the same directory.
    public let name: String
    /// The directory whose `org.nuxeo.hierarchy.sqlite` keeps the hierarchy.
    public let directory: URL

    /// Where the hierarchy is kept.
    let store: HierarchyStore
    private let state = LockedValue(State())

    /// The hierarchy `name` kept in `directory`: the same object for the same name and
    /// directory, for the life of the process (`+hierarchyWithName:`).
    public static func hierarchy(withName name: String, directory: URL = defaultDirectory) -> NUXHierarchy {
        registry.withLock { registry in
            let key = directory.standardizedFileURL.path + "\n" + name
            if let hierarchy = registry[key] { return hierarchy }
            let hierarchy = NUXHierarchy(name: name, directory: directory)
            registry[key] = hierarchy
            return hierarchy
        }
    }

    /// A new object for the hierarchy `name` kept in `directory`, which reads what an earlier
    /// one (in this process or another) kept there. Most apps use
    /// ``hierarchy(withName:directory:)``, which gives one object per hierarchy.
    ///
    /// - Parameters:
    ///   - mapper: What tells the types of the nodes' content.
    public init(name: String, directory: URL, mapper: NUXJSONMapper = .shared) {
        self.name = name
        self.directory = directory
        store = HierarchyStore(name: name, file: directory.appendingPathComponent("org.nuxeo.hierarchy.sqlite"), mapper: mapper)
    }

    // MARK: Blocks

    /// Gives the content kept for each node while the hierarchy loads, and again when
    /// ``nodeInvalidationBlock`` says a node's content is out of date; `nil` keeps no content.
    public var nodeBlock: NodeBlock? {
        get { state.current.nodeBlock }
        set { state.withLock { $0.nodeBlock = newValue } }
    }

    /// Tells ``contentOfDocument(_:forceOfflineMode:)`` whether a node's kept content is out of
    /// date and must be asked of the ``nodeBlock`` again even when
    /// ``refreshesContentWhenOnline`` is `false`.
    public var nodeInvalidationBlock: InvalidationBlock? {
        get { state.current.nodeInvalidationBlock }
        set { state.withLock { $0.nodeInvalidationBlock = newValue } }
    }

    /// Whether ``contentOfDocument(_:forceOfflineMode:)`` asks the ``nodeBlock`` for a node's
    /// content each time while the device is online (the default, as the SDK's documentation
    /// describes), or only when the ``nodeInvalidationBlock`` says so.
    public var refreshesContentWhenOnline: Bool {
        get { state.current.refreshesContentWhenOnline }
        set { state.withLock { $0.refreshesContentWhenOnline = newValue } }
    }

    /// Called when a load started with ``loadWithRequest(_:)`` succeeds.
    public var completionBlock: NUXBasicBlock? {
        get { state.current.completionBlock }
        set { state.withLock { $0.completionBlock = newValue } }
    }

    /// Called when a load started with ``loadWithRequest(_:)`` fails.
    public var failureBlock: NUXBasicBlock? {
        get { state.current.failureBlock }
        set { state.withLock { $0.failureBlock = newValue } }
    }

    /// The request of the last load.
    public var request: NUXRequest? {
        state.current.request
    }

    // MARK: Loading

    /// Loads the hierarchy with `request` in the background, then calls the
    /// ``completionBlock`` or the ``failureBlock`` on the request's session's
    /// ``NUXSession/callbackQueue`` (or on a background thread); ``waitUntilLoadingIsDone()``
    /// waits for the load. See ``load(with:)``.
    public func loadWithRequest(_ request: NUXRequest) {
        let task = Task {
            do {
                try await load(with: request)
                if let block = completionBlock { request.session.deliver(block) }
            } catch {
                if let block = failureBlock { request.session.deliver(block) }
                throw error
            }
        }
        state.withLock { $0.loading = task }
    }

    /// Waits until the load started with ``loadWithRequest(_:)``, if any, is over.
    public func waitUntilLoadingIsDone() async {
        _ = await state.current.loading?.result
    }

    /// Loads the hierarchy with `request`, unless it is loaded already (then nothing is
    /// asked of the server).
    ///
    /// The request's answer must be a list of documents (``NUXDocuments``); while it says a
    /// next page is available, the request is sent again with the next `currentPageIndex`.
    /// Then the tree is built, the ``nodeBlock`` is asked for each node's content in the
    /// tree's order, and everything is kept at once.
    ///
    /// - Throws: ``NUXError/emptyHierarchy`` if the request found no document, why a request
    ///   failed, or the error of the node block; nothing is kept then.
    public func load(with request: NUXRequest) async throws {
        state.withLock { $0.request = request }
        try await open()
        if try await store.isLoaded() { return }
        var documents: [NUXDocument] = []
        while true {
            let page = try await request.response().entity(as: NUXDocuments.self)
            documents += page.entries
            guard page.isNextPageAvailable, !page.entries.isEmpty else { break }
            request.addParameterValue(String(page.currentPageIndex + 1), forKey: "currentPageIndex")
        }
        let nodes = HierarchyTree.nodes(from: documents)
        guard !nodes.isEmpty else { throw NUXError.emptyHierarchy }
        var content: [String: [any NUXEntity]] = [:]
        if let nodeBlock {
            for node in nodes {
                content[node.document.entityId] = try await nodeBlock(node.document, node.depth)
            }
        }
        try await store.save(nodes, content: content)
    }

    /// Whether the hierarchy is loaded and kept; it stays so across launches until
    /// ``resetCache()``.
    public var isLoaded: Bool {
        get async throws {
            try await open()
            return try await store.isLoaded()
        }
    }

    /// Forgets the hierarchy: its nodes, their content, and that it was loaded.
    public func resetCache() async throws {
        try await open()
        try await store.reset()
    }

    // MARK: Reading

    /// The nodes at the top of the tree, in order; empty until the hierarchy is loaded.
    public func childrenOfRoot() async throws -> [NUXDocument] {
        try await open()
        return try await store.children(of: HierarchyStore.rootKey)
    }

    /// The nodes right under the node `documentRef` (its `uid` or path), in order.
    public func childrenOfDocument(_ documentRef: String) async throws -> [NUXDocument] {
        try await open()
        return try await store.children(of: documentRef)
    }

    /// The document of the node `nodeRef` (its `uid` or path), if the hierarchy has it.
    public func nodeWithRef(_ nodeRef: String) async throws -> NUXDocument? {
        try await open()
        return try await store.node(nodeRef)?.document
    }

    /// The content of the node of `document`: fresh while online, kept while offline.
    ///
    /// Unless `forceOfflineMode`, the ``nodeBlock`` (if any) is asked for the content again
    /// each time, as the SDK's documentation describes (when ``refreshesContentWhenOnline``
    /// is `false`, only when the ``nodeInvalidationBlock`` says the kept content is out of
    /// date); the new content is kept and returned. When the block fails for want of the
    /// network (a `URLError`), the device is offline and the kept content is returned.
    public func contentOfDocument(_ document: NUXDocument, forceOfflineMode: Bool = false) async throws -> [any NUXEntity] {
        try await open()
        let state = state.current
        if !forceOfflineMode, let nodeBlock = state.nodeBlock,
            state.refreshesContentWhenOnline || state.nodeInvalidationBlock?(document) == true,
            let node = try await store.node(document.entityId)
        {
            do {
                let content = try await nodeBlock(node.document, node.depth)
                try await store.replaceContent(ofNode: document.entityId, with: content)
                return content
            } catch let error as URLError where error.code != .cancelled {
                // Offline: what was kept is the answer.
            }
        }
        return try await store.content(ofNode: document.entityId)
    }

    /// The content kept for every node, node after node in the tree's order.
    public func contentOfAllDocuments() async throws -> [any NUXEntity] {
        try await open()
        return try await store.allContent()
    }

    /// Whether the node `nodeRef` (its `uid` or path), or a node under it, has content.
    public func hasContentUnderNode(_ nodeRef: String) async throws -> Bool {
        try await open()
        guard let node = try await store.node(nodeRef), let path = node.document.path else { return false }
        return try await store.hasContent(atOrUnder: path)
    }

    /// Wipes an incomplete hierarchy the first time the object uses its store.
    private func open() async throws {
        let opening = state.withLock { state in
            if let opening = state.opening { return opening }
            let store = store
            let opening = Task { try await store.wipeIfIncomplete() }
            state.opening = opening
            return opening
        }
        do {
            try await opening.value
        } catch {
            // Try again next time.
            state.withLock { $0.opening = nil }
            throw error
        }
    }
}
