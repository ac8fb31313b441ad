import Foundation

/// One part of a `multipart/*` body: its headers and its bytes.
public struct MultipartPart: Sendable, Equatable {
    /// The part's headers, names lower-cased.
    public let headers: [String: String]
    /// The part's content.
    public let body: Data

    /// The `name` parameter of `Content-Disposition`, if any.
    public var name: String? { dispositionParameter("name") }
    /// The `filename` (or RFC 5987 `filename*`) parameter of `Content-Disposition`, if any.
    public var fileName: String? {
        if let extended = dispositionParameter("filename*"), let quote = extended.range(of: "''") {
            return String(extended[quote.upperBound...]).removingPercentEncoding
        }
        return dispositionParameter("filename")
    }
    /// The part's `Content-Type`, if any.
    public var contentType: String? { headers["content-type"] }

    private func dispositionParameter(_ parameter: String) -> String? {
        guard let disposition = headers["content-disposition"] else { return nil }
        for item in disposition.split(separator: ";").dropFirst() {
            let pair = item.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == parameter else { continue }
            var value = pair[1].trimmingCharacters(in: .whitespaces)
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = String(value.dropFirst().dropLast()) }
            return value
        }
        return nil
    }
}
