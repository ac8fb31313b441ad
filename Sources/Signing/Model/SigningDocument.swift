import Foundation
import NotaryProof

/// A document sent for signature: its files, recipients and fields, its state, its PDF
/// revisions and its audit trail.
///
/// The prepared PDF (every file, then the optional signature page, then the reserved audit
/// page) grows by one incremental update per recipient who signs, and by the platform seal when
/// the last one has; ``currentPDF`` names the newest revision in the blob store.
public struct SigningDocument: Codable, Sendable {
    /// The document's id (a UUID, lowercase).
    public var id: String
    /// The user who created it.
    public var ownerID: String
    /// Its name.
    public var name: String?
    /// The subject of the emails to recipients.
    public var subject: String?
    /// The message of the emails to recipients.
    public var message: String?
    /// Where it is in its life.
    public var status: DocumentStatus
    /// Whether it was made in test mode (not legally binding).
    public var testMode: Bool
    /// Whether recipients sign in the server's embedded page.
    public var embeddedSigning: Bool
    /// Whether emails are sent even for embedded signing.
    public var embeddedSigningNotifications: Bool
    /// Whether recipients sign one after another, in ``DocumentRecipient/signingOrder``.
    public var applySigningOrder: Bool
    /// Whether recipients may decline.
    public var allowDecline: Bool
    /// Whether recipients may hand their part to someone else.
    public var allowReassign: Bool
    /// Where the signing page sends a recipient who has signed.
    public var redirectURL: String?
    /// Where the signing page sends a recipient who has declined.
    public var declineRedirectURL: String?
    /// Whether reminders are sent.
    public var reminders: Bool
    /// Days from sending until the document expires.
    public var expiresIn: Int?
    /// When the document expires.
    public var expiresAt: Date?
    /// The language of the signing page and emails (ISO 639-1).
    public var language: String?
    /// The caller's key-value pairs.
    public var metadata: [String: String]
    /// Labels.
    public var labels: [DocumentLabel]
    /// People copied on the completed document.
    public var copiedContacts: [CopiedContact]
    /// Files recipients are asked to attach.
    public var attachmentRequests: [AttachmentRequest]
    /// Rules over groups of checkboxes.
    public var checkboxGroups: [CheckboxGroup]
    /// Whether a signature page was appended.
    public var withSignaturePage: Bool
    /// Whether text tags in the file were to be turned into fields.
    public var textTags: Bool
    /// The requester's name shown to recipients instead of the user's.
    public var customRequesterName: String?
    /// The requester's email shown to recipients instead of the user's.
    public var customRequesterEmail: String?
    /// The API application the document belongs to.
    public var apiApplicationID: String?
    /// The templates the document was made from.
    public var templateIDs: [String]
    /// The files, in order.
    public var files: [DocumentFile]
    /// Every recipient's fields.
    public var fields: [DocumentField]
    /// The recipients.
    public var recipients: [DocumentRecipient]
    /// Why the document was declined.
    public var declineMessage: String?
    /// The displayed size of every page of the prepared PDF, in 96-dpi pixels.
    public var pageSizes: [PageSize]
    /// The reserved audit page, counted from 0.
    public var auditPageIndex: Int
    /// The blob (SHA-256 hex) of the newest PDF revision.
    public var currentPDF: String
    /// The blob of the last recipient's revision, before the platform seal.
    public var signedPDF: String?
    /// Where the sealed PDF's notarization can be checked.
    public var notarization: NotarizationReceipt?
    /// The public base URL the document's links are made with, such as `https://sign.example.com`.
    public var baseURL: String
    /// What happened, oldest first.
    public var events: [DocumentEvent]
    /// When it was created.
    public var createdAt: Date
    /// When it last changed.
    public var updatedAt: Date
    /// When it was completed.
    public var completedAt: Date?
    /// Bumped by each stored change, so that concurrent changes are detected.
    public var version: Int

    /// The size of one page.
    public struct PageSize: Codable, Sendable, Equatable {
        /// The width in 96-dpi pixels.
        public var width: Double
        /// The height in 96-dpi pixels.
        public var height: Double
    }

    /// The recipient with id `recipientID`.
    public func recipient(_ recipientID: String) -> DocumentRecipient? {
        recipients.first { $0.id == recipientID }
    }

    /// The index of the recipient with id `recipientID`.
    public func recipientIndex(_ recipientID: String) -> Int? {
        recipients.firstIndex { $0.id == recipientID }
    }

    /// Whether `recipientID` may sign now: the document is out, the recipient has not
    /// finished, and, when signing in order, everyone before them has signed.
    public func isTurn(of recipientID: String) -> Bool {
        guard status == .sent || status == .pending, let recipient = recipient(recipientID) else { return false }
        guard recipient.status != .signed, recipient.status != .declined else { return false }
        guard applySigningOrder else { return true }
        return recipients.allSatisfy { $0.signingOrder >= recipient.signingOrder || $0.status == .signed }
    }

    /// Gives each recipient who has not finished the status that follows from the document's
    /// state and the signing order (`waiting` until their turn, then `sent`).
    public mutating func refreshRecipientStatuses() {
        for index in recipients.indices where recipients[index].status != .signed && recipients[index].status != .declined {
            if status == .draft {
                recipients[index].status = .created
            } else if isTurn(of: recipients[index].id) {
                if recipients[index].status != .viewed { recipients[index].status = .sent }
            } else {
                recipients[index].status = .waiting
            }
        }
    }
}
