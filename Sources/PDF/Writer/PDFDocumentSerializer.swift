/// Lays out a ``PDFDocument`` as the objects of a PDF file (ISO 32000-1 §7.7): the catalog,
/// the page tree, one shared font dictionary per font used, each page with its content
/// stream, images and link annotations, the attached files, and the information dictionary.
enum PDFDocumentSerializer {
    /// The bytes of the PDF file for `document`.
    static func serialize(_ document: PDFDocument) -> [UInt8] {
        var writer = PDFObjectWriter()
        let catalog = writer.allocate()
        let pageTree = writer.allocate()

        let pages = document.pages.isEmpty ? [PDFPage(size: .a4)] : document.pages
        var fonts: [(font: PDFStandardFont, reference: PDFReference)] = []
        for font in PDFStandardFont.allCases where pages.contains(where: { $0.content.fonts.contains(font) }) {
            fonts.append((font, writer.add(.dictionary(font.dictionary))))
        }

        var kids: [PDFObject] = []
        for page in pages {
            kids.append(.reference(write(page, parent: pageTree, fonts: fonts, to: &writer)))
        }
        writer.write(.object(.dictionary(["Type": .name("Pages"), "Kids": .array(kids), "Count": .integer(kids.count)])), as: pageTree)

        var catalogDictionary: PDFDictionary = ["Type": .name("Catalog"), "Pages": .reference(pageTree)]
        let attachments = document.attachments.sorted { $0.nameTreeKey.lexicographicallyPrecedes($1.nameTreeKey) }
        if !attachments.isEmpty {
            var names: [PDFObject] = []
            var fileSpecifications: [PDFObject] = []
            for attachment in attachments {
                let embeddedFile = writer.add(PDFStream(dictionary: attachment.embeddedFileDictionary, data: attachment.contents))
                let specification = writer.add(.dictionary(attachment.fileSpecification(embeddedFile: embeddedFile)))
                names += [.string(attachment.nameTreeKey), .reference(specification)]
                fileSpecifications.append(.reference(specification))
            }
            catalogDictionary["Names"] = .dictionary(["EmbeddedFiles": .dictionary(["Names": .array(names)])])
            catalogDictionary["AF"] = .array(fileSpecifications)
        }
        writer.write(.object(.dictionary(catalogDictionary)), as: catalog)

        let info = writer.add(.dictionary(document.info.dictionary))
        return writer.finish(root: catalog, info: info)
    }

    /// Writes `page`, its content stream, its images and its link annotations, and returns
    /// the page object's reference. The page lists as resources those of `fonts` it draws text in.
    private static func write(
        _ page: PDFPage,
        parent: PDFReference,
        fonts: [(font: PDFStandardFont, reference: PDFReference)],
        to writer: inout PDFObjectWriter
    ) -> PDFReference {
        let content = writer.add(PDFStream(dictionary: [:], data: page.content.bytes))
        var fontResources: PDFDictionary = [:]
        for (font, reference) in fonts where page.content.fonts.contains(font) {
            fontResources[font.resourceName] = .reference(reference)
        }
        var resources: PDFDictionary = [:]
        if !fontResources.entries.isEmpty {
            resources["Font"] = .dictionary(fontResources)
        }
        if !page.images.isEmpty {
            var imageResources: PDFDictionary = [:]
            for (index, image) in page.images.enumerated() {
                imageResources[PDFPage.imageResourceName(at: index)] = .reference(image.write(to: &writer))
            }
            resources["XObject"] = .dictionary(imageResources)
        }

        var dictionary: PDFDictionary = [
            "Type": .name("Page"),
            "Parent": .reference(parent),
            "MediaBox": PDFRect(x: 0, y: 0, width: page.size.width, height: page.size.height).corners,
            "Resources": .dictionary(resources),
            "Contents": .reference(content),
        ]
        if !page.links.isEmpty {
            let annotations = page.links.map { writer.add(.dictionary($0.annotation)) }
            dictionary["Annots"] = .array(annotations.map(PDFObject.reference))
        }
        return writer.add(.dictionary(dictionary))
    }
}
