import PDF

/// Opening the document a sealer signs, with its errors as ``SealingError``s.
enum SealedDocument {
    /// `pdf` opened, and its pages.
    static func open(_ pdf: [UInt8]) throws(SealingError) -> (PDFFile, [PDFFilePage]) {
        do {
            let file = try PDFFile(bytes: pdf)
            return (file, try file.pages())
        } catch {
            throw .unreadableDocument(error)
        }
    }

    /// Page `index` of `pages`.
    static func page(_ index: Int, of pages: [PDFFilePage]) throws(SealingError) -> PDFFilePage {
        guard pages.indices.contains(index) else {
            throw .noSuchPage(index, pageCount: pages.count)
        }
        return pages[index]
    }
}
