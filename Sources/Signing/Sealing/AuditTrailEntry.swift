import Foundation

/// One event in a document's audit trail.
public struct AuditTrailEntry: Sendable, Hashable {
    /// When it happened.
    public var time: Date
    /// What happened, such as "Document sent" or "Signed".
    public var event: String
    /// Who did it: a recipient's name and e-mail address, or the API key's owner.
    public var actor: String?
    /// The IP address the request came from.
    public var ipAddress: String?
    /// The browser or client that sent the request.
    public var userAgent: String?

    /// Creates an entry.
    public init(time: Date, event: String, actor: String? = nil, ipAddress: String? = nil, userAgent: String? = nil) {
        self.time = time
        self.event = event
        self.actor = actor
        self.ipAddress = ipAddress
        self.userAgent = userAgent
    }
}
