import HTTPSupport
import JSON
import PDF

/// The fields that the text tags in a document's files ask for (see ``TextTag``).
enum TextTagFields {
    /// Someone a tag may name: a recipient of a document, or a placeholder of a template.
    struct Participant: Sendable {
        /// The id fields name them by.
        let id: String
        /// Their name, which tags in templates may use instead of the id.
        let name: String?
    }

    /// The fields the tags in `files` ask for, one list per file, placed where the tags are
    /// drawn: a field's top-left corner at its tag's, in 96-dpi pixels of the displayed page.
    /// Problems (a tag naming nobody, an unknown option, a file whose text cannot be read)
    /// go to `reader`, under `files[i].text_tags[j]`.
    static func fields(in files: [IntakeFile], participants: [Participant], reader: RequestReader) -> [[DocumentField]] {
        files.enumerated().map { fileIndex, file in
            var fields: [DocumentField] = []
            let pages: [(page: PDFFilePage, tags: [TextTagScanner.Found])]
            do {
                pages = try tags(in: file.pdf)
            } catch {
                reader.fail("files[\(fileIndex)]", "has text that cannot be read for text tags: \(error)")
                return []
            }
            var tagIndex = 0
            for (pageIndex, page) in pages.enumerated() {
                let geometry = PDFPageGeometry(page: page.page)
                for found in page.tags {
                    let path = "files[\(fileIndex)].text_tags[\(tagIndex)]"
                    let location = "{{\(found.content)}} on page \(pageIndex + 1)"
                    let tag: TextTag
                    do {
                        guard let read = try TextTag(found.content) else { continue }
                        tag = read
                    } catch {
                        reader.fail(path, "\(location) \(error)")
                        tagIndex += 1
                        continue
                    }
                    tagIndex += 1
                    guard let recipientID = recipient(tag.recipient, among: participants) else {
                        reader.fail(path, "\(location) names \(tag.recipient), who is not a recipient")
                        continue
                    }
                    let box = PageBox(
                        pageIndex: pageIndex, displayedRect: geometry.displayedRect(found.box), visibleHeight: geometry.visibleSize.height
                    )
                    var members = tag.members
                    members["type"] = .string(tag.type.rawValue)
                    members["recipient_id"] = .string(recipientID)
                    members["page"] = .integer(pageIndex + 1)
                    members["x"] = .number(max(0, box.x))
                    members["y"] = .number(max(0, box.y))
                    if let field = FieldRequest.field(
                        members, fileIndex: fileIndex, at: path, recipientIDs: Set(participants.map(\.id)), defaultRecipient: nil, reader: reader
                    ) {
                        fields.append(field)
                    }
                }
            }
            return fields
        }
    }

    /// The pages of the PDF `bytes` with the tags drawn on each.
    private static func tags(in bytes: [UInt8]) throws(PDFReadError) -> [(page: PDFFilePage, tags: [TextTagScanner.Found])] {
        let file = try PDFFile(bytes: bytes)
        var pages: [(page: PDFFilePage, tags: [TextTagScanner.Found])] = []
        for page in try file.pages() {
            pages.append((page, TextTagScanner.tags(in: try file.textGlyphs(on: page))))
        }
        return pages
    }

    /// The id of the participant `reference` names: by id, then by name (ignoring case), then
    /// as a number counting from 1.
    private static func recipient(_ reference: String, among participants: [Participant]) -> String? {
        if let byID = participants.first(where: { $0.id == reference }) { return byID.id }
        if let byName = participants.first(where: { $0.name?.lowercased() == reference.lowercased() }) { return byName.id }
        if let number = Int(reference), participants.indices.contains(number - 1) { return participants[number - 1].id }
        return nil
    }
}
