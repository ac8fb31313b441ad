/// Where one recipient is, with the names SignWell reports.
public enum RecipientStatus: String, Codable, Sendable {
    /// The document is a draft.
    case created
    /// Signing in order, and it is not this recipient's turn yet.
    case waiting
    /// The recipient can sign.
    case sent
    /// The recipient opened the signing page.
    case viewed
    /// The recipient signed.
    case signed
    /// The recipient declined.
    case declined
}
