import Foundation
import HTTPSupport
import HTTPTypes
import Hummingbird
import JSON

/// Comments (`@comment`): on a document, its comments; on a comment (`id/{commentId}`), its
/// replies. `@comment` lists (paged, oldest first) and creates; `@comment/{id}` reads, updates
/// and deletes one. A comment id also names the comment itself under `id/`, as the Nuxeo
/// clients delete it (`DELETE id/{commentId}`).
extension NuxeoAPI {
    func comments(_ call: inout NuxeoCall, on target: Repository.CommentTarget, segments: [String]) async throws -> Response {
        switch (call.request.method, segments.count) {
        case (.get, 0):
            let page = try call.pageRequest(defaultPageSize: 50)
            let (comments, total) = try await repository.comments(on: target, page: page)
            var entries: [CommentEntity] = []
            for comment in comments { entries.append(try await commentEntity(comment)) }
            return try NuxeoCall.json(
                NuxeoEntityList("comments", entries: entries, pagination: NuxeoPagination(totalSize: total, page: page, count: comments.count)))
        case (.post, 0):
            let comment = try await repository.addComment(try await commentText(&call), on: target, for: call.checker)
            return try NuxeoCall.json(try await commentEntity(comment), status: .created)
        case (_, 1):
            guard let comment = try await repository.comment(id: segments[0], for: call.checker),
                comment.parentID == target.id || comment.ancestorIDs.contains(target.id)
            else { throw APIError(.notFound, "no comment \(segments[0]) on \(target.id)") }
            return try await oneComment(&call, comment)
        default:
            throw APIError(.notFound, "no resource at \(call.request.uri.path)")
        }
    }

    /// `id/{commentId}` and what follows it, for an id that is a comment's.
    func commentResource(_ call: inout NuxeoCall, _ comment: Comment, adapters: [String]) async throws -> Response {
        guard let adapter = adapters.first else { return try await oneComment(&call, comment) }
        guard adapter == "@comment" else { throw APIError(.notFound, "no resource at \(call.request.uri.path)") }
        return try await comments(&call, on: .comment(comment), segments: Array(adapters.dropFirst()))
    }

    /// Reads, updates or deletes one comment.
    private func oneComment(_ call: inout NuxeoCall, _ comment: Comment) async throws -> Response {
        switch call.request.method {
        case .get:
            return try NuxeoCall.json(try await commentEntity(comment))
        case .put:
            let updated = try await repository.updateComment(comment, text: try await commentText(&call), for: call.checker)
            return try NuxeoCall.json(try await commentEntity(updated))
        case .delete:
            try await repository.deleteComment(comment, for: call.checker)
            return NuxeoCall.noContent
        default:
            try Self.require(call, .get, .put, .delete)
            return NuxeoCall.noContent
        }
    }

    /// The `text` of a `comment` entity in the request body.
    private func commentText(_ call: inout NuxeoCall) async throws -> String {
        guard case .object(let body)? = try await call.jsonBody() else {
            throw APIError(.badRequest, "the body must be a comment entity")
        }
        guard let text = body["text"]?.stringValue else { throw APIError(.badRequest, "the comment entity needs a text") }
        return text
    }

    /// A `comment` entity, with the summary of its replies.
    private func commentEntity(_ comment: Comment) async throws -> CommentEntity {
        CommentEntity(comment, replies: try await repository.replies(toComment: comment.id))
    }
}
