extension PDFIncrementalUpdate {
    /// Appends copies of `pages`, pages of another file `source`, to the end of the
    /// document, and returns the references of the copies.
    ///
    /// Each page is copied with everything it refers to (content, resources, fonts, images,
    /// annotations) under new object numbers; objects several pages share are copied once.
    /// The copies get every attribute they inherited in `source` as their own, so that the
    /// page tree they join cannot change how they look. Links between the copied pages keep
    /// working; links to other pages of `source` lead nowhere (`null`). Form fields are not
    /// carried over: widget annotations are left out, as their fields belong to `source`'s
    /// form, and so is `/StructParents`, which points into `source`'s structure tree.
    ///
    /// The copies go at the end of the root page tree node's `/Kids`, whose `/Count` grows
    /// to match; nothing of the file's existing pages changes.
    public mutating func appendPages(_ pages: [PDFFilePage], of source: PDFFile) throws(PDFReadError) -> [PDFReference] {
        guard !pages.isEmpty else { return [] }
        let root = try pageTreeRoot()
        let references = pages.map { _ in allocate() }
        var pageCopies: [Int: PDFReference] = [:]
        for (page, reference) in zip(pages, references) {
            pageCopies[page.reference.number] = reference
        }
        var copier = PDFObjectGraphCopier(source: source, pageCopies: pageCopies)
        for (page, reference) in zip(pages, references) {
            var dictionary = page.completeDictionary
            for key in ["Parent", "Annots", "StructParents", "B"] {
                dictionary[key] = nil
            }
            dictionary["Type"] = .name("Page")
            dictionary["MediaBox"] = dictionary["MediaBox"] ?? page.mediaBox.corners
            dictionary["CropBox"] = dictionary["CropBox"] ?? page.cropBox.corners
            dictionary["Rotate"] = .integer(page.rotation)
            dictionary["Resources"] = dictionary["Resources"] ?? .dictionary([:])
            var copy = try copier.translate(dictionary, in: &self)
            let annotations = try annotationsWithoutWidgets(of: page, in: source)
            if !annotations.isEmpty {
                copy["Annots"] = try copier.translate(.array(annotations), in: &self)
            }
            copy["Parent"] = .reference(root)
            write(.object(.dictionary(copy)), as: reference)
        }
        try copier.writePending(to: &self)
        try addToPageTree(references)
        return references
    }

    /// Appends a new page that shows `appearance`, the size of the appearance, and returns
    /// its reference. The appearance is written as a form XObject that the page's content
    /// paints at its bottom-left corner.
    public mutating func appendPage(showing appearance: PDFAppearanceStream) throws(PDFReadError) -> PDFReference {
        let root = try pageTreeRoot()
        var flat = appearance
        flat.matrix = nil
        let form = flat.write(to: &self)
        var content = PDFContentStream()
        content.paintXObject(named: "Page", matrix: [1, 0, 0, 1, 0, 0])
        let contents = add(PDFStream(dictionary: [:], data: content.bytes))
        let box = PDFRect(x: 0, y: 0, width: appearance.size.width, height: appearance.size.height).corners
        let page = add(
            .dictionary([
                "Type": .name("Page"),
                "Parent": .reference(root),
                "MediaBox": box,
                "CropBox": box,
                "Rotate": .integer(0),
                "Resources": .dictionary(["XObject": .dictionary(["Page": .reference(form)])]),
                "Contents": .reference(contents),
            ])
        )
        try addToPageTree([page])
        return page
    }

    /// The reference of the root of the page tree, which must be a page tree node.
    private func pageTreeRoot() throws(PDFReadError) -> PDFReference {
        guard let root = file.catalog?["Pages"]?.referenceValue else {
            throw .brokenStructure("the catalog has no /Pages reference")
        }
        guard let node = try currentObject(root).object.dictionaryValue,
            node["Type"]?.nameValue == "Pages" || node["Kids"] != nil
        else {
            throw .brokenStructure("the page tree's root \(root) is not a page tree node")
        }
        return root
    }

    /// Adds `pages` at the end of the root page tree node's `/Kids` and counts them in its
    /// `/Count`. Writes the node, and the `/Kids` array when that is an object of its own.
    private mutating func addToPageTree(_ pages: [PDFReference]) throws(PDFReadError) {
        let root = try pageTreeRoot()
        guard var node = try currentObject(root).object.dictionaryValue else { return }
        let added = pages.map(PDFObject.reference)
        if let kidsReference = node["Kids"]?.referenceValue {
            let kids = try currentObject(kidsReference).object.arrayValue ?? []
            replace(kidsReference, with: .array(kids + added))
        } else {
            node["Kids"] = .array((node["Kids"]?.arrayValue ?? []) + added)
        }
        var count = node["Count"] ?? .integer(0)
        if let countReference = count.referenceValue {
            count = try currentObject(countReference).object
        }
        node["Count"] = .integer((count.integerValue ?? 0) + pages.count)
        replace(root, with: .dictionary(node))
    }

    /// The entries of `page`'s `/Annots` in `source`, without widget annotations.
    private func annotationsWithoutWidgets(of page: PDFFilePage, in source: PDFFile) throws(PDFReadError) -> [PDFObject] {
        let annotations = try source.resolve(page.dictionary["Annots"] ?? .null).arrayValue ?? []
        var kept: [PDFObject] = []
        for annotation in annotations {
            if try source.resolve(annotation).dictionaryValue?["Subtype"]?.nameValue != "Widget" {
                kept.append(annotation)
            }
        }
        return kept
    }
}
