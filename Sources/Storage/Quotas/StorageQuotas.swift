import SQLKit

/// The storage quotas an administrator set, and the one that governs a user.
///
/// Quotas are off by default: a user governed by none may store without limit. A user's own
/// quota wins; without one, the largest quota of the user's groups applies, so that joining a
/// group never lowers what a user may store.
///
/// ```swift
/// let quotas = StorageQuotas(database: database)
/// try await quotas.set(StorageQuota(subject: .group("staff"), bytes: 1 << 30))
/// let limit = try await quotas.limit(forUser: "alice", groups: ["staff"])   // 1 GiB
/// ```
public struct StorageQuotas: Sendable {
    private let database: Database

    /// Creates the store over a migrated database.
    public init(database: Database) {
        self.database = database
    }

    /// Sets (or replaces) the quota of its subject.
    public func set(_ quota: StorageQuota) async throws {
        try await database.withTransaction { sql in
            try await Self.delete(quota.subject, in: sql)
            try await sql.insert(into: "storage_quotas").columns("subject_kind", "subject", "bytes")
                .values(SQLBind(quota.subject.kind), SQLBind(quota.subject.name), SQLBind(quota.bytes)).run()
        }
    }

    /// Removes the quota of `subject`. Returns whether there was one.
    public func clear(_ subject: QuotaSubject) async throws -> Bool {
        try await database.withTransaction { sql in
            let existed = try await Self.bytes(of: subject, in: sql) != nil
            try await Self.delete(subject, in: sql)
            return existed
        }
    }

    /// Every quota, users first, each kind sorted by name.
    public func all() async throws -> [StorageQuota] {
        try await database.withReadConnection { sql in
            try await sql.select().columns("subject_kind", "subject", "bytes").from("storage_quotas")
                .orderBy("subject_kind", .descending).orderBy("subject").all()
                .compactMap { row in
                    let kind = try row.decode(column: "subject_kind", as: String.self)
                    guard let subject = QuotaSubject(kind: kind, name: try row.decode(column: "subject", as: String.self)) else { return nil }
                    return StorageQuota(subject: subject, bytes: try row.decode(column: "bytes", as: Int64.self))
                }
        }
    }

    /// The most bytes the user `userName`, a member of `groups`, may keep stored; `nil` when no
    /// quota governs the user.
    public func limit(forUser userName: String, groups: Set<String>) async throws -> Int64? {
        try await database.withReadConnection { sql in
            if let own = try await Self.bytes(of: .user(userName), in: sql) { return own }
            guard !groups.isEmpty else { return nil }
            return try await sql.select().column(SQLFunction("MAX", args: SQLColumn("bytes")), as: "largest").from("storage_quotas")
                .where("subject_kind", .equal, "group").where("subject", .in, groups.sorted())
                .first(decodingColumn: "largest", as: Int64?.self) ?? nil
        }
    }

    private static func bytes(of subject: QuotaSubject, in sql: any SQLDatabase) async throws -> Int64? {
        try await sql.select().column("bytes").from("storage_quotas")
            .where("subject_kind", .equal, subject.kind).where("subject", .equal, subject.name)
            .first(decodingColumn: "bytes", as: Int64.self)
    }

    private static func delete(_ subject: QuotaSubject, in sql: any SQLDatabase) async throws {
        try await sql.delete(from: "storage_quotas")
            .where("subject_kind", .equal, subject.kind).where("subject", .equal, subject.name).run()
    }
}
