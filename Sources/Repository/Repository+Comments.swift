import Foundation

/// Comments on documents and replies to them. Whoever may read a document may read and write
/// comments on it; a comment is changed or deleted by its author, by a user with `Everything`
/// on the document, or by an administrator.
extension Repository {
    /// The largest comment, in characters.
    public static let maxCommentLength = 10_000

    /// What a comment or a reply is about: a document, or the comment `id` names.
    public enum CommentTarget: Sendable {
        /// A document, for its top-level comments.
        case document(Document)
        /// A comment, for its replies.
        case comment(Comment)

        /// The id the comments on the target have as their parent.
        var id: String {
            switch self {
            case .document(let document): document.id
            case .comment(let comment): comment.id
            }
        }
    }

    private var comments: CommentStore { CommentStore(database: database) }

    /// The comment `id`, if there is one and the caller may read its document.
    ///
    /// - Throws: ``RepositoryError/forbidden(permission:path:)`` if the caller may not read
    ///   the commented document.
    public func comment(id: String, for checker: AccessChecker) async throws -> Comment? {
        guard let comment = try await comments.comment(id: id) else { return nil }
        _ = try await document(.id(comment.documentID), for: checker)
        return comment
    }

    /// A page of the comments on `target` (a document's comments or a comment's replies),
    /// oldest first, and how many there are.
    public func comments(on target: CommentTarget, page: PageRequest) async throws -> (comments: [Comment], total: Int) {
        try await comments.comments(parentID: target.id, start: page.start, limit: page.limit)
    }

    /// How many replies the comment `id` has, and when the last was written.
    public func replies(toComment id: String) async throws -> CommentReplies {
        try await comments.replies(to: id)
    }

    /// Writes a comment on `target` as the caller.
    ///
    /// - Throws: ``RepositoryError/invalid(_:)`` for an empty or too long text.
    public func addComment(_ text: String, on target: CommentTarget, for checker: AccessChecker) async throws -> Comment {
        try Self.validateComment(text)
        let comment: Comment
        switch target {
        case .document(let document):
            guard !document.isVersion else { throw RepositoryError.invalid("versions cannot be commented") }
            comment = Comment(
                id: UUID().uuidString.lowercased(), documentID: document.id, parentID: document.id, ancestorIDs: [document.id],
                author: checker.userName, text: text, createdAt: Self.currentTime(), modifiedAt: nil
            )
        case .comment(let parent):
            comment = Comment(
                id: UUID().uuidString.lowercased(), documentID: parent.documentID, parentID: parent.id,
                ancestorIDs: parent.ancestorIDs + [parent.id], author: checker.userName, text: text, createdAt: Self.currentTime(), modifiedAt: nil
            )
        }
        try await comments.insert(comment)
        // As stored, so that the answer shows what reading it back shows.
        return try await comments.comment(id: comment.id) ?? comment
    }

    /// Replaces the text of `comment`.
    ///
    /// - Throws: ``RepositoryError/forbidden(permission:path:)`` unless the caller may change
    ///   it; ``RepositoryError/invalid(_:)`` for an empty or too long text.
    public func updateComment(_ comment: Comment, text: String, for checker: AccessChecker) async throws -> Comment {
        try Self.validateComment(text)
        try await requireCommentEditing(comment, for: checker)
        var updated = comment
        updated.text = text
        updated.modifiedAt = Self.currentTime()
        try await comments.update(id: comment.id, text: text, modifiedAt: updated.modifiedAt ?? Date())
        return try await comments.comment(id: comment.id) ?? updated
    }

    /// Deletes `comment` and its replies.
    ///
    /// - Throws: ``RepositoryError/forbidden(permission:path:)`` unless the caller may change
    ///   it.
    public func deleteComment(_ comment: Comment, for checker: AccessChecker) async throws {
        try await requireCommentEditing(comment, for: checker)
        try await comments.delete(id: comment.id)
    }

    private func requireCommentEditing(_ comment: Comment, for checker: AccessChecker) async throws {
        let document = try await document(.id(comment.documentID), for: checker)
        guard comment.author == checker.userName || checker.isAdministrator else {
            try await require(Permission.everything, on: document, for: checker)
            return
        }
    }

    private static func validateComment(_ text: String) throws {
        guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { throw RepositoryError.invalid("a comment needs a text") }
        guard text.count <= maxCommentLength else {
            throw RepositoryError.invalid("a comment has at most \(maxCommentLength) characters")
        }
    }

    /// Now, in whole milliseconds: the precision the API shows and both engines keep.
    static func currentTime() -> Date {
        Date(timeIntervalSince1970: (Date().timeIntervalSince1970 * 1000).rounded(.down) / 1000)
    }
}
