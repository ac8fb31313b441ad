import Foundation
import PDF

/// A one-page certificate like the one the notary issues, plus a small second page, used by
/// the structural tests and by the tests that run third-party PDF tools.
enum SampleCertificate {
    static let title = "Certificate of existence"
    static let hash = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"
    static let accentedLine = "Café crème, naïve: €12.50"
    static let uri = "https://example.com/verify?hash=9f86"

    /// An attachment of every byte value, to show that binary content survives unchanged.
    static let binaryAttachment = PDFAttachment(
        name: "all-bytes.bin",
        contents: (0...255).map { UInt8($0) },
        mimeType: "application/octet-stream",
        fileDescription: "Every byte value"
    )
    /// A text attachment with a name outside ASCII.
    static let jsonAttachment = PDFAttachment(
        name: "Prüfbericht.json",
        contents: Array("{\"hash\":\"\(hash)\"}\n".utf8),
        mimeType: "application/json",
        fileDescription: "Proof bundle – JSON"
    )

    /// The document, built the same way on every call.
    static func document(title: String = title) -> PDFDocument {
        var page = PDFPage(size: .a4)
        page.content.withSavedGraphicsState { content in
            content.setFillColor(.rgb(red: 0.1, green: 0.2, blue: 0.45))
            content.fill(PDFRect(x: 0, y: 760, width: PDFSize.a4.width, height: 81.89))
            content.setFillColor(.white)
            content.drawText(title, at: PDFPoint(x: 56, y: 790), font: .helveticaBold, size: 24)
        }
        page.content.drawText(accentedLine, at: PDFPoint(x: 56, y: 700), font: .helvetica, size: 12)
        page.content.drawText("Issued (for testing) \\ by Chancery", at: PDFPoint(x: 56, y: 680), font: .helveticaOblique, size: 10)
        page.content.drawText(hash, at: PDFPoint(x: 56, y: 650), font: .courier, size: 9)
        page.content.withSavedGraphicsState { content in
            content.setStrokeColor(.gray(0.5))
            content.setLineWidth(0.75)
            content.strokeLine(from: PDFPoint(x: 56, y: 640), to: PDFPoint(x: 539, y: 640))
            content.stroke(PDFRect(x: 56, y: 500, width: 120, height: 120))
        }
        for row in 0..<25 {
            for column in 0..<25 where (row * 7 + column * 3) % 5 < 2 {
                page.content.fill(PDFRect(x: 60 + Double(column) * 4.5, y: 504 + Double(row) * 4.5, width: 4.5, height: 4.5))
            }
        }
        page.content.setFillColor(.rgb(red: 0, green: 0, blue: 0.8))
        page.content.drawText(uri, at: PDFPoint(x: 200, y: 560), font: .courierBold, size: 9)
        let linkWidth = PDFFontMetrics.width(of: uri, font: .courierBold, size: 9)
        page.links.append(PDFLink(rect: PDFRect(x: 200, y: 557, width: linkWidth, height: 12), uri: uri))

        var second = PDFPage(size: PDFSize(width: 300, height: 200))
        second.content.drawText("Second page", at: PDFPoint(x: 20, y: 100), font: .helvetica, size: 10)

        var document = PDFDocument(
            info: PDFDocumentInfo(
                title: title,
                author: "Chancery",
                subject: "Notarized file – test",
                producer: "Chancery PDF writer",
                creationDate: PDFDate(Date(timeIntervalSince1970: 1_741_944_413))
            )
        )
        document.pages = [page, second]
        document.attach(jsonAttachment)
        document.attach(binaryAttachment)
        return document
    }
}
