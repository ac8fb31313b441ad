import Foundation

/// An upload batch on the server: files sent ahead of the request that uses them, so that a
/// document is created or updated with a small JSON body that refers to them.
///
/// ```swift
/// let batch = try await NUXBatchUpload.create(in: session)
/// try await batch.upload(fileAt: "/tmp/film.mov") { progress in
///     print("\(progress.bytesSent) of \(progress.totalBytesToSend) bytes")
/// }
/// let film = NUXDocument(type: "File", name: "film.mov", properties: ["dc:title": "film.mov", "file:content": batch.blobReference()])
/// try await session.requestCreateDocument(film, withParent: "/default-domain/workspaces").response()
/// try await batch.drop()
/// ```
///
/// A file larger than the chunk size is sent in chunks, one request each, so that no request
/// is larger than a proxy or the server accepts, and only one chunk is in memory at a time.
public struct NUXBatchUpload: Sendable {
    /// The chunk size ``upload(fileAt:fileIndex:name:mimeType:chunkSize:progress:)`` uses
    /// unless told otherwise: 8 MiB.
    public static let defaultChunkSize: Int64 = 8 << 20

    /// The session that runs the batch's requests.
    public let session: NUXSession
    /// The batch's id, such as `batchId-50b2…`.
    public let batchId: String

    /// The batch `batchId`, which exists on the server of `session`.
    public init(session: NUXSession, batchId: String) {
        self.session = session
        self.batchId = batchId
    }

    /// Creates an empty batch on the server (``NUXSession/requestCreateBatch()``).
    ///
    /// - Throws: ``NUXError/batchNotCreated(statusCode:)`` if the answer has no batch id, or
    ///   why the request failed.
    public static func create(in session: NUXSession) async throws -> NUXBatchUpload {
        let response = try await session.requestCreateBatch().response()
        guard let batchId = (try? response.json())?["batchId"]?.stringValue, !batchId.isEmpty else {
            throw NUXError.batchNotCreated(statusCode: response.statusCode)
        }
        return NUXBatchUpload(session: session, batchId: batchId)
    }

    /// Sends the file at `path` as the file `fileIndex` of the batch: in one request if it is
    /// at most `chunkSize` bytes, otherwise in chunks of `chunkSize` bytes, one after the
    /// other.
    ///
    /// - Parameters:
    ///   - name: The file name the server records; the file's own name if `nil`.
    ///   - mimeType: The file's type; `nil` lets the server tell it from the name.
    ///   - chunkSize: The largest number of bytes one request sends (at least 1).
    ///   - progress: Called as the file's bytes go out: ``NUXTransferProgress/bytesSent``
    ///     counts them over all chunks, ``NUXTransferProgress/totalBytesToSend`` is the file's
    ///     size.
    /// - Throws: ``NUXError/uploadIncomplete(batchId:fileIndex:)`` if the server does not
    ///   report the file complete at the end, the error reading the file, or why a request
    ///   failed.
    public func upload(
        fileAt path: String, fileIndex: Int = 0, name: String? = nil, mimeType: String? = nil,
        chunkSize: Int64 = defaultChunkSize, progress: NUXProgressBlock? = nil
    ) async throws {
        let file = URL(fileURLWithPath: path)
        let size = (try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? NSNumber)?.int64Value ?? 0
        let chunks = Self.chunks(ofSize: size, chunkSize: max(1, chunkSize))
        var last: NUXResponse?
        for chunk in chunks {
            let request = try session.requestUpload(path, toBatch: batchId, fileIndex: fileIndex, name: name, mimeType: mimeType, chunk: chunk)
            let offset = chunk?.offset ?? 0
            do {
                last =
                    if let progress {
                        try await request.response { sent in
                            progress(NUXTransferProgress(bytesSent: offset + sent.bytesSent, totalBytesToSend: size))
                        }
                    } else {
                        try await request.response()
                    }
            } catch NUXError.server(statusCode: 308, _) where chunk.map({ $0.index < $0.count - 1 }) == true {
                // Nuxeo answers 308 Resume Incomplete to every chunk but the last.
                last = nil
            }
            progress?(NUXTransferProgress(bytesSent: offset + (chunk?.length ?? size), totalBytesToSend: size))
        }
        guard last?.statusCode == 201 else { throw NUXError.uploadIncomplete(batchId: batchId, fileIndex: fileIndex) }
    }

    /// The value of a blob property, such as `file:content`, that refers to the file
    /// `fileIndex` of the batch: `{"upload-batch": batchId, "upload-fileId": "0"}`. Send it in a
    /// document created or updated after the file was uploaded.
    public func blobReference(fileIndex: Int = 0) -> NUXJSONValue {
        ["upload-batch": .string(batchId), "upload-fileId": .string(String(fileIndex))]
    }

    /// Drops the batch and its files (``NUXSession/requestDropBatch(_:)``); documents that
    /// refer to them keep them.
    ///
    /// - Throws: Why the request failed.
    public func drop() async throws {
        try await session.requestDropBatch(batchId).response()
    }

    /// The requests' chunks for a file of `size` bytes: `[nil]` (the whole file in one
    /// request) if it is at most `chunkSize` bytes.
    static func chunks(ofSize size: Int64, chunkSize: Int64) -> [NUXBatchUploadRequest.Chunk?] {
        guard size > chunkSize else { return [nil] }
        let count = Int((size + chunkSize - 1) / chunkSize)
        return (0..<count).map { index in
            let offset = Int64(index) * chunkSize
            return NUXBatchUploadRequest.Chunk(index: index, count: count, offset: offset, length: min(chunkSize, size - offset))
        }
    }
}
