/// The body of `POST qed/v1/reports/` for one file.
///
/// The report's hash is the file's SHA-256, and the file is its one provable file, named
/// `name.ext`. The file's ``QEDFile/dateTaken`` is the report's `original_created_at`; since
/// the server's answer does not repeat that field, the extension and the date are also sent in
/// `meta_data`, which it does, so the answer describes the whole file.
struct ReportRequest: Encodable {
    struct ProvableFile: Encodable {
        let hash: String
        let fileName: String

        enum CodingKeys: String, CodingKey {
            case hash
            case fileName = "file_name"
        }
    }

    struct Metadata: Encodable {
        let ext: String
        let dateTaken: String
    }

    let hash: String
    let provableFiles: [ProvableFile]
    let originalCreatedAt: String
    let name: String
    let note: String?
    let metaData: Metadata

    enum CodingKeys: String, CodingKey {
        case hash, name, note
        case provableFiles = "provable_files"
        case originalCreatedAt = "original_created_at"
        case metaData = "meta_data"
    }

    /// The report of `file`, whose SHA-256 is `hash`.
    init(file: QEDFile, hash: String) {
        let dateTaken = ISO8601Timestamp.string(from: file.dateTaken)
        self.hash = hash
        self.provableFiles = [ProvableFile(hash: hash, fileName: file.fileName)]
        self.originalCreatedAt = dateTaken
        self.name = file.name
        self.note = file.note
        self.metaData = Metadata(ext: file.ext, dateTaken: dateTaken)
    }
}
