import Foundation

/// One entry of a document's audit trail.
public struct DocumentEvent: Codable, Sendable, Equatable {
    /// What happened.
    public enum Kind: String, Codable, Sendable {
        case created, sent, viewed, signed, declined, reminded
        case recipientsUpdated = "recipients_updated"
        case completed, canceled, expired, sealed, notarized
        /// A recipient entered their passcode on the signing page.
        case passcodeVerified = "passcode_verified"
        /// A recipient entered a wrong passcode on the signing page.
        case passcodeFailed = "passcode_failed"
    }

    /// When it happened.
    public var time: Date
    /// What happened.
    public var kind: Kind
    /// The recipient it concerns, if any.
    public var recipientID: String?
    /// The client's IP address.
    public var ipAddress: String?
    /// The client's `User-Agent`.
    public var userAgent: String?
    /// More about the event, such as a decline reason.
    public var detail: String?

    /// Creates an event.
    public init(
        time: Date = Date(), kind: Kind, recipientID: String? = nil, ipAddress: String? = nil, userAgent: String? = nil, detail: String? = nil
    ) {
        self.time = time
        self.kind = kind
        self.recipientID = recipientID
        self.ipAddress = ipAddress
        self.userAgent = userAgent
        self.detail = detail
    }
}
