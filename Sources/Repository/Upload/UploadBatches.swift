import Accounts
import Foundation
import NIOCore
import SQLKit
import Storage

/// Upload batches: files sent ahead of the request that uses them, whole or in chunks.
///
/// Each chunk streams into the blob store as it arrives; once a file's last chunk is in,
/// the chunks are streamed, in order, into the blob of the whole file. A batch belongs to the
/// user who created it; to anyone else it does not exist.
public final class UploadBatches: Sendable {
    private let database: Database
    private let blobs: any BlobStore
    /// The per-file cap and the quotas every file is held to.
    let limits: UploadLimits

    /// Creates the store.
    init(database: Database, blobs: any BlobStore, limits: UploadLimits) {
        self.database = database
        self.blobs = blobs
        self.limits = limits
    }

    /// Creates an empty batch for `owner` and returns its id.
    public func create(for owner: Principal) async throws -> String {
        let id = "batchId-" + UUID().uuidString.lowercased()
        try await database.withConnection { sql in
            try await sql.insert(into: "repo_upload_batches").columns("id", "owner_id", "created_at")
                .values(SQLBind(id), SQLBind(owner.userID), SQLBind(Date())).run()
        }
        return id
    }

    /// Whether `batchID` exists and belongs to `owner`.
    public func exists(_ batchID: String, for owner: Principal) async throws -> Bool {
        try await database.withReadConnection { sql in
            try await sql.select().column("id").from("repo_upload_batches")
                .where("id", .equal, batchID).where("owner_id", .equal, owner.userID).first() != nil
        }
    }

    /// What one upload request sends.
    public struct Part: Sendable {
        /// The file's index in the batch.
        public var fileIndex: Int
        /// The file name.
        public var name: String
        /// The MIME type the client declared, if any.
        public var declaredType: String?
        /// The file's announced full size, if any.
        public var totalSize: Int64?
        /// For chunked uploads: this chunk's index and the number of chunks.
        public var chunk: (index: Int, count: Int)?

        /// Creates a part description.
        public init(fileIndex: Int, name: String, declaredType: String?, totalSize: Int64?, chunk: (index: Int, count: Int)?) {
            self.fileIndex = fileIndex
            self.name = name
            self.declaredType = declaredType
            self.totalSize = totalSize
            self.chunk = chunk
        }
    }

    /// Stores one upload request's body: a whole file, or one chunk of it.
    ///
    /// - Returns: The file's state afterwards.
    /// - Throws: ``RepositoryError/documentNotFound(_:)`` for an unknown batch,
    ///   ``RepositoryError/conflict(_:)`` when the chunk was received already,
    ///   ``RepositoryError/invalid(_:)`` for inconsistent chunk numbers,
    ///   ``RepositoryError/fileTooLarge(limit:)`` when the file (all its chunks together) is over
    ///   the upload cap, ``RepositoryError/quotaExceeded(limit:)`` when it would take the owner
    ///   past its quota. A refused chunk takes the chunks before it along: nothing of the file
    ///   is left in the batch.
    public func upload<Body: AsyncSequence & Sendable>(_ part: Part, body: Body, batchID: String, owner: Principal) async throws -> UploadedFile
    where Body.Element == ByteBuffer {
        guard try await exists(batchID, for: owner) else { throw RepositoryError.documentNotFound("batch \(batchID)") }
        let (chunkIndex, chunkCount) = part.chunk ?? (0, 1)
        guard chunkCount >= 1, (0..<chunkCount).contains(chunkIndex) else {
            throw RepositoryError.invalid("chunk index \(chunkIndex) is not below the chunk count \(chunkCount)")
        }
        var alreadyInFile: Int64 = 0
        if let existing = try await file(part.fileIndex, of: batchID, owner: owner), part.chunk != nil, existing.isChunked {
            guard existing.chunkCount == chunkCount else {
                throw RepositoryError.invalid("file \(part.fileIndex) has \(existing.chunkCount) chunks, not \(chunkCount)")
            }
            guard !existing.uploadedChunks.contains(chunkIndex) else {
                throw RepositoryError.conflict("chunk \(chunkIndex) of file \(part.fileIndex) already exists in batch \(batchID)")
            }
            alreadyInFile = try await receivedBytes(of: part.fileIndex, in: batchID)
        }
        let stored: StoredBlob
        do {
            let allowance = try await limits.allowance(for: owner, alreadyInFile: alreadyInFile)
            if let announced = part.totalSize { try allowance.check(announced - alreadyInFile) }
            try allowance.check(0)
            do {
                stored = try await blobs.write(body, expectedDigest: nil, maxSize: allowance.bytes)
            } catch StorageError.blobTooLarge {
                throw allowance.refusal
            }
        } catch let refusal as RepositoryError {
            if alreadyInFile > 0 { _ = try await removeFile(part.fileIndex, of: batchID, owner: owner) }
            throw refusal
        }
        let mimeType = MediaTypes.resolve(declared: part.declaredType, fileName: part.name)
        try await database.withTransaction { sql in
            let row = try await sql.select().column("chunked").from("repo_upload_files")
                .where("batch_id", .equal, batchID).where("file_index", .equal, part.fileIndex).first()
            let existingIsChunked = try row?.decode(column: "chunked", as: Int.self) == 1
            if part.chunk == nil || !existingIsChunked {
                try await sql.delete(from: "repo_upload_chunks").where("batch_id", .equal, batchID).where("file_index", .equal, part.fileIndex).run()
                try await sql.delete(from: "repo_upload_files").where("batch_id", .equal, batchID).where("file_index", .equal, part.fileIndex).run()
                try await sql.insert(into: "repo_upload_files")
                    .columns("batch_id", "file_index", "name", "mime_type", "size", "chunk_count", "chunked", "digest")
                    .values(
                        SQLBind(batchID), SQLBind(part.fileIndex), SQLBind(part.name), SQLBind(mimeType),
                        SQLBind(part.totalSize ?? stored.size), SQLBind(chunkCount), SQLBind(part.chunk == nil ? 0 : 1), SQLBind(String?.none)
                    )
                    .run()
            }
            try await sql.insert(into: "repo_upload_chunks").columns("batch_id", "file_index", "chunk_index", "digest", "size")
                .values(SQLBind(batchID), SQLBind(part.fileIndex), SQLBind(chunkIndex), SQLBind(stored.digest.hex), SQLBind(stored.size))
                .run()
        }
        try await completeIfAllChunksArrived(batchID: batchID, fileIndex: part.fileIndex)
        guard let file = try await file(part.fileIndex, of: batchID, owner: owner) else {
            throw RepositoryError.documentNotFound("batch \(batchID)")
        }
        return file
    }

    /// Assembles a file whose chunks have all arrived into one blob.
    private func completeIfAllChunksArrived(batchID: String, fileIndex: Int) async throws {
        let (count, chunks) = try await database.withReadConnection { sql in
            let count = try await sql.select().column("chunk_count").from("repo_upload_files")
                .where("batch_id", .equal, batchID).where("file_index", .equal, fileIndex).first(decodingColumn: "chunk_count", as: Int.self)
            let chunks = try await sql.select().columns("digest", "size").from("repo_upload_chunks")
                .where("batch_id", .equal, batchID).where("file_index", .equal, fileIndex).orderBy("chunk_index").all()
                .map { (try BlobDigest(hex: $0.decode(column: "digest", as: String.self)), try $0.decode(column: "size", as: Int64.self)) }
            return (count ?? 0, chunks)
        }
        guard chunks.count == count, count > 0 else { return }
        let whole: (digest: String, size: Int64)
        if chunks.count == 1 {
            whole = (chunks[0].0.hex, chunks[0].1)
        } else {
            let stored = try await blobs.write(ConcatenatedBlobs(store: blobs, parts: chunks), expectedDigest: nil, maxSize: limits.maxFileBytes)
            whole = (stored.digest.hex, stored.size)
        }
        try await database.withConnection { sql in
            try await sql.update("repo_upload_files").set("digest", to: whole.digest).set("size", to: whole.size)
                .where("batch_id", .equal, batchID).where("file_index", .equal, fileIndex).run()
        }
    }

    /// The bytes the chunks of file `index` received so far hold.
    private func receivedBytes(of index: Int, in batchID: String) async throws -> Int64 {
        try await database.withReadConnection { sql in
            try await sql.select().column(SQLRaw("CAST(COALESCE(SUM(size), 0) AS BIGINT)"), as: "total").from("repo_upload_chunks")
                .where("batch_id", .equal, batchID).where("file_index", .equal, index)
                .first(decodingColumn: "total", as: Int64.self) ?? 0
        }
    }

    /// The file at `index` of the batch, or `nil`.
    public func file(_ index: Int, of batchID: String, owner: Principal) async throws -> UploadedFile? {
        try await files(of: batchID, owner: owner, index: index).first
    }

    /// The files of the batch, by index; `nil` when the batch does not exist.
    public func files(of batchID: String, owner: Principal) async throws -> [UploadedFile]? {
        guard try await exists(batchID, for: owner) else { return nil }
        return try await files(of: batchID, owner: owner, index: nil)
    }

    private func files(of batchID: String, owner: Principal, index: Int?) async throws -> [UploadedFile] {
        try await database.withReadConnection { sql in
            let query = sql.select()
                .columns(UploadedFileRow.columns.map { SQLColumn($0, table: "f") })
                .from(SQLAlias(SQLIdentifier("repo_upload_files"), as: SQLIdentifier("f")))
                .join(
                    SQLAlias(SQLIdentifier("repo_upload_batches"), as: SQLIdentifier("b")), method: SQLJoinMethod.inner,
                    on: SQLColumn("batch_id", table: "f"), .equal, SQLColumn("id", table: "b")
                )
                .where(SQLColumn("batch_id", table: "f"), .equal, SQLBind(batchID))
                .where(SQLColumn("owner_id", table: "b"), .equal, SQLBind(owner.userID))
                .orderBy(SQLColumn("file_index", table: "f"))
            if let index { query.where(SQLColumn("file_index", table: "f"), .equal, SQLBind(index)) }
            var files: [UploadedFile] = []
            for row in try await query.all(decoding: UploadedFileRow.self) {
                let chunks = try await sql.select().column("chunk_index").from("repo_upload_chunks")
                    .where("batch_id", .equal, batchID).where("file_index", .equal, row.fileIndex).orderBy("chunk_index")
                    .all(decodingColumn: "chunk_index", as: Int.self)
                files.append(row.file(uploadedChunks: chunks))
            }
            return files
        }
    }

    /// Removes one file of the batch. Returns whether it was there.
    public func removeFile(_ index: Int, of batchID: String, owner: Principal) async throws -> Bool {
        guard try await file(index, of: batchID, owner: owner) != nil else { return false }
        try await database.withTransaction { sql in
            try await sql.delete(from: "repo_upload_chunks").where("batch_id", .equal, batchID).where("file_index", .equal, index).run()
            try await sql.delete(from: "repo_upload_files").where("batch_id", .equal, batchID).where("file_index", .equal, index).run()
        }
        return true
    }

    /// Drops the batch and its files. Returns whether it was there.
    ///
    /// The blobs stay in the blob store: documents may refer to them now.
    public func drop(_ batchID: String, owner: Principal) async throws -> Bool {
        guard try await exists(batchID, for: owner) else { return false }
        try await database.withTransaction { sql in
            try await sql.delete(from: "repo_upload_chunks").where("batch_id", .equal, batchID).run()
            try await sql.delete(from: "repo_upload_files").where("batch_id", .equal, batchID).run()
            try await sql.delete(from: "repo_upload_batches").where("id", .equal, batchID).run()
        }
        return true
    }

    /// Stores one whole file received outside the batch API (the console's uploads) in a batch
    /// of its own, runs `use` with its blob, and drops the batch whatever happens: the upload
    /// cap and `owner`'s quota apply as to any upload, and the blob stays only if `use` made a
    /// document hold it.
    public func withSingleFile<Body: AsyncSequence & Sendable, Result>(
        named name: String, declaredType: String?, totalSize: Int64?, body: Body, owner: Principal,
        _ use: (BlobInfo) async throws -> Result
    ) async throws -> Result where Body.Element == ByteBuffer {
        let batchID = try await create(for: owner)
        do {
            let part = Part(fileIndex: 0, name: name, declaredType: declaredType, totalSize: totalSize, chunk: nil)
            _ = try await upload(part, body: body, batchID: batchID, owner: owner)
            let result = try await use(try await blob(0, of: batchID, owner: owner))
            _ = try await drop(batchID, owner: owner)
            return result
        } catch {
            _ = try? await drop(batchID, owner: owner)
            throw error
        }
    }

    /// The blob of the complete file `index` of the batch.
    ///
    /// - Throws: ``RepositoryError/invalid(_:)`` when there is no such file or it is incomplete.
    public func blob(_ index: Int, of batchID: String, owner: Principal) async throws -> BlobInfo {
        guard let file = try await file(index, of: batchID, owner: owner) else {
            throw RepositoryError.invalid("batch \(batchID) has no file \(index)")
        }
        guard let blob = file.blob else { throw RepositoryError.invalid("file \(index) of batch \(batchID) is still incomplete") }
        return blob
    }
}
