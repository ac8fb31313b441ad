/// Where a document is in its life, with SignWell's names for the states.
public enum DocumentStatus: String, Codable, Sendable, CaseIterable {
    /// Saved but not sent (`draft: true`).
    case draft = "Draft"
    /// Sent: recipients can sign, nobody has yet.
    case sent = "Sent"
    /// Some recipients have signed, others not yet (SignWell's "in progress").
    case pending = "Pending"
    /// Every recipient has signed and the document is sealed.
    case completed = "Completed"
    /// A recipient declined to sign.
    case declined = "Declined"
    /// The sender deleted the document while it was in progress.
    case canceled = "Canceled"
    /// The document's `expires_in` days passed before it was completed.
    case expired = "Expired"

    /// Whether nothing more can happen to the document.
    public var isFinal: Bool {
        switch self {
        case .completed, .declined, .canceled, .expired: return true
        case .draft, .sent, .pending: return false
        }
    }

    /// The status named in a list query (`status:completed`), case-insensitively.
    public init?(queryValue: String) {
        let wanted = queryValue.lowercased()
        guard let match = Self.allCases.first(where: { $0.rawValue.lowercased() == wanted }) else { return nil }
        self = match
    }
}
