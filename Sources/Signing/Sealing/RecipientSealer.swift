import Foundation
import PDF
import PDFSigning

/// Signs a document for one recipient when they finish: everything they put on it becomes
/// visible, and a PAdES signature with a certificate in their name covers the whole file.
///
/// Every mark (signature and initials images, typed values, dates, check marks) is a widget
/// of the recipient's one signature field, each with its own appearance; the revision adds
/// nothing else (no page content, no resources, no other kind of field). Validators such as
/// pyHanko therefore see the signatures made before as followed by form filling only, and
/// keep them valid. Marks with nothing to show (empty text, an empty image) are left out.
///
/// The signature is PAdES B-B (`ETSI.CAdES.detached`), or B-T when a time-stamper is given,
/// by a certificate that ``SigningKeys/credentials(for:)`` issues for this one signature.
///
/// ```swift
/// let sealer = RecipientSealer(keys: keys, timeStamper: nil)
/// let signed = try await sealer.seal(pdf, marks: [
///     SealingMark(box: PageBox(pageIndex: 0, x: 100, y: 700, width: 200, height: 50), content: .image(png)),
///     SealingMark(box: PageBox(pageIndex: 0, x: 100, y: 760, width: 120, height: 20), content: .text("06/01/2025")),
/// ], signer: SignerIdentity(name: "Jane Doe", email: "jane@example.com"), reason: "Signed NDA", signingTime: Date())
/// ```
public struct RecipientSealer: Sendable {
    /// The keys that issue the recipients' certificates.
    public let keys: SigningKeys
    /// Where signature time-stamps come from; `nil` for B-B signatures.
    public let timeStamper: (any SignatureTimeStamper)?

    /// Creates a sealer issuing certificates from `keys`, time-stamping with `timeStamper`.
    public init(keys: SigningKeys, timeStamper: (any SignatureTimeStamper)? = nil) {
        self.keys = keys
        self.timeStamper = timeStamper
    }

    /// `pdf` with `marks` shown and signed by `signer`.
    ///
    /// - Parameters:
    ///   - pdf: The document as it is now: prepared, perhaps signed by earlier recipients.
    ///   - marks: What the recipient put on it.
    ///   - signer: Who the recipient is; their certificate's subject.
    ///   - reason: The signature's `/Reason`.
    ///   - signingTime: The signature's `/M`.
    /// - Throws: ``SealingError`` when the document or an image cannot be read or a mark is on
    ///   a page the document lacks; ``SigningKeysError``, the certificate library's and the
    ///   time-stamper's errors.
    public func seal(_ pdf: [UInt8], marks: [SealingMark], signer: SignerIdentity, reason: String, signingTime: Date) async throws -> [UInt8] {
        let (file, widgets) = try Self.widgets(for: marks, in: pdf)
        let credentials = try keys.credentials(for: signer)
        let documentSigner = PDFDocumentSigner(
            signer: try CMSDetachedSigner(credentials: credentials, profile: .padesBaselineB, timeStamper: timeStamper)
        )
        let options = PDFSignatureOptions(
            widgets: widgets,
            signingTime: signingTime,
            reason: reason,
            contactInfo: signer.email.isEmpty ? nil : signer.email,
            signerName: signer.name
        )
        return try await documentSigner.sign(file, options: options)
    }

    /// `pdf` opened, and a widget for each mark that shows something.
    static func widgets(for marks: [SealingMark], in pdf: [UInt8]) throws(SealingError) -> (PDFFile, [PDFSignatureWidget]) {
        let (file, pages) = try SealedDocument.open(pdf)
        var widgets: [PDFSignatureWidget] = []
        for mark in marks {
            let page = try SealedDocument.page(mark.box.pageIndex, of: pages)
            let rect = mark.box.displayedRect(visibleHeight: PDFPageGeometry(page: page).visibleSize.height)
            guard let appearance = try MarkAppearance.appearance(of: mark.content, size: PDFSize(width: rect.width, height: rect.height)) else {
                continue
            }
            widgets.append(PDFSignatureWidget(pageIndex: mark.box.pageIndex, rect: rect, appearance: appearance))
        }
        return (file, widgets)
    }
}
