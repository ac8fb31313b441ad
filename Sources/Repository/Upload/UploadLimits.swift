import Accounts
import SQLKit
import Storage

/// What every upload to the repository is held to: the per-file cap and the uploader's storage
/// quota.
///
/// A user's usage is the bytes the user's upload batches hold plus the lengths of the blobs in
/// the documents (and versions) the user created: each document counts its blobs, even when
/// the content-addressed store keeps one copy of bytes that several documents share. Quotas
/// are checked when bytes arrive; documents made from bytes already counted are not refused.
/// Concurrent uploads of one user are each checked against the usage before them, so together
/// they may overshoot the quota by what they carry.
public struct UploadLimits: Sendable {
    /// The most bytes one file may have, however many chunks it arrives in.
    public let maxFileBytes: Int64
    /// The quotas administrators set.
    let quotas: StorageQuotas
    private let database: Database

    /// Creates the limits over a database migrated with ``RepositoryMigrations`` and
    /// ``Storage/QuotaMigrations``.
    public init(maxFileBytes: Int64, database: Database) {
        self.maxFileBytes = maxFileBytes
        self.quotas = StorageQuotas(database: database)
        self.database = database
    }

    /// How many more bytes may arrive now, and the error for more.
    struct Allowance: Sendable {
        /// The most bytes that may still arrive; negative when none may.
        let bytes: Int64
        /// What to answer when more arrive: the file cap or the quota, whichever is nearer.
        let refusal: RepositoryError

        /// Throws ``refusal`` when `size` bytes do not fit.
        func check(_ size: Int64) throws {
            if size > bytes { throw refusal }
        }
    }

    /// What `principal` may still upload into a file that holds `alreadyInFile` bytes.
    func allowance(for principal: Principal, alreadyInFile: Int64 = 0) async throws -> Allowance {
        let fileRoom = Allowance(bytes: maxFileBytes - alreadyInFile, refusal: .fileTooLarge(limit: maxFileBytes))
        guard let quota = try await quotas.limit(forUser: principal.userName, groups: principal.groups) else { return fileRoom }
        let used = try await usage(userName: principal.userName, userID: principal.userID)
        let quotaRoom = Allowance(bytes: quota - used, refusal: .quotaExceeded(limit: quota))
        return quotaRoom.bytes < fileRoom.bytes ? quotaRoom : fileRoom
    }

    /// Checks files that arrived whole in one request, `sizes` bytes each, against the file
    /// cap and, together, against the quota of `principal`.
    func checkWholeFiles(_ sizes: [Int64], for principal: Principal) async throws {
        for size in sizes where size > maxFileBytes { throw RepositoryError.fileTooLarge(limit: maxFileBytes) }
        try await allowance(for: principal).check(sizes.reduce(0, +))
    }

    /// The bytes the user holds: in upload batches, and in blobs of the documents they created.
    public func usage(userName: String, userID: String) async throws -> Int64 {
        try await database.withReadConnection { sql in
            // The casts keep PostgreSQL's SUM of BIGINT (a NUMERIC) decodable as an integer.
            let documents = try await sql.select().column(SQLRaw("CAST(COALESCE(SUM(blob_bytes), 0) AS BIGINT)"), as: "total")
                .from("repo_documents").where("blob_owner", .equal, userName)
                .first(decodingColumn: "total", as: Int64.self)
            let uploads = try await sql.select().column(SQLRaw("CAST(COALESCE(SUM(c.size), 0) AS BIGINT)"), as: "total")
                .from(SQLAlias(SQLIdentifier("repo_upload_chunks"), as: SQLIdentifier("c")))
                .join(
                    SQLAlias(SQLIdentifier("repo_upload_batches"), as: SQLIdentifier("b")), method: SQLJoinMethod.inner,
                    on: SQLColumn("batch_id", table: "c"), .equal, SQLColumn("id", table: "b")
                )
                .where(SQLColumn("owner_id", table: "b"), .equal, SQLBind(userID))
                .first(decodingColumn: "total", as: Int64.self)
            return (documents ?? 0) + (uploads ?? 0)
        }
    }
}
