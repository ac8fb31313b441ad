/// The document information dictionary (ISO 32000-1 §14.3.3): metadata that readers show as
/// the document's properties. Entries left `nil` are omitted.
public struct PDFDocumentInfo: Sendable, Hashable {
    /// The document's title.
    public var title: String?
    /// The person or organization that created the document.
    public var author: String?
    /// The document's subject.
    public var subject: String?
    /// Keywords, as one string.
    public var keywords: String?
    /// The application that created the original content.
    public var creator: String?
    /// The application that produced the PDF.
    public var producer: String?
    /// When the document was created.
    public var creationDate: PDFDate?

    /// Creates document information.
    public init(
        title: String? = nil,
        author: String? = nil,
        subject: String? = nil,
        keywords: String? = nil,
        creator: String? = nil,
        producer: String? = nil,
        creationDate: PDFDate? = nil
    ) {
        self.title = title
        self.author = author
        self.subject = subject
        self.keywords = keywords
        self.creator = creator
        self.producer = producer
        self.creationDate = creationDate
    }

    /// The information dictionary, its strings encoded as text strings.
    var dictionary: PDFDictionary {
        var dictionary: PDFDictionary = [:]
        let texts: [(key: String, value: String?)] = [
            ("Title", title), ("Author", author), ("Subject", subject),
            ("Keywords", keywords), ("Creator", creator), ("Producer", producer),
            ("CreationDate", creationDate?.text),
        ]
        for (key, value) in texts {
            if let value {
                dictionary[key] = .string(PDFTextString.encode(value))
            }
        }
        return dictionary
    }
}
