import Foundation
import SQLiteNIO

/// Where a ``NUXHierarchy`` keeps its tree and its nodes' content: three tables of a SQLite
/// database, whose rows belong to hierarchies by name.
///
/// - `hierarchy_nodes`: one row per node, with its document as JSON, its parent (`0` and `/`
///   for the root), depth and position.
/// - `hierarchy_content`: the entities the node block gave for each node, as JSON, in order.
/// - `hierarchy_loaded`: the hierarchies whose load completed.
///
/// A load writes all of a hierarchy's rows and its `hierarchy_loaded` row in one transaction,
/// so a hierarchy is either complete or absent. Nodes without a `hierarchy_loaded` row can
/// only come from a store written otherwise (by a process that died while it wrote without
/// a transaction): ``wipeIfIncomplete()`` removes them when a hierarchy is opened.
struct HierarchyStore: Sendable {
    /// The key of the root in `parent_id`, as in the Objective-C SDK.
    static let rootKey = "0"

    /// The hierarchy's name.
    let name: String
    private let database: SQLiteDatabase
    private let mapper: NUXJSONMapper

    /// The store of the hierarchy `name` in the database `file`.
    init(name: String, file: URL, mapper: NUXJSONMapper) {
        self.name = name
        self.mapper = mapper
        database = SQLiteDatabase(
            file: file,
            schema: [
                """
                CREATE TABLE IF NOT EXISTS hierarchy_nodes (
                    hierarchy TEXT NOT NULL, doc_id TEXT NOT NULL, doc_path TEXT NOT NULL,
                    parent_id TEXT NOT NULL, parent_path TEXT NOT NULL, depth INTEGER NOT NULL, position INTEGER NOT NULL,
                    document TEXT NOT NULL,
                    PRIMARY KEY (hierarchy, doc_id))
                """,
                "CREATE INDEX IF NOT EXISTS hierarchy_nodes_parent ON hierarchy_nodes (hierarchy, parent_id)",
                "CREATE INDEX IF NOT EXISTS hierarchy_nodes_path ON hierarchy_nodes (hierarchy, doc_path)",
                """
                CREATE TABLE IF NOT EXISTS hierarchy_content (
                    hierarchy TEXT NOT NULL, node_id TEXT NOT NULL, position INTEGER NOT NULL,
                    entity_type TEXT NOT NULL, entity TEXT NOT NULL,
                    PRIMARY KEY (hierarchy, node_id, position))
                """,
                "CREATE TABLE IF NOT EXISTS hierarchy_loaded (hierarchy TEXT PRIMARY KEY, loaded_at TEXT NOT NULL)",
            ])
    }

    /// Removes the nodes and content of the hierarchy if it is not marked loaded.
    func wipeIfIncomplete() async throws {
        try await database.transaction { connection in
            let loaded = try await connection.query("SELECT 1 FROM hierarchy_loaded WHERE hierarchy = ?", [.text(name)])
            if loaded.isEmpty {
                try await deleteRows(connection)
            }
        }
    }

    /// Whether the hierarchy is marked loaded.
    func isLoaded() async throws -> Bool {
        let rows = try await database.withConnection { connection in
            try await connection.query("SELECT 1 FROM hierarchy_loaded WHERE hierarchy = ?", [.text(name)])
        }
        return !rows.isEmpty
    }

    /// Replaces the hierarchy with `nodes` and their `content` (by node `uid`), and marks it
    /// loaded, all at once.
    func save(_ nodes: [HierarchyNode], content: [String: [any NUXEntity]]) async throws {
        try await database.transaction { connection in
            try await deleteRows(connection)
            for (position, node) in nodes.enumerated() {
                try await insert(node, at: position, connection)
                try await insertContent(content[node.document.entityId] ?? [], ofNode: node.document.entityId, connection)
            }
            _ = try await connection.query(
                "INSERT INTO hierarchy_loaded (hierarchy, loaded_at) VALUES (?, ?)", [.text(name), .text(ISO8601Timestamp.string(from: Date()))]
            )
        }
    }

    /// Writes `node` without marking the hierarchy loaded; for tests of ``wipeIfIncomplete()``.
    func insertWithoutMarkingLoaded(_ node: HierarchyNode, at position: Int) async throws {
        try await database.withConnection { connection in
            try await insert(node, at: position, connection)
        }
    }

    /// Removes the hierarchy: its nodes, content and loaded mark.
    func reset() async throws {
        try await database.transaction { connection in
            try await deleteRows(connection)
            _ = try await connection.query("DELETE FROM hierarchy_loaded WHERE hierarchy = ?", [.text(name)])
        }
    }

    /// The documents of the nodes under `parentRef` (a `uid`, a path, or ``rootKey``), in
    /// order.
    func children(of parentRef: String) async throws -> [NUXDocument] {
        let rows = try await database.withConnection { connection in
            try await connection.query(
                "SELECT document FROM hierarchy_nodes WHERE hierarchy = ? AND (parent_id = ? OR parent_path = ?) ORDER BY position",
                [.text(name), .text(parentRef), .text(parentRef)]
            )
        }
        return rows.compactMap(document(in:))
    }

    /// The document and depth of the node `ref` (a `uid` or a path), if the hierarchy has it.
    func node(_ ref: String) async throws -> (document: NUXDocument, depth: Int)? {
        let rows = try await database.withConnection { connection in
            try await connection.query(
                "SELECT document, depth FROM hierarchy_nodes WHERE hierarchy = ? AND (doc_id = ? OR doc_path = ?) LIMIT 1",
                [.text(name), .text(ref), .text(ref)]
            )
        }
        guard let row = rows.first, let document = document(in: row), let depth = row.column("depth")?.integer else { return nil }
        return (document, Int(depth))
    }

    /// The content of the node `nodeId`, in order.
    func content(ofNode nodeId: String) async throws -> [any NUXEntity] {
        let rows = try await database.withConnection { connection in
            try await connection.query(
                "SELECT entity FROM hierarchy_content WHERE hierarchy = ? AND node_id = ? ORDER BY position", [.text(name), .text(nodeId)]
            )
        }
        return rows.compactMap(entity(in:))
    }

    /// The content of every node, node after node in the tree's order.
    func allContent() async throws -> [any NUXEntity] {
        let rows = try await database.withConnection { connection in
            try await connection.query(
                """
                SELECT c.entity FROM hierarchy_content c
                JOIN hierarchy_nodes n ON n.hierarchy = c.hierarchy AND n.doc_id = c.node_id
                WHERE c.hierarchy = ? ORDER BY n.position, c.position
                """,
                [.text(name)]
            )
        }
        return rows.compactMap(entity(in:))
    }

    /// Replaces the content of the node `nodeId`.
    func replaceContent(ofNode nodeId: String, with content: [any NUXEntity]) async throws {
        try await database.transaction { connection in
            _ = try await connection.query("DELETE FROM hierarchy_content WHERE hierarchy = ? AND node_id = ?", [.text(name), .text(nodeId)])
            try await insertContent(content, ofNode: nodeId, connection)
        }
    }

    /// Whether the node at `path`, or a node under it, has content.
    func hasContent(atOrUnder path: String) async throws -> Bool {
        let rows = try await database.withConnection { connection in
            try await connection.query(
                """
                SELECT 1 FROM hierarchy_content c
                JOIN hierarchy_nodes n ON n.hierarchy = c.hierarchy AND n.doc_id = c.node_id
                WHERE c.hierarchy = ? AND (n.doc_path = ? OR substr(n.doc_path, 1, length(?) + 1) = ? || '/')
                LIMIT 1
                """,
                [.text(name), .text(path), .text(path), .text(path)]
            )
        }
        return !rows.isEmpty
    }

    private func deleteRows(_ connection: SQLiteConnection) async throws {
        _ = try await connection.query("DELETE FROM hierarchy_content WHERE hierarchy = ?", [.text(name)])
        _ = try await connection.query("DELETE FROM hierarchy_nodes WHERE hierarchy = ?", [.text(name)])
    }

    private func insert(_ node: HierarchyNode, at position: Int, _ connection: SQLiteConnection) async throws {
        let json = String(decoding: try NUXJSONSerializer.data(with: node.document), as: UTF8.self)
        _ = try await connection.query(
            """
            INSERT OR REPLACE INTO hierarchy_nodes (hierarchy, doc_id, doc_path, parent_id, parent_path, depth, position, document)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [
                .text(name), .text(node.document.entityId), .text(node.document.path ?? ""),
                .text(node.parentId ?? Self.rootKey), .text(node.parentPath ?? "/"),
                .integer(.init(node.depth)), .integer(.init(position)), .text(json),
            ]
        )
    }

    private func insertContent(_ content: [any NUXEntity], ofNode nodeId: String, _ connection: SQLiteConnection) async throws {
        for (position, entity) in content.enumerated() {
            let json = String(decoding: try NUXJSONSerializer.data(with: entity), as: UTF8.self)
            _ = try await connection.query(
                "INSERT INTO hierarchy_content (hierarchy, node_id, position, entity_type, entity) VALUES (?, ?, ?, ?, ?)",
                [.text(name), .text(nodeId), .integer(.init(position)), .text(entity.entityType), .text(json)]
            )
        }
    }

    private func document(in row: SQLiteRow) -> NUXDocument? {
        guard let json = row.column("document")?.string else { return nil }
        return try? JSONDecoder().decode(NUXDocument.self, from: Data(json.utf8))
    }

    private func entity(in row: SQLiteRow) -> (any NUXEntity)? {
        guard let json = row.column("entity")?.string else { return nil }
        return try? NUXJSONSerializer.entity(with: Data(json.utf8), mapper: mapper)
    }
}
