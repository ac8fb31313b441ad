/// How a Chancery server notarized a completed document: the Notary's report on the signed
/// PDF, and where to check it. SignWell itself sends no such thing.
public struct Notarization: Codable, Hashable, Sendable {
    /// The Notary report's identifier.
    public var reportID: String
    /// The SHA-256 of the completed PDF, in hexadecimal.
    public var sha256: String?
    /// The public page that shows the proof.
    public var verifyURL: String?
    /// The RFC 3161 time-stamp response over the PDF's hash.
    public var tsrURL: String?
    /// The certificate of the time-stamp authority's root.
    public var tsaCertificateURL: String?

    /// Describes a notarization.
    public init(reportID: String, sha256: String? = nil, verifyURL: String? = nil, tsrURL: String? = nil, tsaCertificateURL: String? = nil) {
        self.reportID = reportID
        self.sha256 = sha256
        self.verifyURL = verifyURL
        self.tsrURL = tsrURL
        self.tsaCertificateURL = tsaCertificateURL
    }

    private enum CodingKeys: String, CodingKey {
        case sha256
        case reportID = "report_id"
        case verifyURL = "verify_url"
        case tsrURL = "tsr_url"
        case tsaCertificateURL = "tsa_certificate_url"
    }
}
