/// A page of a ``PDFFile``, with the attributes it inherits from the page tree resolved
/// (ISO 32000-1 §7.7.3.3, §7.7.3.4).
public struct PDFFilePage: Sendable {
    /// The page object's reference.
    public let reference: PDFReference
    /// The page object's own dictionary, without inherited entries.
    public let dictionary: PDFDictionary
    /// The inheritable entries (`/Resources`, `/MediaBox`, `/CropBox`, `/Rotate`) that the
    /// page lacks and an ancestor in the page tree provides, as the ancestor has them.
    public let inheritedEntries: PDFDictionary
    /// The media box; US Letter when neither the page nor an ancestor gives one.
    public let mediaBox: PDFRect
    /// The crop box, clipped to the media box; the media box when none is given.
    public let cropBox: PDFRect
    /// The clockwise rotation for display: 0, 90, 180 or 270.
    public let rotation: Int

    /// The page's dictionary as a stand-alone page: its own entries plus the inherited ones.
    public var completeDictionary: PDFDictionary {
        var complete = dictionary
        for (key, value) in inheritedEntries.entries {
            complete[key] = value
        }
        return complete
    }

    /// The size the page is shown at: the crop box, with width and height swapped when the
    /// page is turned by 90 or 270 degrees.
    public var visibleSize: PDFSize {
        rotation % 180 == 0
            ? PDFSize(width: cropBox.width, height: cropBox.height)
            : PDFSize(width: cropBox.height, height: cropBox.width)
    }
}
