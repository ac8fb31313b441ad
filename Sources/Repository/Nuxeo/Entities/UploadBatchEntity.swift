/// An upload batch as the batch upload API describes it: its id, and for a batch's info or a
/// batch opened with a named handler, the handler and the files.
struct UploadBatchEntity: Encodable, Sendable {
    /// The batch's id.
    let batchId: String
    /// The upload handler, when described.
    let provider: String?
    /// The files received so far, when described.
    let fileEntries: [UploadedFileEntity]?

    /// A batch described by its id alone, as its creation answers.
    init(batchId: String) {
        self.batchId = batchId
        self.provider = nil
        self.fileEntries = nil
    }

    /// A batch of the default handler with `fileEntries`.
    init(batchId: String, fileEntries: [UploadedFileEntity]) {
        self.batchId = batchId
        self.provider = UploadHandlersEntity.defaultHandler
        self.fileEntries = fileEntries
    }
}
