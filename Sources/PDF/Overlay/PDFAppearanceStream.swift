/// A form XObject (ISO 32000-1 §8.10) drawn in its own coordinates, from `(0, 0)` to its
/// size: the appearance of an annotation, or a block of content placed on a page.
///
/// ```swift
/// var content = PDFContentStream()
/// content.drawText("Signed by Jane Roe", at: PDFPoint(x: 2, y: 4), font: .helvetica, size: 10)
/// let appearance = PDFAppearanceStream(size: PDFSize(width: 120, height: 16), content: content)
/// ```
public struct PDFAppearanceStream: Sendable {
    /// The extent of the drawing, its bounding box `[0 0 width height]`.
    public var size: PDFSize
    /// The drawing.
    public var content: PDFContentStream
    /// The `/Matrix` that maps the form's space into the space it is used in; `nil` for the
    /// identity. See ``PDFPageGeometry/uprightMatrix``.
    public var matrix: [Double]?

    /// Creates an appearance of `size` drawn by `content`.
    public init(size: PDFSize, content: PDFContentStream, matrix: [Double]? = nil) {
        self.size = size
        self.content = content
        self.matrix = matrix
    }

    /// Writes the form XObject, with the fonts it uses as resources, and returns its reference.
    public func write(to sink: inout some PDFObjectSink) -> PDFReference {
        var fontResources: PDFDictionary = [:]
        for font in content.fonts.sorted(by: { $0.rawValue < $1.rawValue }) {
            fontResources[font.resourceName] = .dictionary(font.dictionary)
        }
        var resources: PDFDictionary = [:]
        if !fontResources.entries.isEmpty {
            resources["Font"] = .dictionary(fontResources)
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
