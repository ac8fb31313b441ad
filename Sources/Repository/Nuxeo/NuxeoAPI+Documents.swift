import Foundation
import HTTPSupport
import HTTPTypes
import Hummingbird
import JSON

/// Document resources: `id/{uid}` and `path/{path}`, with their adapters.
extension NuxeoAPI {
    func document(_ call: inout NuxeoCall, reference: DocumentReference, adapters: [String]) async throws -> Response {
        let document: Document
        do {
            document = try await repository.document(reference, for: call.checker)
        } catch RepositoryError.documentNotFound(let description) {
            // A comment's id names the comment.
            guard case .id(let id) = reference, let comment = try await repository.comment(id: id, for: call.checker) else {
                throw RepositoryError.documentNotFound(description)
            }
            return try await commentResource(&call, comment, adapters: adapters)
        }
        guard let adapter = adapters.first else {
            switch call.request.method {
            case .get: return try NuxeoCall.json(try await call.renderer.json(document))
            case .post: return try await createChild(&call, in: document)
            case .put: return try await update(&call, document)
            case .delete:
                try await repository.delete(document, for: call.checker)
                return NuxeoCall.noContent
            default:
                try Self.require(call, .get, .post, .put, .delete)
                return NuxeoCall.noContent
            }
        }
        // Only @blob (a blob path, then perhaps @convert), @op (an operation id), @comment (a
        // comment id), @rendition (a name), @workflow (a workflow id and `task`) and @task (a
        // task id and an action) take segments after them; a path that goes on after any other
        // is not one of its resources.
        if !["@blob", "@op", "@comment", "@rendition", "@workflow", "@task"].contains(adapter), adapters.count > 1 {
            throw APIError(.notFound, "no resource at \(call.request.uri.path)")
        }
        switch adapter {
        case "@children":
            try Self.require(call, .get)
            let page = try await repository.children(of: document, page: try call.pageRequest(defaultPageSize: 50), for: call.checker)
            return try NuxeoCall.json(try await call.renderer.page(page))
        case "@blob":
            try Self.require(call, .get)
            // The blob path runs up to the next adapter, which may only be @convert.
            let rest = adapters.dropFirst()
            let pathSegments = rest.prefix { !$0.hasPrefix("@") }
            let xpath = pathSegments.isEmpty ? "blobholder:0" : pathSegments.joined(separator: "/")
            switch Array(rest.dropFirst(pathSegments.count)) {
            case []: return try await download(call, reference: .id(document.id), xpath: xpath)
            case ["@convert"]: return try await convert(call, document, xpath: xpath)
            default: throw APIError(.notFound, "no resource at \(call.request.uri.path)")
            }
        case "@convert":
            try Self.require(call, .get)
            return try await convert(call, document, xpath: "blobholder:0")
        case "@rendition":
            try Self.require(call, .get)
            guard adapters.count == 2 else { throw APIError(.notFound, "name the rendition: @rendition/{name}") }
            return try await rendition(call, document, name: adapters[1])
        case "@acl":
            try Self.require(call, .get)
            return try await aclResponse(document)
        case "@audit":
            return try await audit(call, of: document)
        case "@versions":
            try Self.require(call, .get)
            return try NuxeoCall.json(try await call.renderer.list(try await repository.versions(of: document, for: call.checker)))
        case "@comment":
            return try await comments(&call, on: .document(document), segments: Array(adapters.dropFirst()))
        case "@workflow":
            return try await documentWorkflows(&call, of: document, segments: Array(adapters.dropFirst()))
        case "@task":
            return try await documentTasks(&call, of: document, segments: Array(adapters.dropFirst()))
        case "@op":
            try Self.require(call, .post)
            return try await automation(&call, segments: Array(adapters.dropFirst()), input: .document(document))
        default:
            throw APIError(.notFound, "unknown adapter \(adapter)")
        }
    }

    private func createChild(_ call: inout NuxeoCall, in parent: Document) async throws -> Response {
        guard case .object(let body)? = try await call.jsonBody() else {
            throw APIError(.badRequest, "the body must be a document entity with a type")
        }
        guard let type = body["type"]?.stringValue else { throw APIError(.badRequest, "the document entity needs a 'type'") }
        let properties = try Self.properties(in: body)
        let created = try await repository.create(type: type, name: body["name"]?.stringValue, properties: properties, in: parent, for: call.checker)
        return try NuxeoCall.json(try await call.renderer.json(created), status: .created)
    }

    private func update(_ call: inout NuxeoCall, _ document: Document) async throws -> Response {
        guard case .object(let body)? = try await call.jsonBody() else { throw APIError(.badRequest, "the body must be a document entity") }
        let versioning = call.request.headers[.xVersioningOption].flatMap(VersionIncrement.init(option:))
        let updated = try await repository.update(
            document, properties: try Self.properties(in: body), versioning: versioning, ignoringUnknownKeys: true, for: call.checker
        )
        return try NuxeoCall.json(try await call.renderer.json(updated))
    }

    /// The `properties` object of a document entity; other top-level fields are ignored, as
    /// clients send back whole entities.
    static func properties(in body: [String: JSONValue]) throws -> [String: JSONValue] {
        switch body["properties"] {
        case nil, .null?: return [:]
        case .object(let properties)?: return properties
        default: throw APIError(.badRequest, "'properties' must be an object")
        }
    }

    private func aclResponse(_ document: Document) async throws -> Response {
        let (local, inherited) = try await repository.acls(of: document)
        return try NuxeoCall.json(
            DocumentACLsEntity(acl: [DocumentACLsEntity.ACL(name: "local", local), DocumentACLsEntity.ACL(name: "inherited", inherited)]))
    }

    /// Streams the blob at `xpath` of the document, honouring `Range`, and records the
    /// download in the document's audit.
    func download(_ call: NuxeoCall, reference: DocumentReference, xpath: String) async throws -> Response {
        let document = try await repository.document(reference, for: call.checker)
        guard let blob = repository.blob(at: xpath, of: document) else {
            throw APIError(.notFound, "no blob at \(xpath) of \(document.path)")
        }
        let response = try BlobResponse.make(blob, store: repository.blobs, rangeHeader: call.request.headers[.range])
        try await repository.recordDownload(of: blob, at: xpath, of: document, for: call.checker)
        return response
    }
}
