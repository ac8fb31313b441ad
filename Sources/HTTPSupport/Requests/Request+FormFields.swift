import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

extension Request {
    /// The largest form a web page or an OAuth2 endpoint sends: a few short fields.
    public static let maximumFormBytes = 64 * 1024

    /// The fields of an `application/x-www-form-urlencoded` body, or `nil` when the body has
    /// another content type.
    ///
    /// - Throws: A 413 error when the body is larger than ``maximumFormBytes``.
    public mutating func formFields() async throws -> FormEncodedQuery? {
        let mediaType = headers[.contentType]?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased()
        guard mediaType == "application/x-www-form-urlencoded" else { return nil }
        let body = try await collectBody(upTo: Self.maximumFormBytes)
        return FormEncodedQuery(String(buffer: body))
    }

    /// The fields of the form a web page submitted, for the pages' own routes.
    ///
    /// - Throws: ``APIError`` 415 when the body is not a form, 413 when it is larger than
    ///   ``maximumFormBytes``.
    public func submittedForm() async throws -> FormEncodedQuery {
        var request = self
        guard let fields = try await request.formFields() else { throw APIError(.unsupportedMediaType, "The form was not sent as a form.") }
        return fields
    }
}
