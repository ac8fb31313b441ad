import Accounts
import Foundation
import HTTPSupport
import HTTPTypes
import Hummingbird
import NIOCore
import Synchronization

/// Nuxeo's `Idempotency-Key`: a write sent again with the key of an earlier one is answered as
/// that one was, without running again; sent while the first still runs, it is answered 409 with
/// the key in the `Idempotency-Key` header (what the Python client raises as
/// `OngoingRequestError`).
///
/// As in Nuxeo, it applies to the methods that are not idempotent already (not `GET`, `HEAD`,
/// `OPTIONS`, `TRACE`, `PUT`, `DELETE`); an answer with an error status, or whose body is larger
/// than ``IdempotentRequests/largestBody``, is not kept, so the key is free again. Keys are
/// kept per principal (``IdempotentRequests``), in the database, for every instance.
struct NuxeoIdempotencyMiddleware: RouterMiddleware {
    typealias Context = ChanceryRequestContext

    /// The methods a repeated request of which already has the same effect.
    static let idempotentMethods: Set<HTTPRequest.Method> = [.get, .head, .options, .trace, .put, .delete]

    /// The header fields that describe a connection or a transfer, not an answer.
    private static let unrecordedFields: Set<HTTPField.Name> = [.contentLength, .transferEncoding, .connection, .date]

    /// Where the keys and answers are kept.
    let requests: IdempotentRequests

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard !Self.idempotentMethods.contains(request.method), let key = request.headers[.idempotencyKey],
            let principal = context.identity
        else { return try await next(request, context) }
        guard (1...IdempotentRequests.longestKey).contains(key.utf8.count) else {
            throw APIError(.badRequest, "an Idempotency-Key has 1 to \(IdempotentRequests.longestKey) bytes")
        }
        let principalID = principal.userID
        switch try await requests.begin(key, principalID: principalID) {
        case .inProgress:
            throw APIError(
                .conflict, "a request with the idempotency key '\(key)' is already being processed",
                headers: [.idempotencyKey: key]
            )
        case .completed(let answer):
            var headers = HTTPFields()
            for field in answer.headers where field.count == 2 {
                guard let name = HTTPField.Name(field[0]) else { continue }
                headers.append(HTTPField(name: name, value: field[1]))
            }
            headers[.idempotencyKey] = key
            return Response(
                status: HTTPResponse.Status(code: answer.status), headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: answer.body)))
        case .started:
            var response: Response
            do {
                response = try await next(request, context)
            } catch {
                try? await requests.forget(key, principalID: principalID)
                throw error
            }
            response.headers[.idempotencyKey] = key
            guard response.status.code < 400 else {
                try await requests.forget(key, principalID: principalID)
                return response
            }
            let status = response.status.code
            let headers = response.headers.filter { !Self.unrecordedFields.contains($0.name) }.map { [$0.name.canonicalName, $0.value] }
            let body = response.body
            let requests = requests
            response.body = ResponseBody(contentLength: body.contentLength) { writer in
                // Whether the whole answer went through the recorder, which then kept or freed the
                // key; a connection that fails after that (as the body ends) must not free a key
                // whose write was done and recorded, or a retry would do it again.
                let settled = Mutex(false)
                let recording = RecordingResponseBodyWriter(parent: writer, limit: IdempotentRequests.largestBody) { recorded in
                    if let recorded {
                        try? await requests.complete(
                            key, principalID: principalID, with: .init(status: status, headers: headers, body: Data(recorded)))
                    } else {
                        try? await requests.forget(key, principalID: principalID)
                    }
                    settled.withLock { $0 = true }
                }
                do {
                    try await body.write(recording)
                } catch {
                    if !settled.withLock({ $0 }) { try? await requests.forget(key, principalID: principalID) }
                    throw error
                }
            }
            return response
        }
    }
}
