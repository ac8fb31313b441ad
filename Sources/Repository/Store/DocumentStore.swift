import Foundation
import HTTPSupport
import SQLKit
import Storage

/// The SQL statements over `repo_documents`, `repo_aces`, `repo_read_acls` and
/// `repo_fulltext`. Each takes the connection (or transaction) to run on, so that
/// ``Repository`` can compose them into one transaction.
enum DocumentStore {
    // MARK: Documents

    /// The statement that inserts a new document.
    static func insertion(of document: Document, facets: [String]) -> SQLQueryString {
        let values = SQLList(DocumentRow.values(of: document, facets: facets))
        return "INSERT INTO repo_documents (\(unsafeRaw: DocumentRow.columnList)) VALUES (\(values))"
    }

    /// The statement that inserts a new document as the last child of its folder
    /// (`document.parentID`), provided the folder is still at `folderPath` with the document's
    /// read ACL and no live child of it has the document's name: its position is the one
    /// after the folder's last child, which the statement returns. It inserts nothing and
    /// returns no row when the folder is gone, moved or secured otherwise, or the name is taken.
    static func insertionAsLastChild(of document: Document, facets: [String], folderPath: String) -> SQLQueryString {
        var values = DocumentRow.values(of: document, facets: facets)
        values[DocumentRow.positionColumn] = SQLQueryString(
            "(SELECT COALESCE(MAX(child.pos), -1) + 1 FROM repo_documents child WHERE child.parent_id = \(bind: document.parentID))"
        )
        return """
            INSERT INTO repo_documents (\(unsafeRaw: DocumentRow.columnList)) SELECT \(SQLList(values))
            WHERE EXISTS (
                SELECT 1 FROM repo_documents folder WHERE folder.id = \(bind: document.parentID)
                AND folder.path = \(bind: folderPath) AND folder.read_acl_id = \(bind: document.readACLID)
            ) AND NOT EXISTS (
                SELECT 1 FROM repo_documents child
                WHERE child.parent_id = \(bind: document.parentID) AND child.name = \(bind: document.name) AND child.is_version = 0
            )
            RETURNING pos
            """
    }

    /// Writes every column of an existing document.
    static func save(_ document: Document, facets: [String], in sql: any SQLDatabase) async throws {
        let update = sql.update("repo_documents")
        for (column, value) in zip(DocumentRow.columns, DocumentRow.values(of: document, facets: facets)) where column != "id" {
            update.set(SQLIdentifier(column), to: value)
        }
        try await update.where("id", .equal, document.id).run()
    }

    /// The document with `id` (live or version), or `nil`.
    static func document(id: String, in sql: any SQLDatabase) async throws -> Document? {
        try await sql.raw("SELECT \(unsafeRaw: DocumentRow.columnList) FROM repo_documents WHERE id = \(bind: id) LIMIT 1").first()
            .map(DocumentRow.document(from:))
    }

    /// The live document at `path`, or `nil`.
    static func document(path: String, in sql: any SQLDatabase) async throws -> Document? {
        try await sql.raw("SELECT \(unsafeRaw: DocumentRow.columnList) FROM repo_documents WHERE path = \(bind: path) AND is_version = 0 LIMIT 1")
            .first()
            .map(DocumentRow.document(from:))
    }

    /// The live documents directly inside `parentID`, in position order.
    static func children(of parentID: String, in sql: any SQLDatabase) async throws -> [Document] {
        try await sql.raw("SELECT \(unsafeRaw: DocumentRow.columnList) FROM repo_documents WHERE parent_id = \(bind: parentID) ORDER BY pos").all()
            .map(DocumentRow.document(from:))
    }

    /// The versions of the live document `id`, oldest first.
    static func versions(of id: String, in sql: any SQLDatabase) async throws -> [Document] {
        try await sql.raw(
            """
            SELECT \(unsafeRaw: DocumentRow.columnList) FROM repo_documents
            WHERE version_series_id = \(bind: id) AND is_version = 1 ORDER BY created_at, pos
            """
        ).all().map(DocumentRow.document(from:))
    }

    /// Serializes, until the end of the transaction, every change that picks a name inside
    /// `folderID`, so two concurrent creations cannot both find a name free. SQLite runs one
    /// writer at a time already; PostgreSQL takes a transaction-scoped advisory lock.
    static func lockNames(in folderID: String, in sql: any SQLDatabase) async throws {
        guard sql.dialect.name != "sqlite" else { return }
        try await sql.raw("SELECT pg_advisory_xact_lock(hashtext(\(bind: folderID)))").run()
    }

    /// Whether a live document named `name` is inside `parentID`.
    static func nameIsTaken(_ name: String, in parentID: String, in sql: any SQLDatabase) async throws -> Bool {
        try await sql.raw("SELECT id FROM repo_documents WHERE parent_id = \(bind: parentID) AND name = \(bind: name) AND is_version = 0 LIMIT 1")
            .first() != nil
    }

    /// Where a new child of the folder `folderID` named `name` goes, in one statement: the
    /// folder's path and read ACL as they are now, whether a live child of it has that name
    /// already, and the position after its last child. `nil` when the folder is gone.
    static func placeForChild(
        named name: String, in folderID: String, in sql: any SQLDatabase
    ) async throws -> (folderPath: String, readACLID: String, nameIsTaken: Bool, position: Int)? {
        let row = try await sql.raw(
            """
            SELECT path, read_acl_id,
            (SELECT MAX(child.pos) FROM repo_documents child WHERE child.parent_id = \(bind: folderID)) AS last_child_position,
            EXISTS (
                SELECT 1 FROM repo_documents child
                WHERE child.parent_id = \(bind: folderID) AND child.name = \(bind: name) AND child.is_version = 0
            ) AS name_is_taken
            FROM repo_documents WHERE id = \(bind: folderID) LIMIT 1
            """
        ).first()
        guard let row else { return nil }
        return (
            try row.decode(column: "path", as: String.self), try row.decode(column: "read_acl_id", as: String.self),
            try row.decode(column: "name_is_taken", as: Bool.self), (try row.decode(column: "last_child_position", as: Int?.self) ?? -1) + 1
        )
    }

    /// Whether any live document is inside `parentID`.
    static func hasChildren(_ parentID: String, in sql: any SQLDatabase) async throws -> Bool {
        try await sql.select().column("id").from("repo_documents").where("parent_id", .equal, parentID).limit(1).first() != nil
    }

    /// The condition "the document is at `path` or below it" (live documents and versions).
    static func subtree(_ path: String) -> any SQLExpression {
        if path == "/" { return SQLLiteral.boolean(true) }
        return SQLBinaryExpression(
            SQLBinaryExpression(SQLIdentifier("path"), .equal, SQLBind(path)), .or,
            SQLBinaryExpression(
                SQLFunction("substr", args: SQLIdentifier("path"), SQLLiteral.numeric("1"), SQLLiteral.numeric(String(path.count + 1))),
                .equal, SQLBind(path + "/")
            )
        )
    }

    /// Deletes the documents at or below `path` with their ACLs and index entries.
    static func deleteSubtree(at path: String, in sql: any SQLDatabase) async throws {
        let ids = try await sql.select().column("id").from("repo_documents").where(subtree(path)).all(decodingColumn: "id", as: String.self)
        try await delete(ids, in: sql)
    }

    /// Deletes the documents `ids` with their ACLs and index entries.
    static func delete(_ ids: [String], in sql: any SQLDatabase) async throws {
        for start in stride(from: 0, to: ids.count, by: 500) {
            let batch = Array(ids[start..<min(start + 500, ids.count)])
            try await sql.delete(from: "repo_aces").where("document_id", .in, batch).run()
            if sql.dialect.name == "sqlite" {
                // Left for the end of the transaction (``FullTextQueue``), as entries are.
                let removals = SQLList(batch.map { SQLGroupExpression([SQLBind($0), SQLLiteral.null]) })
                try await sql.raw(
                    """
                    INSERT INTO repo_fulltext_pending (doc_id, content) VALUES \(removals)
                    ON CONFLICT (doc_id) DO UPDATE SET content = NULL
                    """
                ).run()
            } else {
                try await sql.delete(from: "repo_fulltext").where("doc_id", .in, batch).run()
            }
            try await sql.delete(from: "repo_documents").where("id", .in, batch).run()
        }
    }

    /// Gives every document at or below `oldPath` the path it has below `newPath` instead.
    static func movePaths(from oldPath: String, to newPath: String, in sql: any SQLDatabase) async throws {
        try await sql.update("repo_documents")
            .set(
                "path",
                to: Concatenation(
                    SQLBind(newPath), SQLFunction("substr", args: SQLIdentifier("path"), SQLLiteral.numeric(String(oldPath.count + 1)))
                )
            )
            .where(subtree(oldPath))
            .run()
    }

    // MARK: Access control

    /// The local ACL of the document `id`.
    static func localACL(of id: String, in sql: any SQLDatabase) async throws -> [AccessControlEntry] {
        try await sql.select().columns(AccessControlEntryRow.columns).from("repo_aces")
            .where("document_id", .equal, id).orderBy("position").all(decoding: AccessControlEntryRow.self).map(\.entry)
    }

    /// Replaces the local ACL of the document `id`.
    static func setLocalACL(_ entries: [AccessControlEntry], of id: String, in sql: any SQLDatabase) async throws {
        try await sql.delete(from: "repo_aces").where("document_id", .equal, id).run()
        for (position, entry) in entries.enumerated() {
            try await sql.insert(into: "repo_aces")
                .columns("document_id", "position", "principal", "permission", "granted", "creator", "begin_at", "end_at")
                .values(
                    SQLBind(id), SQLBind(position), SQLBind(entry.principal), SQLBind(entry.permission),
                    SQLBind(entry.isGranted ? 1 : 0), SQLBind(entry.creator), SQLBind(entry.begin), SQLBind(entry.end)
                )
                .run()
        }
    }

    /// The local ACLs of the live documents at `paths`, by path.
    static func localACLs(atPaths paths: [String], in sql: any SQLDatabase) async throws -> [String: [AccessControlEntry]] {
        guard !paths.isEmpty else { return [:] }
        let rows = try await sql.select()
            .column(SQLColumn("path", table: "d"))
            .columns(AccessControlEntryRow.columns.map { SQLColumn($0, table: "e") })
            .from(SQLAlias(SQLIdentifier("repo_aces"), as: SQLIdentifier("e")))
            .join(
                SQLAlias(SQLIdentifier("repo_documents"), as: SQLIdentifier("d")), method: SQLJoinMethod.inner,
                on: SQLColumn("document_id", table: "e"), .equal, SQLColumn("id", table: "d")
            )
            .where(SQLColumn("path", table: "d"), .in, SQLBind.group(paths))
            .where(SQLColumn("is_version", table: "d"), .equal, SQLLiteral.numeric("0"))
            .orderBy(SQLColumn("position", table: "e"))
            .all()
        var result: [String: [AccessControlEntry]] = [:]
        for row in rows {
            result[try row.decode(column: "path", as: String.self), default: []].append(try row.decode(model: AccessControlEntryRow.self).entry)
        }
        return result
    }

    /// Records a read ACL under its id, unless it is there already (rows another transaction
    /// stored first are left as they are: equal ids mean equal lists).
    static func storeReadACL(_ acl: ReadACL, in sql: any SQLDatabase) async throws {
        let id = acl.id
        guard try await sql.select().column("acl_id").from("repo_read_acls").where("acl_id", .equal, id).limit(1).first() == nil else { return }
        // An ACL that grants nobody still needs a row for its id; a denied entry for Everyone
        // keeps every non-administrator out.
        let entries = acl.entries.isEmpty ? [(principal: AccessControlEntry.everyone, granted: false)] : acl.entries
        let insert = sql.insert(into: "repo_read_acls").columns("acl_id", "position", "principal", "granted").ignoringConflicts()
        for (position, entry) in entries.enumerated() {
            insert.values(SQLBind(id), SQLBind(position), SQLBind(entry.principal), SQLBind(entry.granted ? 1 : 0))
        }
        try await insert.run()
    }

    /// Points the documents `ids` at the read ACL `aclID`.
    static func setReadACL(_ aclID: String, of ids: [String], in sql: any SQLDatabase) async throws {
        for start in stride(from: 0, to: ids.count, by: 500) {
            try await sql.update("repo_documents").set("read_acl_id", to: aclID)
                .where("id", .in, Array(ids[start..<min(start + 500, ids.count)])).run()
        }
    }

    // MARK: Full text

    /// The statement that replaces the full-text index entry of the document `id` with
    /// `text`: on SQLite it is left for the end of the transaction (``FullTextQueue``).
    static func fullTextEntry(_ id: String, text: String, engine: Database.Engine) -> SQLQueryString {
        if engine == .sqlite {
            return """
                INSERT INTO repo_fulltext_pending (doc_id, content) VALUES (\(bind: id), \(bind: text))
                ON CONFLICT (doc_id) DO UPDATE SET content = excluded.content
                """
        }
        return """
            INSERT INTO repo_fulltext (doc_id, content) VALUES (\(bind: id), to_tsvector('simple', \(bind: text)))
            ON CONFLICT (doc_id) DO UPDATE SET content = EXCLUDED.content
            """
    }

    /// `left || right`, the string concatenation both engines spell the same way.
    private struct Concatenation: SQLExpression {
        let left: any SQLExpression
        let right: any SQLExpression

        init(_ left: any SQLExpression, _ right: any SQLExpression) {
            self.left = left
            self.right = right
        }

        func serialize(to serializer: inout SQLSerializer) {
            serializer.write("(")
            left.serialize(to: &serializer)
            serializer.write(" || ")
            right.serialize(to: &serializer)
            serializer.write(")")
        }
    }
}
