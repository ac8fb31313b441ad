extension PDFFile {
    /// The entries a page inherits from its ancestors in the page tree when it lacks them.
    static let inheritableKeys = ["Resources", "MediaBox", "CropBox", "Rotate"]

    /// The pages in document order, from a depth-first walk of the page tree that the catalog's
    /// `/Pages` roots. Nodes seen twice (cycles, shared kids) are walked once.
    ///
    /// - Throws: ``PDFReadError/brokenStructure(_:)`` when the catalog has no page tree,
    ///   ``PDFReadError/limitExceeded(_:)`` beyond ``PDFReadLimits/maximumPageCount`` nodes.
    public func pages() throws(PDFReadError) -> [PDFFilePage] {
        guard let root = catalog?["Pages"]?.referenceValue else {
            throw .brokenStructure("the catalog has no /Pages reference")
        }
        var pages: [PDFFilePage] = []
        var visited: Set<Int> = []
        var stack: [(reference: PDFReference, inherited: PDFDictionary, depth: Int)] = [(root, [:], 0)]
        while let (reference, inherited, depth) = stack.popLast() {
            guard visited.insert(reference.number).inserted else { continue }
            guard visited.count <= limits.maximumPageCount, depth <= limits.maximumNesting else {
                throw .limitExceeded("the page tree has more than \(limits.maximumPageCount) nodes or is too deep")
            }
            guard let node = try object(reference).object.dictionaryValue else { continue }
            let kids = try resolve(node["Kids"] ?? .null).arrayValue
            let isPageTreeNode = node["Type"]?.nameValue == "Pages" || (node["Type"]?.nameValue != "Page" && kids != nil)
            if isPageTreeNode {
                var passedOn = inherited
                for key in Self.inheritableKeys {
                    if let value = node[key] { passedOn[key] = value }
                }
                for kid in (kids ?? []).reversed() {
                    if let kidReference = kid.referenceValue {
                        stack.append((kidReference, passedOn, depth + 1))
                    }
                }
            } else {
                pages.append(try page(reference: reference, dictionary: node, inherited: inherited))
            }
        }
        return pages
    }

    /// The page `reference` with dictionary `dictionary`, given what its ancestors pass on.
    private func page(reference: PDFReference, dictionary: PDFDictionary, inherited: PDFDictionary) throws(PDFReadError) -> PDFFilePage {
        var inheritedEntries: PDFDictionary = [:]
        for key in Self.inheritableKeys where dictionary[key] == nil {
            if let value = inherited[key] { inheritedEntries[key] = value }
        }
        let value = { (key: String) throws(PDFReadError) -> PDFObject? in
            guard let found = dictionary[key] ?? inheritedEntries[key] else { return nil }
            return try self.resolve(found)
        }
        let letter = PDFRect(x: 0, y: 0, width: 612, height: 792)
        let mediaBox = try rectangle(value("MediaBox")) ?? letter
        let cropBox = try rectangle(value("CropBox")).map { $0.clipped(to: mediaBox) } ?? mediaBox
        let rawRotation = try value("Rotate")?.integerValue ?? 0
        let rotation = rawRotation % 90 == 0 ? ((rawRotation % 360) + 360) % 360 : 0
        return PDFFilePage(
            reference: reference,
            dictionary: dictionary,
            inheritedEntries: inheritedEntries,
            mediaBox: mediaBox,
            cropBox: cropBox,
            rotation: rotation
        )
    }

    /// The rectangle `[llx lly urx ury]` in `object`, normalized so that its width and
    /// height are not negative; `nil` when `object` is not an array of four numbers.
    func rectangle(_ object: PDFObject?) throws(PDFReadError) -> PDFRect? {
        guard let elements = object?.arrayValue, elements.count == 4 else { return nil }
        var numbers: [Double] = []
        for element in elements {
            guard let number = try resolve(element).numberValue else { return nil }
            numbers.append(number)
        }
        let left = min(numbers[0], numbers[2])
        let bottom = min(numbers[1], numbers[3])
        return PDFRect(x: left, y: bottom, width: max(numbers[0], numbers[2]) - left, height: max(numbers[1], numbers[3]) - bottom)
    }
}

extension PDFRect {
    /// The part of this rectangle inside `other`; `other` when they do not overlap.
    func clipped(to other: PDFRect) -> PDFRect {
        let left = max(x, other.x)
        let bottom = max(y, other.y)
        let right = min(x + width, other.x + other.width)
        let top = min(y + height, other.y + other.height)
        guard right > left, top > bottom else { return other }
        return PDFRect(x: left, y: bottom, width: right - left, height: top - bottom)
    }
}
