import Storage

/// The file columns of a `repo_upload_files` row, decoded by column name.
struct UploadedFileRow: TableRow {
    /// The columns.
    enum CodingKeys: String, CodingKey, CaseIterable {
        case fileIndex = "file_index"
        case name
        case mimeType = "mime_type"
        case size
        case chunkCount = "chunk_count"
        case chunked, digest
    }

    /// The file's index in its batch.
    let fileIndex: Int
    /// The file's name.
    let name: String
    /// Its media type.
    let mimeType: String
    /// Its size in bytes.
    let size: Int64
    /// How many chunks it has.
    let chunkCount: Int
    /// 1 when it is sent in chunks, 0 otherwise.
    let chunked: Int
    /// The SHA-256 of the whole content once complete.
    let digest: String?

    /// The file the row describes, of which the chunks `uploadedChunks` arrived.
    func file(uploadedChunks: [Int]) -> UploadedFile {
        UploadedFile(
            index: fileIndex, name: name, mimeType: mimeType, size: size, chunkCount: chunkCount, uploadedChunks: uploadedChunks,
            digest: digest, isChunked: chunked != 0)
    }
}
