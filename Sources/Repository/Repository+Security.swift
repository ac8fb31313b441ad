import Foundation
import SQLKit
import Storage

/// Changing who may do what: local ACL entries, blocking inheritance, and keeping every
/// document's read ACL id in step.
extension Repository {
    /// Adds `entries` to the local ACL of `document`, before a block of inheritance if there
    /// is one; with `blockInheritance`, also grants the caller `Everything` and blocks
    /// inheritance.
    public func addPermissions(
        _ entries: [AccessControlEntry], to document: Document, blockInheritance: Bool = false, for checker: AccessChecker
    ) async throws -> Document {
        for entry in entries where !Permission.grantable.contains(entry.permission) {
            throw RepositoryError.invalid("unknown permission '\(entry.permission)'")
        }
        return try await editLocalACL(of: document, for: checker) { acl in
            let blocked = acl.contains(.blockInheritance) || blockInheritance
            acl.removeAll { $0 == .blockInheritance }
            for entry in entries where !acl.contains(entry) { acl.append(entry) }
            if blocked {
                let keeper = AccessControlEntry(
                    principal: checker.userName, permission: Permission.everything, isGranted: true, creator: checker.userName)
                if blockInheritance, !acl.contains(keeper) { acl.append(keeper) }
                acl.append(.blockInheritance)
            }
        }
    }

    /// Removes local ACL entries of `document`: the one whose ``AccessControlEntry/id`` is `id`,
    /// or every entry of `principal` (for `permission`, when given).
    ///
    /// - Throws: ``RepositoryError/invalid(_:)`` when nothing matches.
    public func removePermissions(
        id: String?, principal: String?, permission: String?, from document: Document, for checker: AccessChecker
    ) async throws -> Document {
        try await editLocalACL(of: document, for: checker) { acl in
            let before = acl.count
            acl.removeAll { entry in
                if let id { return entry.id == id }
                guard let principal, entry.principal == principal, entry != .blockInheritance else { return false }
                return permission.map { entry.permission == $0 } ?? true
            }
            guard acl.count < before else { throw RepositoryError.invalid("no matching permission on \(document.path)") }
        }
    }

    /// Lets the document inherit its parent's ACL again.
    public func unblockInheritance(of document: Document, for checker: AccessChecker) async throws -> Document {
        try await editLocalACL(of: document, for: checker) { acl in acl.removeAll { $0 == .blockInheritance } }
    }

    private func editLocalACL(
        of document: Document, for checker: AccessChecker, _ edit: @Sendable (inout [AccessControlEntry]) throws -> Void
    ) async throws -> Document {
        try await require(Permission.writeSecurity, on: document, for: checker)
        guard !document.isVersion else { throw RepositoryError.invalid("versions keep the ACL of their document") }
        _ = try await commit(recording: { _ in .securityUpdated }, by: checker.userName) { sql in
            var acl = try await DocumentStore.localACL(of: document.id, in: sql)
            try edit(&acl)
            try await DocumentStore.setLocalACL(acl, of: document.id, in: sql)
            try await sql.update("repo_documents").set("change_token", to: SQLRaw("change_token + 1")).where("id", .equal, document.id).run()
            return document
        }
        try await refreshReadACLs(under: document.path)
        return try await database.withReadConnection { sql in try await Self.find(.id(document.id), in: sql) }
    }

    /// Recomputes the read ACL id of every document at or below `path` from the local ACLs.
    func refreshReadACLs(under path: String) async throws {
        try await database.withTransaction { sql in
            let rows = try await sql.select().columns("id", "path", "is_version").from("repo_documents")
                .where(DocumentStore.subtree(path)).all()
            var live: [(id: String, path: String)] = []
            var versions: [(id: String, path: String)] = []
            for row in rows {
                let entry = (try row.decode(column: "id", as: String.self), try row.decode(column: "path", as: String.self))
                if try row.decode(column: "is_version", as: Int.self) != 0 { versions.append(entry) } else { live.append(entry) }
            }
            let ancestors = Self.ancestorPaths(of: path).dropFirst()
            let localACLs = try await Self.localACLsOfSubtree(path, ancestors: Array(ancestors), in: sql)
            var effective: [String: [AccessControlEntry]] = [:]
            if let parentPath = ancestors.first {
                effective[parentPath] = Self.effective(of: parentPath, localACLs: localACLs)
            }
            var idsByACL: [ReadACL: [String]] = [:]
            for document in live.sorted(by: { $0.path.count < $1.path.count }) {
                let own = localACLs[document.path] ?? []
                let parentPath = Self.ancestorPaths(of: document.path).dropFirst().first
                let inherited = own.contains(.blockInheritance) ? [] : (parentPath.flatMap { effective[$0] } ?? [])
                effective[document.path] = own + inherited
                idsByACL[ReadACL(effective: own + inherited), default: []].append(document.id)
            }
            for version in versions {
                idsByACL[ReadACL(effective: effective[version.path] ?? []), default: []].append(version.id)
            }
            for (acl, ids) in idsByACL {
                try await DocumentStore.storeReadACL(acl, in: sql)
                try await DocumentStore.setReadACL(acl.id, of: ids, in: sql)
            }
        }
    }

    /// The local ACLs of the live documents at or below `path` and at `ancestors`, by path.
    private static func localACLsOfSubtree(
        _ path: String, ancestors: [String], in sql: any SQLDatabase
    ) async throws -> [String: [AccessControlEntry]] {
        let subtreePaths = try await sql.select().column("path").from("repo_documents")
            .where(DocumentStore.subtree(path)).where("is_version", .equal, 0)
            .all(decodingColumn: "path", as: String.self)
        var result: [String: [AccessControlEntry]] = [:]
        let paths = ancestors + subtreePaths
        for start in stride(from: 0, to: paths.count, by: 500) {
            let slice = Array(paths[start..<min(start + 500, paths.count)])
            result.merge(try await DocumentStore.localACLs(atPaths: slice, in: sql)) { $1 }
        }
        return result
    }

    /// The effective ACL of the live document at `path`, from the local ACLs along its path.
    private static func effective(of path: String, localACLs: [String: [AccessControlEntry]]) -> [AccessControlEntry] {
        let (local, inherited) = split(paths: ancestorPaths(of: path), localACLs: localACLs)
        return local + inherited
    }
}
