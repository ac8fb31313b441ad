import HTTPTypes

/// The Nuxeo-specific request and response headers.
enum NuxeoHeader {
    /// A device token.
    static let authenticationToken = HTTPField.Name("X-Authentication-Token")!
    /// `true`: answer an operation with 204 and no body.
    static let voidOperation = HTTPField.Name("X-NXVoidOperation")!
    /// `true`: keep an upload batch after executing an operation on it.
    static let batchNoDrop = HTTPField.Name("X-Batch-No-Drop")!
    /// `NONE`, `MINOR` or `MAJOR`: check in a version after an update.
    static let versioningOption = HTTPField.Name("X-Versioning-Option")!
    /// The name of an uploaded file, percent-encoded.
    static let fileName = HTTPField.Name("X-File-Name")!
    /// The full size of an uploaded file.
    static let fileSize = HTTPField.Name("X-File-Size")!
    /// The MIME type of an uploaded file.
    static let fileType = HTTPField.Name("X-File-Type")!
    /// `normal` or `chunked`.
    static let uploadType = HTTPField.Name("X-Upload-Type")!
    /// The index of the chunk in this request.
    static let chunkIndex = HTTPField.Name("X-Upload-Chunk-Index")!
    /// How many chunks the file has.
    static let chunkCount = HTTPField.Name("X-Upload-Chunk-Count")!
    /// A client's name for one write, so that the write repeated is answered as the first was.
    static let idempotencyKey = HTTPField.Name("Idempotency-Key")!
}
