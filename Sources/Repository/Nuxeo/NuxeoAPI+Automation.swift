import Accounts
import Foundation
import HTTPSupport
import HTTPTypes
import Hummingbird
import JSON
import NIOCore
import Storage

/// The automation endpoint: the operation registry, and running operations with JSON or
/// multipart requests (spec §1.9).
extension NuxeoAPI {
    /// Handles `site/automation[/{op}]`; `input` is set when the input comes from the URL
    /// (`@op` on a document) or an upload batch.
    func automation(_ call: inout NuxeoCall, segments: [String], input given: OperationValue?) async throws -> Response {
        guard let id = segments.first else {
            try Self.require(call, .get)
            return try NuxeoCall.json(operations.description)
        }
        if id == "login" {
            try Self.require(call, .post, .get)
            return try NuxeoCall.json(
                LoginEntity(
                    username: call.principal.userName, isAdministrator: call.principal.isAdministrator, groups: call.principal.groups.sorted()))
        }
        try Self.require(call, .post)
        guard let operation = operations.operation(id) else { throw APIError(.notFound, "no operation named \(id)") }
        let request = try await automationRequest(&call)
        let input: OperationValue
        if let given { input = given } else { input = try await resolve(request.input, uploaded: request.blobs, call: call) }
        let operationCall = OperationCall(
            repository: repository, checker: call.checker, accounts: accounts, parameters: request.parameters, context: request.context,
            logger: call.context.logger, notary: notary
        )
        try await checkContext(request.context, call: call)
        let output = try await operation.run(input, operationCall)
        if call.request.headers[.xNXVoidOperation]?.lowercased() == "true" { return NuxeoCall.noContent }
        return try await response(for: output, call: call)
    }

    /// The parts of an automation request: input reference, parameters, context, and blobs
    /// sent in a multipart body.
    private struct AutomationRequest {
        var input: JSONValue = .null
        var parameters: [String: JSONValue] = [:]
        var context: [String: JSONValue] = [:]
        var blobs: [BlobInfo] = []
    }

    private func automationRequest(_ call: inout NuxeoCall) async throws -> AutomationRequest {
        let contentType = call.request.headers[.contentType] ?? "application/json"
        var request = AutomationRequest()
        let json: JSONValue?
        if let boundary = MultipartBody.boundary(ofContentType: contentType) {
            let body = try await call.request.collectBody(upTo: Self.maxMultipartBytes)
            let parts: [MultipartPart]
            do {
                parts = try MultipartBody.parts(of: Data(body.readableBytesView), boundary: boundary)
            } catch {
                throw APIError(.badRequest, "\(error)")
            }
            guard let first = parts.first else { throw APIError(.badRequest, "the multipart body has no parts") }
            json = first.body.isEmpty ? nil : try? JSONValue(parsing: first.body)
            guard json != nil || first.body.isEmpty else { throw APIError(.badRequest, "the first part must be the JSON request") }
            try await repository.uploadLimits.checkWholeFiles(parts.dropFirst().map { Int64($0.body.count) }, for: call.principal)
            for part in parts.dropFirst() {
                let stored = try await repository.blobs.write(ByteBuffer(bytes: part.body))
                let name = part.fileName ?? part.name ?? "file"
                request.blobs.append(
                    BlobInfo(
                        name: name, mimeType: MediaTypes.resolve(declared: part.contentType, fileName: name),
                        digest: stored.digest.hex, length: stored.size
                    ))
            }
        } else {
            json = try await call.jsonBody()
        }
        switch json {
        case nil, .null?: break
        case .object(let fields)?:
            request.input = fields["input"] ?? .null
            request.parameters = fields["params"]?.objectValue ?? [:]
            request.context = fields["context"]?.objectValue ?? [:]
        default: throw APIError(.badRequest, "the automation request must be a JSON object")
        }
        return request
    }

    /// The largest multipart automation body read into memory; larger files go through
    /// upload batches, which stream.
    private static let maxMultipartBytes = 256 * 1024 * 1024

    /// The operation input a request names: `doc:`/`docs:` references, a bare path or id,
    /// or the blobs of a multipart body.
    private func resolve(_ input: JSONValue, uploaded: [BlobInfo], call: NuxeoCall) async throws -> OperationValue {
        if !uploaded.isEmpty { return uploaded.count == 1 ? .blob(uploaded[0]) : .blobs(uploaded) }
        switch input {
        case .null: return .void
        case .string(let text) where text.isEmpty: return .void
        case .string(let text) where text.hasPrefix("docs:"):
            var documents: [Document] = []
            for reference in text.dropFirst(5).split(separator: ",") {
                documents.append(try await repository.document(DocumentReference(reference.trimmingCharacters(in: .whitespaces)), for: call.checker))
            }
            return .documents(documents, page: nil)
        case .string(let text):
            return .document(try await repository.document(DocumentReference(text), for: call.checker))
        case .array(let references):
            var documents: [Document] = []
            for reference in references.compactMap(\.stringValue) {
                documents.append(try await repository.document(DocumentReference(reference), for: call.checker))
            }
            return .documents(documents, page: nil)
        default:
            throw APIError(.badRequest, "the operation input must be a document reference")
        }
    }

    /// Fails when the context names a current document that does not resolve, as Nuxeo does
    /// before running any operation.
    private func checkContext(_ context: [String: JSONValue], call: NuxeoCall) async throws {
        guard let current = context["currentDocument"]?.stringValue else { return }
        _ = try await repository.document(DocumentReference(current), for: call.checker)
    }

    private func response(for output: OperationValue, call: NuxeoCall) async throws -> Response {
        switch output {
        case .void: return NuxeoCall.noContent
        case .document(let document): return try NuxeoCall.json(try await call.renderer.json(document))
        case .documents(let documents, let page):
            if let page { return try NuxeoCall.json(try await call.renderer.page(page)) }
            return try NuxeoCall.json(try await call.renderer.list(documents))
        case .blob(let blob):
            return try BlobResponse.make(blob, store: repository.blobs, rangeHeader: nil)
        case .blobs(let blobs):
            return try await multipartResponse(blobs)
        }
    }

    /// Several blobs as one `multipart/mixed` response.
    private func multipartResponse(_ blobs: [BlobInfo]) async throws -> Response {
        let boundary = "chancery-" + UUID().uuidString.lowercased()
        var body = ByteBuffer()
        for blob in blobs {
            body.writeString("--\(boundary)\r\nContent-Type: \(blob.mimeType)\r\n")
            body.writeString("Content-Disposition: attachment; filename*=UTF-8''\(NuxeoPath.encode(blob.name))\r\n\r\n")
            var content = try await repository.blobs.readAll(try BlobDigest(hex: blob.digest))
            body.writeBuffer(&content)
            body.writeString("\r\n")
        }
        body.writeString("--\(boundary)--\r\n")
        return Response(status: .ok, headers: [.contentType: "multipart/mixed; boundary=\(boundary)"], body: ResponseBody(byteBuffer: body))
    }
}
