import Foundation

extension NUXSession {
    // MARK: Batch upload requests

    /// A `POST {api}/upload` request, which creates an empty upload batch; the server answers
    /// `201 Created` with `{"batchId": "…"}`. ``NUXBatchUpload/create(in:)`` runs it.
    public func requestCreateBatch() -> NUXRequest {
        let request = request().addURLSegment("upload")
        request.method = "POST"
        return request
    }

    /// A request that sends the file at `file`, or its `chunk`, as the file `fileIndex` of the
    /// batch `batchId`; see ``NUXBatchUploadRequest``.
    ///
    /// - Throws: The error reading the file's size.
    public func requestUpload(
        _ file: String, toBatch batchId: String, fileIndex: Int = 0, name: String? = nil, mimeType: String? = nil,
        chunk: NUXBatchUploadRequest.Chunk? = nil
    ) throws -> NUXBatchUploadRequest {
        try NUXBatchUploadRequest(
            session: self, batchId: batchId, fileIndex: fileIndex, file: URL(fileURLWithPath: file), name: name, mimeType: mimeType, chunk: chunk
        )
    }

    /// A `DELETE {api}/upload/{batchId}` request, which drops the batch and its files; the
    /// server answers `204 No Content`. Documents that refer to its files keep them.
    public func requestDropBatch(_ batchId: String) -> NUXRequest {
        let request = request().addURLSegment("upload").addURLSegment(batchId)
        request.method = "DELETE"
        return request
    }
}
