import Foundation

/// How the SDK percent-encodes what it puts in a URL.
///
/// Path segments keep the characters Nuxeo paths and adaptors are made of (`@`, `:`, `(`,
/// `)`…) and escape the rest, spaces as `%20` and other characters as their UTF-8 bytes, as
/// Nuxeo's clients do. Query values are escaped so that `&`, `=`, `+` and `#` in an NXQL
/// query never end it early (the Objective-C SDK left them as they were); quotes and `*` stay.
enum URLComponentEncoding {
    private static let unreserved = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"
    private static let pathAllowed = CharacterSet(charactersIn: unreserved + "!$'()*,:@")
    private static let queryAllowed = CharacterSet(charactersIn: unreserved + "!$'()*,/:@")

    /// `segment` escaped for a URL path, its `/` kept as separators.
    static func path(_ segment: String) -> String {
        segment.split(separator: "/", omittingEmptySubsequences: false)
            .map { $0.addingPercentEncoding(withAllowedCharacters: pathAllowed) ?? String($0) }
            .joined(separator: "/")
    }

    /// `parameters` as a query string, in order, without the `?`.
    static func query(_ parameters: [(key: String, value: String)]) -> String {
        parameters
            .map { "\(queryComponent($0.key))=\(queryComponent($0.value))" }
            .joined(separator: "&")
    }

    private static func queryComponent(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: queryAllowed) ?? text
    }
}
