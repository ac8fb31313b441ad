import Foundation

/// A comment on a document, or a reply to a comment: Nuxeo's `comment` entity.
public struct Comment: Sendable, Equatable {
    /// The comment's id, a UUID.
    public let id: String
    /// The commented document: the one whose readers see the comment, its replies included.
    public let documentID: String
    /// What the comment answers: the document, or the comment it replies to.
    public let parentID: String
    /// The document, then each comment down to the parent, for a reply; the document alone
    /// otherwise.
    public let ancestorIDs: [String]
    /// The user who wrote it.
    public let author: String
    /// What it says.
    public var text: String
    /// When it was written.
    public let createdAt: Date
    /// When its text last changed, if ever.
    public var modifiedAt: Date?
}

/// What the replies to a comment amount to, as Nuxeo's `repliesSummary` gives it.
public struct CommentReplies: Sendable, Equatable {
    /// How many direct replies the comment has.
    public let count: Int
    /// When the newest of them was written.
    public let lastReplyAt: Date?
}
