extension PDFFile {
    /// The glyphs shown on `page`, in the order its content streams show them, with Form
    /// XObjects drawn in place (ISO 32000-1 §9.4, §9.10).
    ///
    /// Each glyph carries the Unicode text of its character code and its box in the page's
    /// default user space (see ``PDFTextGlyph``). Callers that search the text join the
    /// glyphs' texts: no spaces or line breaks are added between runs or lines, only the
    /// space glyphs that the page itself shows are there.
    ///
    /// Untrusted pages are read within bounds: at most 1,000,000 operations and 200,000
    /// glyphs (the rest of the page is not read), Form XObjects nested at most 12 deep and
    /// never inside themselves. Malformed operations, unknown fonts (read as Helvetica in
    /// WinAnsiEncoding), fonts without usable metrics or text, and forms that cannot be
    /// decoded are skipped or read as far as they can be, rather than failing.
    ///
    /// - Throws: ``PDFReadError`` when the page's content streams cannot be read at all
    ///   (their filters fail, or they exceed the file's decoding budget), and
    ///   ``PDFReadError/limitExceeded(_:)`` when decoding a form would exceed that budget.
    public func textGlyphs(on page: PDFFilePage) throws(PDFReadError) -> [PDFTextGlyph] {
        let dictionary = page.completeDictionary
        let resources = resolvedOrNil(dictionary["Resources"])?.dictionaryValue
        let content = try contentBytes(dictionary["Contents"])
        var extractor = PDFTextExtractor(file: self)
        try extractor.run(content, resources: resources, depth: 0)
        return extractor.glyphs
    }

    /// The decoded bytes of a page's `/Contents`: one stream, or an array of streams joined
    /// by line feeds (§7.7.3.3). Elements that are not streams are skipped.
    func contentBytes(_ contents: PDFObject?) throws(PDFReadError) -> [UInt8] {
        guard let contents else { return [] }
        if let stream = try stream(contents) {
            return try decodedData(of: stream, reference: contents.referenceValue)
        }
        guard let elements = try resolve(contents).arrayValue else { return [] }
        var bytes: [UInt8] = []
        for element in elements {
            guard let stream = try stream(element) else { continue }
            bytes += try decodedData(of: stream, reference: element.referenceValue)
            bytes.append(0x0A)
        }
        return bytes
    }
}
