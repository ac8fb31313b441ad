/// A file attached to a message.
public struct MailAttachment: Sendable, Equatable {
    /// The file's name as the recipient sees it.
    public let filename: String
    /// The MIME type, such as `application/pdf`.
    public let contentType: String
    /// The file's bytes.
    public let data: [UInt8]

    /// An attachment named `filename` of type `contentType` (`type/subtype`, no parameters).
    ///
    /// - Throws: ``MailMessageError/lineBreakInHeader(_:)`` for the name,
    ///   ``MailMessageError/invalidContentType(_:)``.
    public init(filename: String, contentType: String, data: [UInt8]) throws(MailMessageError) {
        try MailMessageError.checkHeaderValue(filename, field: "attachment's file name")
        let parts = contentType.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(Self.isTokenCharacter) }) else {
            throw .invalidContentType(contentType)
        }
        self.filename = filename
        self.contentType = contentType
        self.data = data
    }

    /// Whether `character` may stand in a MIME token (RFC 2045): printable ASCII but spaces and tspecials.
    private static func isTokenCharacter(_ character: Character) -> Bool {
        guard let ascii = character.asciiValue, ascii > 0x20, ascii < 0x7F else { return false }
        return !"()<>@,;:\\\"/[]?=".contains(character)
    }
}
