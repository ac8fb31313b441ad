/// A form XObject (ISO 32000-1 §8.10) drawn in its own coordinates, from `(0, 0)` to its
/// size: the appearance of an annotation, or a block of content placed on a page.
///
/// Text is drawn in a standard font when WinAnsiEncoding can represent it, else in the
/// embedded ``fallbackFont`` (a TrueType subset, for names in Japanese for example). Lines
/// and colours are drawn through ``content``; images through ``drawImage(_:in:)``.
///
/// ```swift
/// var appearance = PDFAppearanceStream(size: PDFSize(width: 160, height: 40), fallbackFont: cjkFont)
/// appearance.drawText("山田太郎", at: PDFPoint(x: 4, y: 24), font: .helvetica, size: 12)
/// appearance.content.setRoundLineEnds()
/// appearance.content.strokeLine(through: penStroke)
/// appearance.drawImage(try PDFImage(png: stamp), in: PDFRect(x: 120, y: 4, width: 32, height: 32))
/// let form = appearance.write(to: &update)
/// ```
public struct PDFAppearanceStream: Sendable {
    /// The extent of the drawing, its bounding box `[0 0 width height]`.
    public var size: PDFSize
    /// The drawing operations.
    public var content: PDFContentStream
    /// The `/Matrix` that maps the form's space into the space it is used in; `nil` for the
    /// identity. See ``PDFPageGeometry/uprightMatrix``.
    public var matrix: [Double]?
    /// The font for text the standard fonts cannot show; it records the glyphs used.
    public private(set) var fallbackFont: PDFEmbeddedFont?
    /// Whether text was drawn in the fallback font.
    private var usesFallbackFont = false
    /// The images drawn, named `Im1`, `Im2`, … in the resources.
    private var images: [PDFImage] = []

    /// The resource name of the fallback font.
    private static let fallbackFontResource = "FallbackFont"

    /// Creates an empty appearance of `size`.
    public init(size: PDFSize, content: PDFContentStream = PDFContentStream(), matrix: [Double]? = nil, fallbackFont: PDFEmbeddedFont? = nil) {
        self.size = size
        self.content = content
        self.matrix = matrix
        self.fallbackFont = fallbackFont
    }

    /// `text` cut into runs that each go in one font: characters WinAnsiEncoding can
    /// represent in the standard font, the others in the fallback font (when there is one).
    private func runs(of text: String) -> [(text: String, usesFallback: Bool)] {
        var runs: [(text: String, usesFallback: Bool)] = []
        for character in PDFWinAnsiEncoding.normalized(text) {
            let usesFallback = fallbackFont != nil && PDFWinAnsiEncoding.code(for: character) == PDFWinAnsiEncoding.replacement && character != "?"
            if let last = runs.last, last.usesFallback == usesFallback {
                runs[runs.count - 1].text.append(character)
            } else {
                runs.append((String(character), usesFallback))
            }
        }
        return runs
    }

    /// The width of `text` as ``drawText(_:at:font:size:)`` draws it.
    public func width(of text: String, font: PDFStandardFont, size: Double) -> Double {
        runs(of: text).reduce(0) { total, run in
            if run.usesFallback, let fallbackFont {
                return total + fallbackFont.width(of: run.text, size: size)
            }
            return total + PDFFontMetrics.width(of: run.text, font: font, size: size)
        }
    }

    /// Draws `text` on one line with its baseline starting at `origin`, in `font`, and the
    /// characters `font` cannot show in the fallback font.
    public mutating func drawText(_ text: String, at origin: PDFPoint, font: PDFStandardFont, size: Double) {
        var x = origin.x
        for run in runs(of: text) {
            let position = PDFPoint(x: x, y: origin.y)
            if run.usesFallback, var fallbackFont {
                let codes = fallbackFont.encode(run.text)
                x += fallbackFont.width(of: run.text, size: size)
                self.fallbackFont = fallbackFont
                usesFallbackFont = true
                content.showText(codes, fontResource: Self.fallbackFontResource, at: position, size: size)
            } else {
                content.drawText(run.text, at: position, font: font, size: size)
                x += PDFFontMetrics.width(of: run.text, font: font, size: size)
            }
        }
    }

    /// Draws `image` stretched to fill `rect`.
    public mutating func drawImage(_ image: PDFImage, in rect: PDFRect) {
        images.append(image)
        content.paintXObject(named: "Im\(images.count)", matrix: [rect.width, 0, 0, rect.height, rect.x, rect.y])
    }

    /// Writes the form XObject, with the fonts and images it uses as resources, and returns
    /// its reference.
    public func write(to sink: inout some PDFObjectSink) -> PDFReference {
        var fontResources: PDFDictionary = [:]
        for font in content.fonts.sorted(by: { $0.rawValue < $1.rawValue }) {
            fontResources[font.resourceName] = .dictionary(font.dictionary)
        }
        if usesFallbackFont, let fallbackFont {
            fontResources[Self.fallbackFontResource] = .reference(fallbackFont.write(to: &sink))
        }
        var resources: PDFDictionary = [:]
        if !fontResources.entries.isEmpty {
            resources["Font"] = .dictionary(fontResources)
        }
        if !images.isEmpty {
            var imageResources: PDFDictionary = [:]
            for (index, image) in images.enumerated() {
                imageResources["Im\(index + 1)"] = .reference(image.write(to: &sink))
            }
            resources["XObject"] = .dictionary(imageResources)
        }
        var dictionary: PDFDictionary = [
            "Type": .name("XObject"),
            "Subtype": .name("Form"),
            "BBox": PDFRect(x: 0, y: 0, width: size.width, height: size.height).corners,
            "Resources": .dictionary(resources),
        ]
        if let matrix {
            dictionary["Matrix"] = .array(matrix.map(PDFObject.real))
        }
        dictionary["Filter"] = .name("FlateDecode")
        return sink.add(PDFStream(dictionary: dictionary, data: PDFFlate.compress(content.bytes)))
    }
}
