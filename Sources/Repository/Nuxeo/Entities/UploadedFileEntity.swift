/// A file of an upload batch as the batch upload API lists it, with its chunks when it was
/// sent in chunks.
struct UploadedFileEntity: Encodable, Sendable {
    /// The file's name.
    let name: String
    /// Its size in bytes so far.
    let size: Int
    /// `chunked` or `normal`.
    let uploadType: String
    /// Its index in the batch.
    let fileIdx: Int
    /// Its media type.
    let mimeType: String
    /// The chunks received, for a chunked file.
    let uploadedChunkIds: [Int]?
    /// How many chunks it has, for a chunked file.
    let chunkCount: Int?

    /// The entity of `file`.
    init(_ file: UploadedFile) {
        self.name = file.name
        self.size = Int(file.size)
        self.uploadType = file.isChunked ? "chunked" : "normal"
        self.fileIdx = file.index
        self.mimeType = file.mimeType
        self.uploadedChunkIds = file.isChunked ? file.uploadedChunks : nil
        self.chunkCount = file.isChunked ? file.chunkCount : nil
    }
}
