/// A file embedded in a document (ISO 32000-1 §7.11.4), which readers list as an attachment
/// and can save byte for byte.
public struct PDFAttachment: Sendable, Hashable {
    /// How an attachment relates to the document, for the `/AFRelationship` key of its file
    /// specification (ISO 32000-2 §14.13, also used by PDF/A-3).
    public enum Relationship: String, Sendable, Hashable {
        /// The original source material of the document's content.
        case source = "Source"
        /// Data the document's content was made from, such as a table behind a chart.
        case data = "Data"
        /// Another representation of the document's content.
        case alternative = "Alternative"
        /// Material that supplements the document, such as a proof bundle for a certificate.
        case supplement = "Supplement"
        /// A relationship not otherwise stated.
        case unspecified = "Unspecified"
    }

    /// The file name readers show and save under, unique within a document.
    public var name: String
    /// The file's bytes.
    public var contents: [UInt8]
    /// The file's media type, such as `application/json`, or `nil` if unknown.
    public var mimeType: String?
    /// A description readers show beside the file, or `nil` for none.
    public var fileDescription: String?
    /// How the file relates to the document.
    public var relationship: Relationship

    /// Creates an attachment.
    public init(
        name: String,
        contents: [UInt8],
        mimeType: String? = nil,
        fileDescription: String? = nil,
        relationship: Relationship = .supplement
    ) {
        self.name = name
        self.contents = contents
        self.mimeType = mimeType
        self.fileDescription = fileDescription
        self.relationship = relationship
    }
}

extension PDFAttachment {
    /// The key of the attachment in the document's name tree of embedded files: its name as
    /// a text string. Keys are sorted by these bytes.
    var nameTreeKey: [UInt8] {
        PDFTextString.encode(name)
    }

    /// The dictionary of the embedded file stream (§7.11.4, Table 45): the media type as
    /// its subtype, the size and the MD5 checksum of the contents.
    var embeddedFileDictionary: PDFDictionary {
        var dictionary: PDFDictionary = ["Type": .name("EmbeddedFile")]
        if let mimeType {
            dictionary["Subtype"] = .name(mimeType)
        }
        dictionary["Params"] = .dictionary([
            "Size": .integer(contents.count),
            "CheckSum": .hexString(MD5.hash(contents)),
        ])
        return dictionary
    }

    /// The file specification dictionary (§7.11.3) of the attachment whose contents were
    /// written as the stream `embeddedFile`.
    ///
    /// `/UF` carries the name as a text string. `/F`, a byte string that older readers use,
    /// carries it with every character other than printable ASCII, and the path separators
    /// `/` and `\`, replaced by `_`.
    func fileSpecification(embeddedFile: PDFReference) -> PDFDictionary {
        var dictionary: PDFDictionary = [
            "Type": .name("Filespec"),
            "F": .string(portableName),
            "UF": .string(PDFTextString.encode(name)),
        ]
        if let fileDescription {
            dictionary["Desc"] = .string(PDFTextString.encode(fileDescription))
        }
        dictionary["EF"] = .dictionary(["F": .reference(embeddedFile), "UF": .reference(embeddedFile)])
        dictionary["AFRelationship"] = .name(relationship.rawValue)
        return dictionary
    }

    /// The name in printable ASCII for `/F`, other characters replaced by `_`.
    private var portableName: [UInt8] {
        name.map { character in
            guard let ascii = character.asciiValue, (0x20...0x7E).contains(ascii),
                ascii != UInt8(ascii: "/"), ascii != UInt8(ascii: "\\")
            else { return UInt8(ascii: "_") }
            return ascii
        }
    }
}
