/// What the batch upload API answers a file or chunk upload with.
struct UploadReceiptEntity: Encodable, Sendable {
    /// Always `"true"`, a string as Nuxeo writes it.
    let uploaded: String
    /// The batch's id.
    let batchId: String
    /// The file's index in the batch.
    let fileIdx: Int
    /// `chunked` or `normal`.
    let uploadType: String
    /// The file's size once complete, 0 before.
    let uploadedSize: Int
    /// The chunks received, for a chunked file.
    let uploadedChunkIds: [Int]?
    /// How many chunks it has, for a chunked file.
    let chunkCount: Int?

    /// The receipt for `file`, sent as file `fileIdx` of batch `batchId`.
    init(_ file: UploadedFile, batchId: String, fileIdx: Int) {
        self.uploaded = "true"
        self.batchId = batchId
        self.fileIdx = fileIdx
        self.uploadType = file.isChunked ? "chunked" : "normal"
        self.uploadedSize = Int(file.isComplete ? file.size : 0)
        self.uploadedChunkIds = file.isChunked ? file.uploadedChunks : nil
        self.chunkCount = file.isChunked ? file.chunkCount : nil
    }
}
