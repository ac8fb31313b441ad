import PDF

/// The optional signature page: a box for each signer's signature, in two columns, with the
/// signer's name and e-mail address under it. The boxes are drawn on the page; the
/// signatures themselves come later, as widgets of each signer's signature field.
struct SignaturePageLayout {
    /// The page size, in points.
    let size: PDFSize
    /// The signers, in the order of their boxes.
    let signers: [SignerIdentity]

    /// The blank border around everything, in points.
    static let margin = 48.0
    /// The height of the title above the boxes, in points.
    static let titleHeight = 56.0
    /// The space between the two columns, in points.
    static let columnGap = 24.0
    /// The height of a row at full size: the box and the two lines under it, in points.
    static let fullRowHeight = 110.0
    /// The page's title.
    static let title = "Signatures"

    /// How much rows shrink so that all fit the page: 1 when they fit at full size.
    private var scale: Double {
        let rows = Double((signers.count + 1) / 2)
        let available = size.height - 2 * Self.margin - Self.titleHeight
        return rows == 0 ? 1 : min(1, available / rows / Self.fullRowHeight)
    }

    /// The width of a column, in points.
    private var columnWidth: Double {
        (size.width - 2 * Self.margin - Self.columnGap) / 2
    }

    /// Each signer's box, in points from the page's bottom-left corner.
    var boxes: [PDFRect] {
        let rowHeight = Self.fullRowHeight * scale
        let boxHeight = 60 * scale
        let top = size.height - Self.margin - Self.titleHeight
        return signers.indices.map { index in
            let row = Double(index / 2)
            let column = Double(index % 2)
            return PDFRect(
                x: Self.margin + column * (columnWidth + Self.columnGap),
                y: top - row * rowHeight - boxHeight,
                width: columnWidth,
                height: boxHeight
            )
        }
    }

    /// The page: the title, and for each signer a light frame with their name and e-mail
    /// address under it.
    func page() -> PDFAppearanceStream {
        let texts = signers.flatMap { [$0.name, $0.email] }
        var page = PDFAppearanceStream(size: size, fallbackFont: FallbackFont.embedding(for: texts))
        let top = size.height - Self.margin
        page.drawText(Self.title, at: PDFPoint(x: Self.margin, y: top - 14), font: .helveticaBold, size: 18)
        page.content.setFillColor(.gray(0.35))
        page.drawText("Each recipient signs in the box above their name.", at: PDFPoint(x: Self.margin, y: top - 32), font: .helvetica, size: 9)

        let nameSize = 10 * scale
        let emailSize = 8 * scale
        page.content.setStrokeColor(.gray(0.7))
        page.content.setLineWidth(0.75)
        for (signer, box) in zip(signers, boxes) {
            page.content.stroke(box)
            page.content.setFillColor(.black)
            let name = AppearanceLineBreaker(appearance: page, font: .helvetica, size: nameSize).truncated(signer.name, maxWidth: box.width)
            page.drawText(name, at: PDFPoint(x: box.x, y: box.y - 12 * scale), font: .helvetica, size: nameSize)
            page.content.setFillColor(.gray(0.35))
            let email = AppearanceLineBreaker(appearance: page, font: .helvetica, size: emailSize).truncated(signer.email, maxWidth: box.width)
            page.drawText(email, at: PDFPoint(x: box.x, y: box.y - 23 * scale), font: .helvetica, size: emailSize)
        }
        return page
    }
}
