import Foundation
import Hummingbird
import JSON

extension Request {
    /// The request's body, at most `limit` bytes, read as a JSON value; `nil` when the body is
    /// empty, so that each API decides what an empty body means.
    ///
    /// ```swift
    /// let entity = try await request.jsonBody(upTo: 256 << 10, invalid: "the request body is not valid JSON")
    /// ```
    ///
    /// - Throws: ``APIError`` 413 when the body is larger than `limit`, and 400 with `message`
    ///   when it is not JSON.
    public func jsonBody(upTo limit: Int, invalid message: String) async throws -> JSONValue? {
        guard let body = try await nonEmptyBody(upTo: limit) else { return nil }
        do {
            return try JSONValue(parsing: body.readableBytesView)
        } catch {
            throw APIError(.badRequest, message)
        }
    }

    /// The request's body, at most `limit` bytes, decoded from JSON as `Value`; `nil` when the
    /// body is empty. Bodies of free-form JSON read faster with ``jsonBody(upTo:invalid:)``.
    ///
    /// - Throws: ``APIError`` 413 when the body is larger than `limit`, and 400 with `message`
    ///   when it is not JSON of that shape.
    public func jsonBody<Value: Decodable>(as type: Value.Type, upTo limit: Int, invalid message: String) async throws -> Value? {
        guard let body = try await nonEmptyBody(upTo: limit) else { return nil }
        do {
            return try JSONDecoder().decode(Value.self, from: Data(body.readableBytesView))
        } catch {
            throw APIError(.badRequest, message)
        }
    }

    /// The request's body, at most `limit` bytes, read as the members of a JSON object; `nil`
    /// when the body is empty.
    ///
    /// ```swift
    /// let fields = try await request.jsonObjectBody(upTo: 256 << 10, invalid: "the body must be a JSON object") ?? [:]
    /// ```
    ///
    /// - Throws: ``APIError`` 413 when the body is larger than `limit`, and 400 with `message`
    ///   when it is not a JSON object.
    public func jsonObjectBody(upTo limit: Int, invalid message: String) async throws -> [String: JSONValue]? {
        guard let value = try await jsonBody(upTo: limit, invalid: message) else { return nil }
        guard case .object(let members) = value else { throw APIError(.badRequest, message) }
        return members
    }

    /// The body, at most `limit` bytes, or `nil` when it is empty.
    private func nonEmptyBody(upTo limit: Int) async throws -> ByteBuffer? {
        var request = self
        let body = try await request.collectBody(upTo: limit)
        return body.readableBytes > 0 ? body : nil
    }
}
