import Foundation
import Repository

extension Administration {
    /// A document property that has an index.
    public struct IndexedProperty: Sendable, Equatable {
        /// The property, as NXQL names it (`dc:source`).
        public let property: String
        /// The database index's name.
        public let indexName: String
        /// When the index was built.
        public let createdAt: Date
    }

    /// How far the build of a property's index has come.
    public struct IndexBuildProgress: Sendable, Equatable {
        /// What the database is doing (PostgreSQL's phase, or `building` on SQLite).
        public let phase: String
        /// The rows indexed so far, when the database says.
        public let rowsDone: Int64?
        /// The rows to index: the documents and their versions.
        public let rowsTotal: Int64?
    }

    /// Checks that `property` can have an index: a property of the core schemas (or a field
    /// inside one) that holds one value per document.
    ///
    /// - Throws: The repository's invalid-request error, saying what is wrong.
    public static func validateIndexable(_ property: String) throws {
        try PropertyIndexes.validate(property)
    }

    /// The indexed properties, by name.
    public func indexedProperties() async throws -> [IndexedProperty] {
        try await PropertyIndexes(database: database).list().map {
            IndexedProperty(property: $0.property, indexName: $0.indexName, createdAt: $0.createdAt)
        }
    }

    /// Builds the index of `property` next to a running server, reporting to `progress` as it
    /// starts, about once a second while it runs, and when it is done; `false` when the
    /// property was indexed already.
    ///
    /// - Throws: The repository's invalid-request error for a property that cannot have an index.
    @discardableResult
    public func addIndex(_ property: String, progress: @escaping @Sendable (IndexBuildProgress) -> Void = { _ in }) async throws -> Bool {
        try await PropertyIndexes(database: database).add(property) {
            progress(IndexBuildProgress(phase: $0.phase, rowsDone: $0.rowsDone, rowsTotal: $0.rowsTotal))
        }
    }

    /// Drops the index of `property`; `false` when it had none.
    @discardableResult
    public func removeIndex(_ property: String) async throws -> Bool {
        try await PropertyIndexes(database: database).remove(property)
    }
}
