import Accounts
import Foundation
import HTTPSupport
import Logging
import SQLKit
import Storage

/// The document repository: a tree of typed documents with properties, blobs, access control,
/// lifecycle, locks and versions, over the platform's database and blob store.
///
/// Every operation takes the ``AccessChecker`` of the caller and enforces its permissions;
/// every change runs in one transaction.
///
/// ```swift
/// let repository = Repository(database: database, blobs: blobs)
/// try await repository.bootstrap()
/// let checker = AccessChecker(principal: principal)
/// let workspaces = try await repository.document(.path("/default-domain/workspaces"), for: checker)
/// let note = try await repository.create(type: "Note", name: "todo", properties: ["dc:title": .string("To do")],
///                                        in: workspaces, for: checker)
/// ```
public final class Repository: Sendable {
    /// The name clients use for this repository.
    public static let name = "default"
    /// The advisory lock that makes ``bootstrap()`` run alone across instances.
    static let bootstrapLock: Int64 = 0x4368_616E_5265_706F

    /// The relational database.
    public let database: Database
    /// Where blob bytes live.
    public let blobs: any BlobStore
    /// The types and schemas.
    public let registry: TypeRegistry
    /// Files uploaded ahead of the requests that use them.
    public let uploads: UploadBatches

    /// The per-file upload cap and the storage quotas every upload is held to.
    public let uploadLimits: UploadLimits

    /// The default per-file upload cap: 4 GiB.
    public static let defaultMaxUploadBytes: Int64 = 4 << 30

    /// Creates the repository over opened storage, migrated with ``RepositoryMigrations`` and
    /// ``Storage/QuotaMigrations``; no uploaded file may exceed `maxUploadBytes`.
    public init(database: Database, blobs: any BlobStore, registry: TypeRegistry = .core, maxUploadBytes: Int64 = defaultMaxUploadBytes) {
        self.database = database
        self.blobs = blobs
        self.registry = registry
        self.uploadLimits = UploadLimits(maxFileBytes: maxUploadBytes, database: database)
        self.uploads = UploadBatches(database: database, blobs: blobs, limits: uploadLimits)
    }

    // MARK: Reading

    /// The document `reference` names, which the caller may read.
    ///
    /// - Throws: ``RepositoryError/documentNotFound(_:)``, or ``RepositoryError/forbidden(permission:path:)``.
    public func document(_ reference: DocumentReference, for checker: AccessChecker) async throws -> Document {
        let document = try await database.withReadConnection { sql in try await Self.find(reference, in: sql) }
        try await require(Permission.read, on: document, for: checker)
        return document
    }

    /// The document `reference` names, unchecked; `nil` when there is none.
    static func find(_ reference: DocumentReference, in sql: any SQLDatabase) async throws -> Document {
        let found: Document?
        switch reference {
        case .id(let id): found = try await DocumentStore.document(id: id, in: sql)
        case .path(let path): found = try await DocumentStore.document(path: path, in: sql)
        }
        guard let found else { throw RepositoryError.documentNotFound(reference.description) }
        return found
    }

    /// The parent of `document`, which the caller may read; `nil` for the root.
    public func parent(of document: Document, for checker: AccessChecker) async throws -> Document? {
        if document.isVersion, let series = document.versionSeriesID {
            return try await self.document(.id(series), for: checker)
        }
        guard let parentID = document.parentID else { return nil }
        return try await self.document(.id(parentID), for: checker)
    }

    /// The document's type.
    public func type(of document: Document) -> DocumentType {
        registry.type(named: document.type) ?? DocumentType(name: document.type, parent: "Document", schemas: [], facets: [])
    }

    /// Every facet of `document`: its type's and its own.
    public func facets(of document: Document) -> [String] {
        var facets = type(of: document).facets
        for facet in document.instanceFacets where !facets.contains(facet) { facets.append(facet) }
        if document.isVersion { facets.append("Immutable") }
        return facets
    }

    /// The schemas of `document`.
    public func schemas(of document: Document) -> [Schema] {
        registry.schemas(of: type(of: document), instanceFacets: document.instanceFacets)
    }

    /// Whether the live document has a folderish child the caller may see.
    public func hasFolderishChild(_ document: Document, for checker: AccessChecker) async throws -> Bool {
        let children = try await database.withReadConnection { sql in try await DocumentStore.children(of: document.id, in: sql) }
        for child in children where type(of: child).isFolderish && !facets(of: child).contains(Facet.hiddenInNavigation) {
            if try await isGranted(Permission.browse, on: child, for: checker) { return true }
        }
        return false
    }

    // MARK: Access control

    /// The ACL in force on `document`: its local entries, then inherited ones.
    public func effectiveACL(of document: Document) async throws -> [AccessControlEntry] {
        let (local, inherited) = try await acls(of: document)
        return local + inherited
    }

    /// The local and the inherited ACL of `document`.
    public func acls(of document: Document) async throws -> (local: [AccessControlEntry], inherited: [AccessControlEntry]) {
        let paths = Self.ancestorPaths(of: document.path)
        let byPath = try await database.withReadConnection { sql in try await DocumentStore.localACLs(atPaths: paths, in: sql) }
        return Self.split(paths: paths, localACLs: byPath)
    }

    /// Whether the caller holds `permission` on `document`.
    public func isGranted(_ permission: String, on document: Document, for checker: AccessChecker) async throws -> Bool {
        if checker.isAdministrator { return true }
        return checker.isGranted(permission, by: try await effectiveACL(of: document))
    }

    /// Throws ``RepositoryError/forbidden(permission:path:)`` unless the caller holds
    /// `permission` on `document`. Every change checks its own permission; callers check
    /// first only to refuse before costly work (before storing an upload's body).
    public func require(_ permission: String, on document: Document, for checker: AccessChecker) async throws {
        guard try await isGranted(permission, on: document, for: checker) else {
            throw RepositoryError.forbidden(permission: permission, path: document.path)
        }
    }

    /// The permissions of ``Permission/reported`` the caller holds on `document`.
    public func permissions(on document: Document, for checker: AccessChecker) async throws -> [String] {
        let acl = try await effectiveACL(of: document)
        return Permission.reported.filter { checker.isGranted($0, by: acl) }
    }

    /// `path` and the paths of the folders above it, deepest first: `/a/b` → `/a/b`, `/a`, `/`.
    static func ancestorPaths(of path: String) -> [String] {
        var paths = [path]
        var current = Substring(path)
        while current != "/", let slash = current.lastIndex(of: "/") {
            current = slash == current.startIndex ? "/" : current[..<slash]
            paths.append(String(current))
        }
        return paths
    }

    /// Splits the ACLs along a path (deepest first) into the document's own entries and those
    /// it inherits, stopping at the first ACL that blocks inheritance.
    static func split(paths: [String], localACLs: [String: [AccessControlEntry]]) -> (local: [AccessControlEntry], inherited: [AccessControlEntry]) {
        let local = localACLs[paths[0]] ?? []
        var inherited: [AccessControlEntry] = []
        if !local.contains(.blockInheritance) {
            for path in paths.dropFirst() {
                let entries = localACLs[path] ?? []
                inherited += entries
                if entries.contains(.blockInheritance) { break }
            }
        }
        return (local, inherited)
    }
}
