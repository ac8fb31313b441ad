/// What the Notary returned for a notarized file: where its proofs are.
public struct NotarizationReceipt: Codable, Sendable, Equatable {
    /// The notary report's id.
    public var reportID: String
    /// The SHA-256 (hex) that was notarized.
    public var sha256: String
    /// The public page that shows the report, as a path such as `/verify/abc`.
    public var verifyPath: String
    /// The RFC 3161 time-stamp reply, as a path that needs the owner's credentials.
    public var timeStampPath: String

    /// Creates a receipt.
    public init(reportID: String, sha256: String, verifyPath: String, timeStampPath: String) {
        self.reportID = reportID
        self.sha256 = sha256
        self.verifyPath = verifyPath
        self.timeStampPath = timeStampPath
    }
}
