import Foundation
import JSON
import Storage

/// A `repo_comments` row, decoded by column name.
struct CommentRow: TableRow {
    /// The columns.
    enum CodingKeys: String, CodingKey, CaseIterable {
        case id
        case documentID = "document_id"
        case parentID = "parent_id"
        case ancestorIDs = "ancestor_ids"
        case author, text
        case createdAt = "created_at"
        case modifiedAt = "modified_at"
    }

    /// The comment's id.
    let id: String
    /// The commented document's id.
    let documentID: String
    /// The id of what the comment answers.
    let parentID: String
    /// The ancestors' ids, as the JSON text of an array of strings.
    let ancestorIDs: String
    /// The author.
    let author: String
    /// The text.
    let text: String
    /// When the comment was written.
    let createdAt: Date
    /// When its text last changed, if ever.
    let modifiedAt: Date?

    /// The comment the row holds.
    ///
    /// - Throws: `JSONParseError` when ``ancestorIDs`` is not the JSON text of an array of strings.
    func comment() throws -> Comment {
        Comment(
            id: id, documentID: documentID, parentID: parentID,
            ancestorIDs: try JSONValue.parseStrings(ancestorIDs.utf8), author: author, text: text,
            createdAt: createdAt, modifiedAt: modifiedAt
        )
    }
}
