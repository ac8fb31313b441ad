/// A PDF 1.7 document under construction: pages, document information and attached files,
/// serialized by ``serialized()`` into the bytes of a PDF file (ISO 32000-1).
///
/// ```swift
/// var page = PDFPage(size: .a4)
/// page.content.drawText("Certificate of existence", at: PDFPoint(x: 72, y: 760), font: .helveticaBold, size: 20)
/// page.content.setFillColor(.gray(0.85))
/// page.content.fill(PDFRect(x: 72, y: 740, width: 451, height: 4))
/// page.links.append(PDFLink(rect: PDFRect(x: 72, y: 700, width: 200, height: 14), uri: "https://example.com"))
///
/// var document = PDFDocument(info: PDFDocumentInfo(title: "Certificate of existence"))
/// document.pages.append(page)
/// document.attach(PDFAttachment(name: "proof.json", contents: proof, mimeType: "application/json"))
/// let pdf: [UInt8] = document.serialized()
/// ```
///
/// The output is deterministic: the same document always gives the same bytes. Fonts are the
/// standard fonts, not embedded; streams are not compressed.
public struct PDFDocument: Sendable {
    /// The document's metadata.
    public var info: PDFDocumentInfo
    /// The pages, in order. A document without pages is written with one empty A4 page, as
    /// a PDF file needs at least one.
    public var pages: [PDFPage]
    /// The attached files, in the order they were attached; their names are unique.
    public private(set) var attachments: [PDFAttachment]

    /// Creates a document without pages or attachments.
    public init(info: PDFDocumentInfo = PDFDocumentInfo()) {
        self.info = info
        self.pages = []
        self.attachments = []
    }

    /// Attaches `attachment`, replacing an earlier attachment of the same name.
    public mutating func attach(_ attachment: PDFAttachment) {
        if let index = attachments.firstIndex(where: { $0.name == attachment.name }) {
            attachments[index] = attachment
        } else {
            attachments.append(attachment)
        }
    }

    /// The bytes of the PDF file.
    public func serialized() -> [UInt8] {
        PDFDocumentSerializer.serialize(self)
    }
}
