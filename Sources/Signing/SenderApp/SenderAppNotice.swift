/// What a page says after an action sent the browser to it (`?done=…`): one of a fixed set of
/// sentences, so that a crafted link cannot put words on the page.
enum SenderAppNotice: String, Sendable {
    case sent, reminded, canceled, deleted
    case templateSaved = "template-saved"
    case templateDeleted = "template-deleted"

    /// The sentence shown.
    var sentence: String {
        switch self {
        case .sent: "The document was sent for signature."
        case .reminded: "The recipients who have not signed yet were reminded."
        case .canceled: "The document was canceled: its signing links no longer work."
        case .deleted: "The document was deleted."
        case .templateSaved: "The template was saved: send documents from it here."
        case .templateDeleted: "The template was deleted."
        }
    }
}
