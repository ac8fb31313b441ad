/// A file a recipient is asked to upload while signing, such as a copy of an ID.
///
/// Requests name the recipient (documents) or the placeholder (templates); answers about a
/// recipient give the uploaded file's ``url``.
public struct AttachmentRequest: Codable, Hashable, Sendable {
    /// What is asked for, as the recipient sees it.
    public var name: String
    /// The recipient asked, in a document.
    public var recipientID: String?
    /// The placeholder asked, in a template.
    public var placeholderID: String?
    /// Whether the recipient must upload it to finish.
    public var required: Bool?
    /// Where the uploaded file can be downloaded, once there is one.
    public var url: String?

    /// Creates a request for `name` from the recipient `recipientID`.
    public init(name: String, recipientID: String? = nil, placeholderID: String? = nil, required: Bool? = nil) {
        self.name = name
        self.recipientID = recipientID
        self.placeholderID = placeholderID
        self.required = required
    }

    private enum CodingKeys: String, CodingKey {
        case name, required, url
        case recipientID = "recipient_id"
        case placeholderID = "placeholder_id"
    }
}
