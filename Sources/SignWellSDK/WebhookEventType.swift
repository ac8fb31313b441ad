/// What happened, as a ``WebhookEvent`` tells.
public enum WebhookEventType: OpenEnumeration {
    /// A document was created.
    case documentCreated
    /// A document was sent to its recipients.
    case documentSent
    /// A recipient opened a document (on every view).
    case documentViewed
    /// The first recipient signed a document that others still have to sign.
    case documentInProgress
    /// A document's recipients were changed.
    case documentRecipientsUpdated
    /// A recipient signed (once per recipient; see ``WebhookEvent/relatedSigner``).
    case documentSigned
    /// Every recipient signed.
    case documentCompleted
    /// A document's signing links expired.
    case documentExpired
    /// A document was cancelled.
    case documentCanceled
    /// A recipient declined.
    case documentDeclined
    /// An e-mail to a recipient bounced.
    case documentBounced
    /// A document could not be prepared.
    case documentError
    /// A template was created.
    case templateCreated
    /// A template could not be prepared.
    case templateError
    /// An event this SDK does not know, as the server spelled it.
    case unknown(String)

    /// Every event this SDK knows.
    public static let knownValues: [WebhookEventType] = [
        .documentCreated, .documentSent, .documentViewed, .documentInProgress, .documentRecipientsUpdated, .documentSigned,
        .documentCompleted, .documentExpired, .documentCanceled, .documentDeclined, .documentBounced, .documentError,
        .templateCreated, .templateError,
    ]

    /// The event as the API spells it, such as `document_completed`.
    public var rawValue: String {
        switch self {
        case .documentCreated: "document_created"
        case .documentSent: "document_sent"
        case .documentViewed: "document_viewed"
        case .documentInProgress: "document_in_progress"
        case .documentRecipientsUpdated: "document_recipients_updated"
        case .documentSigned: "document_signed"
        case .documentCompleted: "document_completed"
        case .documentExpired: "document_expired"
        case .documentCanceled: "document_canceled"
        case .documentDeclined: "document_declined"
        case .documentBounced: "document_bounced"
        case .documentError: "document_error"
        case .templateCreated: "template_created"
        case .templateError: "template_error"
        case .unknown(let rawValue): rawValue
        }
    }
}
