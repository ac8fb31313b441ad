import Foundation
import Hummingbird

extension Request {
    /// The request's body, at most `limit` bytes, decoded from JSON as `Value`; `nil` when the
    /// body is empty, so that each API decides what an empty body means.
    ///
    /// ```swift
    /// let fields = try await request.jsonBody(as: [String: JSONValue].self, upTo: 256 << 10, invalid: "the body must be a JSON object") ?? [:]
    /// ```
    ///
    /// - Throws: ``APIError`` 413 when the body is larger than `limit`, and 400 with `message`
    ///   when it is not JSON of that shape.
    public func jsonBody<Value: Decodable>(as type: Value.Type, upTo limit: Int, invalid message: String) async throws -> Value? {
        var request = self
        let body = try await request.collectBody(upTo: limit)
        guard body.readableBytes > 0 else { return nil }
        do {
            return try JSONDecoder().decode(Value.self, from: Data(body.readableBytesView))
        } catch {
            throw APIError(.badRequest, message)
        }
    }
}
