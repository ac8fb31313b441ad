import Foundation

/// A reusable document: its files, the placeholders who will sign it and their fields, and the
/// settings each document made from it starts with.
///
/// Everything that names a recipient in a document names a placeholder here: each field's
/// ``DocumentField/recipientID``, each attachment request's and each checkbox group's
/// `recipientID` is the id of one of ``placeholders``.
public struct SigningTemplate: Codable, Sendable {
    /// The template's id (a UUID, lowercase).
    public var id: String
    /// The user who created it.
    public var ownerID: String
    /// Its name, which documents made from it take unless they are given one.
    public var name: String?
    /// The subject of the emails to recipients.
    public var subject: String?
    /// The message of the emails to recipients.
    public var message: String?
    /// Whether it is still being prepared: documents cannot be made from a draft.
    public var draft: Bool
    /// The roles that sign, in signing order.
    public var placeholders: [TemplatePlaceholder]
    /// The roles that are copied on the completed document.
    public var copiedPlaceholders: [CopiedPlaceholder]
    /// The files, in order, as PDFs in the blob store.
    public var files: [TemplateFile]
    /// The fields of every file, each on a page of its file (``DocumentField/fileIndex`` and
    /// ``DocumentField/page``) and for a placeholder (``DocumentField/recipientID``); their
    /// `id` and `pageIndex` are given when a document is made.
    public var fields: [DocumentField]
    /// Days from sending until a document expires.
    public var expiresIn: Int?
    /// Whether reminders are sent.
    public var reminders: Bool
    /// Whether recipients sign one after another, in the placeholders' order.
    public var applySigningOrder: Bool
    /// The API application documents belong to.
    public var apiApplicationID: String?
    /// Whether text tags in the files were to be turned into fields.
    public var textTags: Bool
    /// Where the signing page sends a recipient who has signed.
    public var redirectURL: String?
    /// Where the signing page sends a recipient who has declined.
    public var declineRedirectURL: String?
    /// Whether recipients may decline.
    public var allowDecline: Bool
    /// Whether recipients may hand their part to someone else.
    public var allowReassign: Bool
    /// The language of the signing page and emails (ISO 639-1).
    public var language: String?
    /// The caller's key-value pairs, which documents start with.
    public var metadata: [String: String]
    /// Labels, which documents start with.
    public var labels: [DocumentLabel]
    /// Files placeholders are asked to attach.
    public var attachmentRequests: [AttachmentRequest]
    /// Rules over groups of a placeholder's checkboxes.
    public var checkboxGroups: [CheckboxGroup]
    /// When it was created.
    public var createdAt: Date
    /// When it last changed.
    public var updatedAt: Date
    /// Bumped by each stored change, so that concurrent changes are detected.
    public var version: Int

    /// SignWell's name for the template's state: `Draft`, or `Available` for use.
    public var status: String { draft ? "Draft" : "Available" }

    /// The placeholder with id `placeholderID`.
    public func placeholder(_ placeholderID: String) -> TemplatePlaceholder? {
        placeholders.first { $0.id == placeholderID }
    }
}
