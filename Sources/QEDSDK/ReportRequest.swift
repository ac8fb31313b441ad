import NotaryProof

/// The body of `POST qed/v1/reports/` (and of `PUT qed/v1/reports/{slug}/`) for one file.
///
/// The report's hash is the file's hash. When that is a SHA-256 (64 hex digits), the file is
/// also the report's one provable file, named `name.ext`; a file hashed otherwise (the QED API
/// takes any hex digest of at most 32 bytes) is reported without provable files, which must be
/// SHA-256 digests. The file's ``QEDFile/dateTaken`` is the report's `original_created_at`; since
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

    /// The report of `file`, whose hash is `hash`.
    init(file: QEDFile, hash: String) {
        let dateTaken = ISO8601Timestamp.string(from: file.dateTaken)
        let isSHA256 = hash.utf8.count == 64 && NotaryEntry.isHex(hash.lowercased(), maxBytes: 32)
        self.hash = hash
        self.provableFiles = isSHA256 ? [ProvableFile(hash: hash, fileName: file.fileName)] : []
        self.originalCreatedAt = dateTaken
        self.name = file.name
        self.note = file.note
        self.metaData = Metadata(ext: file.ext, dateTaken: dateTaken)
    }
}
