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
            var entries: [JSONValue] = []
            for comment in comments { entries.append(try await commentJSON(comment)) }
            var fields: [String: JSONValue] = ["entity-type": "comments", "entries": .array(entries)]
            fields.merge(
                DocumentRenderer.pagination(
                    totalSize: total, pageSize: page.pageSize, pageIndex: page.pageIndex, offset: page.start, count: comments.count
                )
            ) { $1 }
            return try NuxeoCall.json(.object(fields))
        case (.post, 0):
            let comment = try await repository.addComment(try await commentText(&call), on: target, for: call.checker)
            return try NuxeoCall.json(try await commentJSON(comment), status: .created)
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
            return try NuxeoCall.json(try await commentJSON(comment))
        case .put:
            let updated = try await repository.updateComment(comment, text: try await commentText(&call), for: call.checker)
            return try NuxeoCall.json(try await commentJSON(updated))
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
    private func commentJSON(_ comment: Comment) async throws -> JSONValue {
        let replies = try await repository.replies(toComment: comment.id)
        return .object([
            "entity-type": "comment", "id": .string(comment.id), "parentId": .string(comment.parentID),
            "ancestorIds": .array(comment.ancestorIDs.map(JSONValue.string)), "author": .string(comment.author),
            "text": .string(comment.text), "creationDate": .string(NuxeoDate.format(comment.createdAt)),
            "modificationDate": comment.modifiedAt.map { .string(NuxeoDate.format($0)) } ?? .null,
            "entityId": .null, "origin": .null, "entity": .null,
            "numberOfReplies": .integer(replies.count),
            "lastReplyDate": replies.lastReplyAt.map { .string(NuxeoDate.format($0)) } ?? .null,
        ])
    }
}
