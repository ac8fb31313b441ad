/// Who the fields, checkbox groups and attachment requests of a response are for: the
/// recipients of a document (named by `recipient_id`) or the placeholders of a template
/// (named by `placeholder_id`), as ``RequestReader`` reads them.
enum PartAssignee: Sendable {
    /// A document's recipient.
    case recipient
    /// A template's placeholder.
    case placeholder

    /// `id` as the `recipient_id` member, or `nil` for a placeholder.
    func recipientID(_ id: String) -> String? {
        self == .recipient ? id : nil
    }

    /// `id` as the `placeholder_id` member, or `nil` for a recipient.
    func placeholderID(_ id: String) -> String? {
        self == .placeholder ? id : nil
    }
}
