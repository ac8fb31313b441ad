import Foundation
import PDF
import PDFSigning

/// Seals a completed document: a last signature by the platform, whose one widget fills the
/// reserved audit page (see ``DocumentAssembler``) with the audit trail.
///
/// Like a recipient's, the seal's revision adds only a signature field and its widget, so the
/// recipients' signatures stay valid. The seal is PAdES B-T when a time-stamper is given, so
/// that the time of completion rests on a time-stamping authority, else B-B.
///
/// ```swift
/// let sealer = PlatformSealer(keys: keys, timeStamper: AuthorityTimeStamper(authority: tsa))
/// let sealed = try await sealer.seal(signed, trail: trail, auditPageIndex: assembled.auditPageIndex, signingTime: Date())
/// ```
public struct PlatformSealer: Sendable {
    /// The keys whose seal credentials sign.
    public let keys: SigningKeys
    /// Where the seal's time-stamp comes from; `nil` for a B-B seal.
    public let timeStamper: (any SignatureTimeStamper)?

    /// The `/Reason` of every seal.
    static let reason = "Audit trail of the completed document"

    /// Creates a sealer that signs with `keys`' seal credentials and time-stamps with
    /// `timeStamper`.
    public init(keys: SigningKeys, timeStamper: (any SignatureTimeStamper)? = nil) {
        self.keys = keys
        self.timeStamper = timeStamper
    }

    /// `pdf` with the audit trail drawn on page `auditPageIndex` and sealed.
    ///
    /// - Parameters:
    ///   - pdf: The document signed by all its recipients.
    ///   - trail: What the audit page shows.
    ///   - auditPageIndex: The reserved audit page (``AssembledDocument/auditPageIndex``).
    ///   - signingTime: The seal's `/M`, and the completion time shown.
    /// - Throws: ``SealingError`` when the document cannot be read or lacks the page; the
    ///   signer's and the time-stamper's errors.
    public func seal(_ pdf: [UInt8], trail: AuditTrail, auditPageIndex: Int, signingTime: Date) async throws -> [UInt8] {
        let (file, widget) = try Self.widget(for: trail, sealedAt: signingTime, auditPageIndex: auditPageIndex, in: pdf)
        let documentSigner = PDFDocumentSigner(
            signer: try CMSDetachedSigner(credentials: keys.sealCredentials, profile: .padesBaselineB, timeStamper: timeStamper)
        )
        let options = PDFSignatureOptions(
            widgets: [widget],
            signingTime: signingTime,
            reason: Self.reason,
            signerName: keys.sealName
        )
        return try await documentSigner.sign(file, options: options)
    }

    /// `pdf` opened, and the widget that draws `trail` over the content area of its page
    /// `auditPageIndex`.
    static func widget(
        for trail: AuditTrail, sealedAt: Date, auditPageIndex: Int, in pdf: [UInt8]
    ) throws(SealingError) -> (PDFFile, PDFSignatureWidget) {
        let (file, pages) = try SealedDocument.open(pdf)
        let page = try SealedDocument.page(auditPageIndex, of: pages)
        let area = AuditPageLayout(size: PDFPageGeometry(page: page).visibleSize).contentArea
        let appearance = AuditTrailAppearance(trail: trail, sealedAt: sealedAt, size: PDFSize(width: area.width, height: area.height)).appearance()
        return (file, PDFSignatureWidget(pageIndex: auditPageIndex, rect: area, appearance: appearance))
    }
}
