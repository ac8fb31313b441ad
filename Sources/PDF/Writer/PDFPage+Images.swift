extension PDFPage {
    /// Paints `image` stretched to fill `rect`, over what ``content`` drew before this call
    /// and under what it draws after.
    ///
    /// ```swift
    /// let photo = try PDFImage(jpeg: bytes)
    /// var page = PDFPage(size: PDFSize(width: Double(photo.width) * 0.75, height: Double(photo.height) * 0.75))
    /// page.drawImage(photo, in: PDFRect(x: 0, y: 0, width: page.size.width, height: page.size.height))
    /// ```
    ///
    /// Each call writes the image once more; draw one ``PDFImage`` on several pages and the
    /// file holds it once per page.
    public mutating func drawImage(_ image: PDFImage, in rect: PDFRect) {
        images.append(image)
        content.paintXObject(named: Self.imageResourceName(at: images.count - 1), matrix: [rect.width, 0, 0, rect.height, rect.x, rect.y])
    }

    /// The name under which the page's resources list its image at `index` of ``images``.
    static func imageResourceName(at index: Int) -> String {
        "Im\(index + 1)"
    }
}
