import PDF

/// A picture as a one-page PDF: the page has the picture's size at 96 dots per inch (a
/// pixel is 0.75 pt, as browsers and office programs show images), and the picture fills it.
///
/// A picture larger than 14,400 pt (200 in, PDF's largest page) on a side is scaled down to
/// fit; one smaller than 3 pt (PDF's smallest page) on a side is stretched to 3 pt.
public enum ImagePage {
    /// The largest page side PDF viewers accept, in points (ISO 32000-1 Annex C).
    public static let largestSide = 14_400.0
    /// The smallest page side, in points.
    public static let smallestSide = 3.0

    /// The size of the page for a picture of `width` × `height` pixels.
    public static func size(width: Int, height: Int) -> PDFSize {
        let natural = PDFSize(width: Double(width) * 0.75, height: Double(height) * 0.75)
        let scale = min(1, largestSide / max(natural.width, natural.height))
        return PDFSize(width: max(natural.width * scale, smallestSide), height: max(natural.height * scale, smallestSide))
    }

    /// The most pixels a PNG may have. A PNG is decoded to check it (and to split off its
    /// transparency), and a small file can hold a vast picture: 50 megapixels decode to at
    /// most 400 MB at 16 bits per RGBA sample. JPEG data is embedded without decoding.
    public static let maximumPNGPixels = 50_000_000

    /// A PDF file of one page showing the `format` picture `bytes`, with `title` as its title.
    ///
    /// - Throws: ``ConversionError`` `.unreadableInput` when the image cannot be read,
    ///   `.inputTooLarge` for a PNG of more than ``maximumPNGPixels``.
    public static func pdf(from bytes: [UInt8], format: RasterFormat, title: String) throws -> [UInt8] {
        if format == .png, let (width, height) = RasterDimensions.ofPNG(bytes), width * height > maximumPNGPixels {
            throw ConversionError(
                .inputTooLarge,
                "the picture has \(width) × \(height) pixels, more than the \(maximumPNGPixels / 1_000_000) megapixels this server converts")
        }
        let image: PDFImage
        do {
            image = format == .png ? try PDFImage(png: bytes) : try PDFImage(jpeg: bytes)
        } catch {
            throw ConversionError(.unreadableInput, "the image cannot be read: \(error)")
        }
        var page = PDFPage(size: size(width: image.width, height: image.height))
        page.drawImage(image, in: PDFRect(x: 0, y: 0, width: page.size.width, height: page.size.height))
        var document = PDFDocument(info: PDFDocumentInfo(title: title, producer: "Chancery"))
        document.pages.append(page)
        return document.serialized()
    }
}
