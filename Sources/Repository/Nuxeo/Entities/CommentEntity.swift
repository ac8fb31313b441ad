import Foundation

/// A comment as Nuxeo's `comment` entity, with the summary of its replies.
struct CommentEntity: Encodable, Sendable {
    /// The comment's id.
    let id: String
    /// What it answers: the document, or the comment it replies to.
    let parentId: String
    /// The document, then each comment down to the parent.
    let ancestorIds: [String]
    /// Who wrote it.
    let author: String
    /// What it says.
    let text: String
    /// When it was written, as a Nuxeo date.
    let creationDate: String
    /// When its text last changed, as a Nuxeo date; `null` if never.
    let modificationDate: String?
    /// How many direct replies it has.
    let numberOfReplies: Int
    /// When the newest reply was written, as a Nuxeo date; `null` without replies.
    let lastReplyDate: String?

    enum CodingKeys: String, CodingKey {
        case entityType = "entity-type"
        case id, parentId, ancestorIds, author, text, creationDate, modificationDate, entityId, origin, entity, numberOfReplies
        case lastReplyDate
    }

    /// The entity of `comment`, which has `replies`.
    init(_ comment: Comment, replies: CommentReplies) {
        self.id = comment.id
        self.parentId = comment.parentID
        self.ancestorIds = comment.ancestorIDs
        self.author = comment.author
        self.text = comment.text
        self.creationDate = NuxeoDate.format(comment.createdAt)
        self.modificationDate = comment.modifiedAt.map(NuxeoDate.format)
        self.numberOfReplies = replies.count
        self.lastReplyDate = replies.lastReplyAt.map(NuxeoDate.format)
    }

    /// Writes every field: the external-entity fields (`entityId`, `origin`, `entity`) are
    /// always `null`, and so are the dates a comment lacks.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode("comment", forKey: .entityType)
        try container.encode(id, forKey: .id)
        try container.encode(parentId, forKey: .parentId)
        try container.encode(ancestorIds, forKey: .ancestorIds)
        try container.encode(author, forKey: .author)
        try container.encode(text, forKey: .text)
        try container.encode(creationDate, forKey: .creationDate)
        try container.encode(modificationDate, forKey: .modificationDate)
        try container.encodeNil(forKey: .entityId)
        try container.encodeNil(forKey: .origin)
        try container.encodeNil(forKey: .entity)
        try container.encode(numberOfReplies, forKey: .numberOfReplies)
        try container.encode(lastReplyDate, forKey: .lastReplyDate)
    }
}
