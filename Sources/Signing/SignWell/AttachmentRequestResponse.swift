/// An attachment request as the SignWell API returns it. In a document's or template's list
/// it names the recipient (`recipient_id`) or placeholder (`placeholder_id`) it is for; in the
/// list of one recipient or placeholder it names no one.
struct AttachmentRequestResponse: Encodable, Sendable {
    /// What to attach.
    let name: String
    /// The recipient it is for, in a document's list.
    let recipientID: String?
    /// The placeholder it is for, in a template's list.
    let placeholderID: String?
    /// Whether the attachment must be given.
    let required: Bool

    enum CodingKeys: String, CodingKey {
        case name, required
        case recipientID = "recipient_id"
        case placeholderID = "placeholder_id"
    }

    /// `request`, naming whom it is for as `assignee` does.
    init(_ request: AttachmentRequest, for assignee: PartAssignee) {
        name = request.name
        recipientID = assignee.recipientID(request.recipientID)
        placeholderID = assignee.placeholderID(request.recipientID)
        required = request.required
    }

    /// `request`, in the list of the one recipient or placeholder it is for.
    init(ofOne request: AttachmentRequest) {
        name = request.name
        recipientID = nil
        placeholderID = nil
        required = request.required
    }

    /// The requests of `requests` for recipient or placeholder `id`, without the id.
    static func list(_ requests: [AttachmentRequest], for id: String) -> [AttachmentRequestResponse] {
        requests.filter { $0.recipientID == id }.map(AttachmentRequestResponse.init(ofOne:))
    }
}
