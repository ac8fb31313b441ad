/// Where a document is in its life, as ``Document/status`` tells.
public enum DocumentStatus: OpenEnumeration {
    /// Not sent yet; it can still be changed and sent with ``SignWellClient/sendDocument(_:_:)``.
    case draft
    /// Created; the server is still preparing it.
    case created
    /// Being sent to its recipients.
    case sending
    /// Sent; no recipient has opened it yet.
    case sent
    /// At least one recipient signed; others have not.
    case pending
    /// A recipient opened it.
    case viewed
    /// Every recipient signed.
    case completed
    /// Marked complete by its sender.
    case manuallyCompleted
    /// A recipient declined to sign.
    case declined
    /// Its sender cancelled it (by deleting it).
    case canceled
    /// An e-mail to a recipient could not be delivered.
    case bounced
    /// Blocked by the service.
    case blocked
    /// Something went wrong preparing it; see ``Document/errorMessage``.
    case error
    /// Its signing links expired before every recipient signed.
    case expired
    /// A status this SDK does not know, as the server spelled it.
    case unknown(String)

    /// Every status this SDK knows.
    public static let knownValues: [DocumentStatus] = [
        .draft, .created, .sending, .sent, .pending, .viewed, .completed, .manuallyCompleted, .declined, .canceled,
        .bounced, .blocked, .error, .expired,
    ]

    /// The status as the API spells it, such as `Manually completed`.
    public var rawValue: String {
        switch self {
        case .draft: "Draft"
        case .created: "Created"
        case .sending: "Sending"
        case .sent: "Sent"
        case .pending: "Pending"
        case .viewed: "Viewed"
        case .completed: "Completed"
        case .manuallyCompleted: "Manually completed"
        case .declined: "Declined"
        case .canceled: "Canceled"
        case .bounced: "Bounced"
        case .blocked: "Blocked"
        case .error: "Error"
        case .expired: "Expired"
        case .unknown(let rawValue): rawValue
        }
    }

    /// Whether the document will not change any more by itself: completed (either way),
    /// declined, canceled, bounced, blocked, failed or expired.
    public var isFinal: Bool {
        switch self {
        case .completed, .manuallyCompleted, .declined, .canceled, .bounced, .blocked, .error, .expired: true
        case .draft, .created, .sending, .sent, .pending, .viewed, .unknown: false
        }
    }
}
