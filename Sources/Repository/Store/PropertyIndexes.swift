import Crypto
import Foundation
import NXQL
import SQLKit
import Storage

/// Indexes on document properties, which make NXQL comparisons on them (`dc:title = …`,
/// `IN`, `<`, `BETWEEN`, `STARTSWITH`) index lookups instead of scans.
///
/// Each index is an expression index on `repo_documents` over the very expression the NXQL
/// compiler writes for the property's value (``NXQL/NXQLCompiler/indexExpression(ofProperty:)``),
/// so the database uses it without the compiler knowing it exists, and answers stay exactly what
/// they are without it. `repo_property_indexes` lists the indexed properties. The properties Nuxeo
/// clients query most are indexed by the migration that made the table (``defaultProperties``);
/// administrators add and remove others with `chancery index`, next to a running server: on
/// PostgreSQL the index is built concurrently (writes go on), on SQLite in one statement that
/// holds the write lock while it runs (reads go on).
public struct PropertyIndexes: Sendable {
    /// The database holding the documents.
    public let database: Database
    /// The schemas the properties are looked up in.
    public let registry: TypeRegistry

    /// The properties indexed from the start.
    public static let defaultProperties = ["dc:title", "dc:creator", "dc:created", "dc:modified", "file:content/name", "file:content/digest"]

    /// Property indexes of the documents in `database`, whose properties `registry` describes.
    public init(database: Database, registry: TypeRegistry = .core) {
        self.database = database
        self.registry = registry
    }

    /// An indexed property.
    public struct IndexedProperty: Sendable, Equatable {
        /// The property, as NXQL names it.
        public let property: String
        /// The database index's name.
        public let indexName: String
        /// When the index was built.
        public let createdAt: Date
    }

    /// How far the build of an index has come.
    public struct BuildProgress: Sendable, Equatable {
        /// What the database is doing (PostgreSQL's phase, or `building` on SQLite).
        public let phase: String
        /// The rows indexed so far, when the database says.
        public let rowsDone: Int64?
        /// The rows to index: the documents and their versions.
        public let rowsTotal: Int64?
    }

    /// The indexed properties, by name.
    public func list() async throws -> [IndexedProperty] {
        try await database.withReadConnection { sql in
            try await sql.select().columns(IndexedPropertyRow.columns).from("repo_property_indexes").orderBy("property")
                .all(decoding: IndexedPropertyRow.self).map(\.indexedProperty)
        }
    }

    /// Builds the index of `property`, reporting progress to `progress` as it starts, about
    /// once a second while it runs, and when it is done; `false` when the property was indexed
    /// already.
    ///
    /// - Throws: ``RepositoryError/invalid(_:)`` for a property the schemas do not have or
    ///   that holds a list.
    @discardableResult
    public func add(_ property: String, progress: @escaping @Sendable (BuildProgress) -> Void = { _ in }) async throws -> Bool {
        let expression = try Self.expression(of: property, registry: registry, engine: database.engine)
        guard try await !list().contains(where: { $0.property == property }) else { return false }
        let name = Self.indexName(of: property)
        let total = try await database.withReadConnection { sql in
            try await sql.select().column(SQLFunction("COUNT", args: SQLLiteral.all), as: "total").from("repo_documents").first(
                decodingColumn: "total", as: Int64.self)
        }
        progress(BuildProgress(phase: "starting", rowsDone: 0, rowsTotal: total))
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await self.build(name, on: expression) }
            group.addTask { try await self.report(progress, total: total) }
            // The build finishes first; the reporter is then cancelled.
            try await group.next()
            group.cancelAll()
        }
        // Another instance may have built and recorded the same index meanwhile.
        try await database.withConnection { sql in
            try await sql.insert(into: "repo_property_indexes").columns(IndexedPropertyRow.columns)
                .values(SQLBind(property), SQLBind(name), SQLBind(Date())).ignoringConflicts().run()
        }
        progress(BuildProgress(phase: "done", rowsDone: total, rowsTotal: total))
        return true
    }

    /// Drops the index of `property`; `false` when it was not indexed.
    @discardableResult
    public func remove(_ property: String) async throws -> Bool {
        guard let indexed = try await list().first(where: { $0.property == property }) else { return false }
        try await database.withConnection { sql in
            let concurrently = database.engine == .postgres ? "CONCURRENTLY " : ""
            try await sql.raw("DROP INDEX \(unsafeRaw: concurrently)IF EXISTS \(ident: indexed.indexName)").run()
            try await sql.delete(from: "repo_property_indexes").where("property", .equal, property).run()
        }
        return true
    }

    /// Creates the index `name` on `expression`. On PostgreSQL it is built concurrently and
    /// checked valid afterwards (a failed concurrent build leaves an invalid index, dropped here).
    private func build(_ name: String, on expression: String) async throws {
        try await database.withConnection { sql in
            switch database.engine {
            case .sqlite:
                try await sql.raw("CREATE INDEX IF NOT EXISTS \(ident: name) ON repo_documents ((\(unsafeRaw: expression)))").run()
            case .postgres:
                try await sql.raw("CREATE INDEX CONCURRENTLY IF NOT EXISTS \(ident: name) ON repo_documents ((\(unsafeRaw: expression)))").run()
                let valid = try await sql.raw("SELECT indisvalid AS valid FROM pg_index WHERE indexrelid = to_regclass(\(bind: name))")
                    .first(decodingColumn: "valid", as: Bool.self)
                guard valid == true else {
                    try await sql.raw("DROP INDEX IF EXISTS \(ident: name)").run()
                    throw RepositoryError.conflict("the index of \(name) could not be built; try again")
                }
            }
        }
    }

    /// Reports the build's progress about once a second until cancelled: PostgreSQL's own
    /// figures (`pg_stat_progress_create_index`); on SQLite, which has none, the rows to index.
    private func report(_ progress: @Sendable (BuildProgress) -> Void, total: Int64?) async throws {
        while !Task.isCancelled {
            try? await Task.sleep(for: .seconds(1))
            guard !Task.isCancelled else { return }
            switch database.engine {
            case .sqlite:
                progress(BuildProgress(phase: "building", rowsDone: nil, rowsTotal: total))
            case .postgres:
                let row = try await database.withReadConnection { sql in
                    try await sql.raw(
                        """
                        SELECT phase, tuples_done, tuples_total FROM pg_stat_progress_create_index
                        WHERE relid = to_regclass('repo_documents')
                        """
                    ).first()
                }
                if let row {
                    let done = try row.decode(column: "tuples_done", as: Int64?.self)
                    let reported = try row.decode(column: "tuples_total", as: Int64?.self)
                    progress(
                        BuildProgress(
                            phase: try row.decode(column: "phase", as: String.self), rowsDone: done,
                            rowsTotal: (reported ?? 0) > 0 ? reported : total
                        ))
                }
            }
        }
    }

    /// The name of the index of `property`: readable, and unique by a digest of the property.
    static func indexName(of property: String) -> String {
        let readable = String(property.map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "_" }.prefix(40))
        let digest = SHA256.hash(data: Data(property.utf8)).prefix(4).map { String(format: "%02x", $0) }.joined()
        return "repo_property_\(readable)_\(digest)"
    }

    /// Throws unless `property` can be indexed: a property of the schemas holding one value.
    ///
    /// - Throws: ``RepositoryError/invalid(_:)`` naming the reason.
    public static func validate(_ property: String, registry: TypeRegistry = .core) throws {
        _ = try expression(of: property, registry: registry, engine: .sqlite)
    }

    /// The indexed expression of `property` for `engine`.
    ///
    /// - Throws: ``RepositoryError/invalid(_:)`` when it cannot be indexed.
    static func expression(of property: String, registry: TypeRegistry, engine: Database.Engine) throws -> String {
        do {
            return try NXQLCompiler(schema: registry, dialect: engine == .sqlite ? .sqlite : .postgres).indexExpression(ofProperty: property)
        } catch {
            throw RepositoryError.invalid("\(property) cannot be indexed: \(error.message)")
        }
    }

    /// Creates the table and the indexes of ``defaultProperties``: the migration's work, in its
    /// transaction.
    static func createDefaults(in sql: any SQLDatabase, engine: Database.Engine) async throws {
        try await sql.create(table: "repo_property_indexes")
            .column("property", type: .text, .primaryKey(autoIncrement: false))
            .column("index_name", type: .text, .notNull)
            .column("created_at", type: .timestamp, .notNull)
            .run()
        for property in defaultProperties {
            let name = indexName(of: property)
            let expression = try self.expression(of: property, registry: .core, engine: engine)
            try await sql.raw("CREATE INDEX \(ident: name) ON repo_documents ((\(unsafeRaw: expression)))").run()
            try await sql.insert(into: "repo_property_indexes").columns(IndexedPropertyRow.columns)
                .values(SQLBind(property), SQLBind(name), SQLBind(Date())).run()
        }
    }
}
