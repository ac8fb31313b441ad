import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore

/// The one error type of Chancery's HTTP layer.
///
/// Routes throw it (or a domain error that ``ErrorMiddleware`` translates into it); each API
/// renders it in its own wire format through an ``ErrorFormat``.
///
/// ```swift
/// throw APIError(.notFound, "no document with id \(id)")
/// ```
public struct APIError: Error, Sendable, Equatable {
    /// The HTTP status of the response.
    public var status: HTTPResponse.Status
    /// A sentence for the client that says what was wrong with the request.
    public var message: String
    /// Extra response headers, such as `WWW-Authenticate` on a 401.
    public var headers: HTTPFields
    /// What is wrong with each named field of the request, for validation errors.
    public var fieldErrors: [String: [String]]

    /// Creates an error with a status, a message, optional headers and per-field problems.
    public init(_ status: HTTPResponse.Status, _ message: String, headers: HTTPFields = [:], fieldErrors: [String: [String]] = [:]) {
        self.status = status
        self.message = message
        self.headers = headers
        self.fieldErrors = fieldErrors
    }

    /// A short machine-readable name of the status, such as `not_found`.
    public var code: String {
        status.reasonPhrase.lowercased().map { $0.isLetter || $0.isNumber ? $0 : "_" }.reduce(into: "") { $0.append($1) }
    }
}
