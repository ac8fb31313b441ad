import Foundation

/// A person who signs a document.
public struct DocumentRecipient: Codable, Sendable, Equatable {
    /// The caller's id for the recipient, unique within the document (`"1"`, `"2"`, …).
    public var id: String
    /// The recipient's name.
    public var name: String
    /// The recipient's email address.
    public var email: String
    /// The subject of the recipient's email, if it differs from the document's.
    public var subject: String?
    /// The message of the recipient's email, if it differs from the document's.
    public var message: String?
    /// The bcrypt hash of the passcode the recipient must enter before they can see or sign
    /// the document (``SigningService/unlock(token:passcode:client:)``); never shown by the API.
    public var passcodeHash: String?
    /// Whether the server should email the recipient.
    public var sendEmail: Bool
    /// Minutes to wait before emailing.
    public var sendEmailDelay: Int
    /// The recipient's place when signing in order, counted from 1.
    public var signingOrder: Int
    /// Where the recipient is.
    public var status: RecipientStatus
    /// A random value that, with the server's link key, makes the recipient's signing link;
    /// a new one (on reassignment) revokes the old link.
    public var linkNonce: String
    /// When the recipient first opened the signing page.
    public var viewedAt: Date?
    /// When the recipient signed.
    public var signedAt: Date?
    /// When the recipient declined.
    public var declinedAt: Date?
    /// Why the recipient declined.
    public var declineReason: String?
}
