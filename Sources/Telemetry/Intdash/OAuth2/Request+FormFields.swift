import Foundation
import HTTPSupport
import HTTPTypes
import Hummingbird
import NIOCore

extension Request {
    /// The largest form the OAuth2 endpoints read: their forms are a few short fields.
    static let maximumOAuth2FormBytes = 64 * 1024

    /// The fields of an `application/x-www-form-urlencoded` body, or `nil` when the body has
    /// another content type.
    ///
    /// - Throws: A 413 error when the body is larger than ``maximumOAuth2FormBytes``.
    mutating func oauth2FormFields() async throws -> FormEncodedQuery? {
        let mediaType = headers[.contentType]?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased()
        guard mediaType == "application/x-www-form-urlencoded" else { return nil }
        let body = try await collectBody(upTo: Self.maximumOAuth2FormBytes)
        return FormEncodedQuery(String(buffer: body))
    }
}
