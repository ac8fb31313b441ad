extension PDFIncrementalUpdate {
    /// Draws `appearance` on the page content of `page`, with the appearance's bottom-left
    /// corner at `origin` of the page as displayed and upright for the viewer, whatever the
    /// page's rotation and crop box.
    ///
    /// The page's `/Contents` becomes `[q, original…, Q, overlay]`, so that a graphics state
    /// the original content leaves behind cannot move the overlay; its `/Resources` get the
    /// overlay's form XObject under a name of its own. Changing page content invalidates
    /// signatures made before, so overlays belong to files not yet signed; later revisions add
    /// annotations instead (see ``addAnnotation(_:to:)``).
    public mutating func addOverlay(_ appearance: PDFAppearanceStream, at origin: PDFPoint, on page: PDFFilePage) throws(PDFReadError) {
        var flat = appearance
        flat.matrix = nil
        let form = flat.write(to: &self)

        guard var dictionary = try currentObject(page.reference).object.dictionaryValue else {
            throw .brokenStructure("page \(page.reference) is not a dictionary")
        }
        var resources = try file.resolve(dictionary["Resources"] ?? page.inheritedEntries["Resources"] ?? .dictionary([:])).dictionaryValue ?? [:]
        var xObjects = try file.resolve(resources["XObject"] ?? .dictionary([:])).dictionaryValue ?? [:]
        let name = (1...).lazy.map { "ChanceryOverlay\($0)" }.first { xObjects[$0] == nil }!
        xObjects[name] = .reference(form)
        resources["XObject"] = .dictionary(xObjects)
        dictionary["Resources"] = .dictionary(resources)

        let geometry = PDFPageGeometry(page: page)
        let corner = geometry.userSpacePoint(origin)
        let turn = geometry.uprightMatrix
        var placement = PDFContentStream()
        placement.paintXObject(named: name, matrix: [turn[0], turn[1], turn[2], turn[3], corner.x, corner.y])

        let original = try existingContents(of: dictionary)
        let save = add(PDFStream(dictionary: [:], data: Array("q\n".utf8)))
        let restore = add(PDFStream(dictionary: [:], data: Array("\nQ\n".utf8)))
        let overlay = add(PDFStream(dictionary: [:], data: placement.bytes))
        dictionary["Contents"] = .array([.reference(save)] + original + [.reference(restore), .reference(overlay)])
        replace(page.reference, with: .dictionary(dictionary))
    }

    /// The references of the content streams of the page `dictionary`, in order.
    private func existingContents(of dictionary: PDFDictionary) throws(PDFReadError) -> [PDFObject] {
        switch dictionary["Contents"] {
        case .reference(let reference)?:
            if let elements = try currentObject(reference).object.arrayValue {
                return elements
            }
            return [.reference(reference)]
        case .array(let elements)?:
            return elements
        default:
            return []
        }
    }
}
