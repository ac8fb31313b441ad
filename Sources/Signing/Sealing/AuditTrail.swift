/// What the platform seal shows on the audit page of a completed document: what happened to
/// it, and the digests that tie the record to the files.
public struct AuditTrail: Sendable {
    /// The document's name.
    public var documentName: String
    /// The document's id.
    public var documentID: String
    /// The SHA-256 of each file as it was received, in hexadecimal, with the file's name.
    public var originalFileSHA256: [(name: String, hex: String)]
    /// The SHA-256 of the signed PDF before the seal, in hexadecimal.
    public var signedFileSHA256: String
    /// Where the document's notarization proof can be seen.
    public var proofURL: String
    /// The events, oldest first.
    public var entries: [AuditTrailEntry]

    /// Creates a trail.
    public init(
        documentName: String,
        documentID: String,
        originalFileSHA256: [(name: String, hex: String)],
        signedFileSHA256: String,
        proofURL: String,
        entries: [AuditTrailEntry]
    ) {
        self.documentName = documentName
        self.documentID = documentID
        self.originalFileSHA256 = originalFileSHA256
        self.signedFileSHA256 = signedFileSHA256
        self.proofURL = proofURL
        self.entries = entries
    }
}
