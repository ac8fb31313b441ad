import Foundation
import PDF
import X509

/// What checking one signature of a PDF file found.
public struct PDFSignatureReport: Sendable {
    /// The signature field's fully qualified name.
    public var fieldName: String
    /// The signature dictionary's `/SubFilter`, such as `ETSI.CAdES.detached`.
    public var subFilter: String?
    /// The `/ByteRange`: offset and length of the two signed ranges.
    public var byteRange: [Int]
    /// Whether the signed ranges reach the end of the file.
    public var coversWholeFile: Bool
    /// Whether the signed ranges end where a revision of the file ends (at its `%%EOF`), so
    /// that whatever follows was appended by later incremental updates.
    public var coversRevision: Bool
    /// The CMS checks: digest, signature, chain; `nil` when the CMS could not be read.
    public var cms: CMSVerificationResult?
    /// Problems with the signature dictionary itself (its byte range, its `/Contents`).
    public var problems: [String]
    /// The signing time the dictionary claims in `/M`.
    public var claimedSigningTime: Date?

    /// The signer certificate's subject, as text.
    public var signer: String? { cms?.signer.map { String(describing: $0.subject) } }

    /// Whether the digest, the CMS signature and the chain hold, and the byte range is sound
    /// and ends at a revision's end.
    public var isValid: Bool {
        problems.isEmpty && coversRevision && cms?.isValid == true
    }
}
