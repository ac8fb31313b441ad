import BenchmarkSupport
import Foundation
import SQLKit
import Storage

/// Fills the repository with `File` documents fast, straight into the tables.
///
/// Creating a million documents through the API would take hours at one durable transaction
/// per document, so the seeder bypasses it: multi-row `INSERT`s into `repo_documents` with the
/// column layout of `Sources/Repository/Store/DocumentRow.swift`, and the matching rows of
/// `repo_fulltext` and `repo_fulltext_rows`, thousands of documents per transaction. The rows are what the API would
/// have written: the constant columns and the properties JSON are copied from a template
/// document created through the API, each document gets a fresh lower-case UUID, its
/// folder's id, path, next position and read ACL id (`read_acl_id` of the parent, as
/// `Repository.create` does), a unique title, and the full-text text the repository indexes
/// for a `File` (`name title`).
///
/// Documents are dealt round-robin over the folders (document `g` goes to folder
/// `g % folders.count` at position `g / folders.count`), so a folder's children are spread
/// over the table as they would be after months of uploads, not stored side by side.
struct CorpusSeeder: Sendable {
    /// A folder the seeded documents go into.
    struct Folder: Sendable {
        let id: String
        let path: String
        let readACLID: String
        /// Whether the benchmark's plain member may read it.
        let memberCanRead: Bool
    }

    /// The columns and values copied from a `File` created through the API.
    struct Template: Sendable {
        /// `properties`, with the title replaced by ``titleMarker``.
        let properties: String
        let mixinTypes: String
        let instanceFacets: String
        let lifecycleState: String?
        let changeToken: Int
        /// What stands for the title in ``properties``.
        static let titleMarker = "__BENCHMARK_TITLE__"
    }

    /// The columns of `repo_documents`, in the order of `DocumentRow.columns`.
    static let columns = [
        "id", "parent_id", "name", "path", "pos", "primary_type", "mixin_types", "instance_facets", "lifecycle_state",
        "is_trashed", "is_version", "is_checked_in", "is_latest_version", "version_series_id", "version_label",
        "lock_owner", "lock_created", "change_token", "properties", "read_acl_id", "created_at", "modified_at",
    ]

    let database: Database
    let folders: [Folder]
    let template: Template
    /// Rows per `INSERT` (22 binds each).
    var rowsPerStatement = 500
    /// Statements per transaction.
    var statementsPerTransaction = 40

    /// The name of document `number`.
    static func name(of number: Int) -> String { "file-\(number)" }
    /// The title of document `number`; unique, so a title query finds exactly one.
    static func title(of number: Int) -> String { "Document \(number)" }
    /// The folder of document `number`.
    func folder(of number: Int) -> Folder { folders[number % folders.count] }

    /// Reads the template from the document `id` the API created.
    static func template(of id: String, title: String, in database: Database) async throws -> Template {
        try await database.withReadConnection { sql in
            guard
                let row = try await sql.select()
                    .columns("properties", "mixin_types", "instance_facets", "lifecycle_state", "change_token")
                    .from("repo_documents").where("id", .equal, id).first()
            else { throw BenchmarkError("template document \(id) not found") }
            let properties = try row.decode(column: "properties", as: String.self)
            guard properties.contains("\"\(title)\"") else { throw BenchmarkError("template title not found in \(properties)") }
            return Template(
                properties: properties.replacingOccurrences(of: "\"\(title)\"", with: "\"\(Template.titleMarker)\""),
                mixinTypes: try row.decode(column: "mixin_types", as: String.self),
                instanceFacets: try row.decode(column: "instance_facets", as: String.self),
                lifecycleState: try row.decode(column: "lifecycle_state", as: String?.self),
                changeToken: try row.decode(column: "change_token", as: Int.self)
            )
        }
    }

    /// Inserts documents `range` (numbers, see ``folder(of:)``) and returns the rate in documents/s.
    func seed(_ range: Range<Int>, progress: (Int) -> Void = { _ in }) async throws -> Double {
        let start = ContinuousClock.now
        let perTransaction = rowsPerStatement * statementsPerTransaction
        // The writer's page cache is raised while seeding (the tables and their six indexes
        // outgrow SQLite's 2 MB default at once), then set back to what the server uses.
        let previousCacheSize = try await database.withConnection { sql in
            let size = try await sql.raw("PRAGMA cache_size").first(decodingColumn: "cache_size", as: Int.self) ?? -2000
            try await sql.raw("PRAGMA cache_size = -524288").run()
            return size
        }
        do {
            var next = range.lowerBound
            while next < range.upperBound {
                let end = min(next + perTransaction, range.upperBound)
                let first = next
                try await database.withTransaction { sql in
                    var statementStart = first
                    while statementStart < end {
                        let statementEnd = min(statementStart + rowsPerStatement, end)
                        try await insert(statementStart..<statementEnd, in: sql)
                        statementStart = statementEnd
                    }
                }
                next = end
                progress(next)
            }
        } catch {
            try? await database.withConnection { sql in try await sql.raw("PRAGMA cache_size = \(unsafeRaw: String(previousCacheSize))").run() }
            throw error
        }
        try await database.withConnection { sql in
            try await sql.raw("PRAGMA cache_size = \(unsafeRaw: String(previousCacheSize))").run()
            // Leave no large WAL behind for the measurements that follow.
            try await sql.raw("PRAGMA wal_checkpoint(TRUNCATE)").run()
        }
        return Double(range.count) / (ContinuousClock.now - start).seconds
    }

    /// One multi-row insert into `repo_documents` and one into `repo_fulltext`.
    private func insert(_ numbers: Range<Int>, in sql: any SQLDatabase) async throws {
        let now = Date()
        let documents = sql.insert(into: "repo_documents").columns(Self.columns)
        let fullText = sql.insert(into: "repo_fulltext").columns("doc_id", "content")
        for number in numbers {
            let folder = folder(of: number)
            let id = UUID().uuidString.lowercased()
            let name = Self.name(of: number)
            let title = Self.title(of: number)
            documents.values([
                SQLBind(id), SQLBind(folder.id), SQLBind(name), SQLBind(folder.path + "/" + name),
                SQLBind(number / folders.count), SQLBind("File"), SQLBind(template.mixinTypes),
                SQLBind(template.instanceFacets), SQLBind(template.lifecycleState),
                SQLBind(0), SQLBind(0), SQLBind(0), SQLBind(0), SQLBind(String?.none), SQLBind(String?.none),
                SQLBind(String?.none), SQLBind(Date?.none), SQLBind(template.changeToken),
                SQLBind(template.properties.replacingOccurrences(of: Template.titleMarker, with: title)), SQLBind(folder.readACLID),
                SQLBind(now), SQLBind(now),
            ])
            fullText.values([SQLBind(id), SQLBind("\(name) \(title)")] as [any SQLExpression])
        }
        try await documents.run()
        try await fullText.run()
        // The repository finds a document's full-text row by its id through this table.
        try await sql.raw(
            """
            INSERT INTO repo_fulltext_rows (doc_id, fts_rowid)
            SELECT doc_id, rowid FROM repo_fulltext WHERE rowid > (SELECT COALESCE(MAX(fts_rowid), 0) FROM repo_fulltext_rows)
            """
        ).run()
    }
}
