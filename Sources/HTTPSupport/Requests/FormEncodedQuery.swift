import Foundation

/// The parameters of a URL query string decoded as HTML forms encode them: `+` is a space and
/// `%XX` an escaped byte, in both names and values.
///
/// Hummingbird's own query parameters decode `%XX` only, which turns the `+` of a
/// form-encoded `query=SELECT+*+FROM+Document` into literal pluses.
public struct FormEncodedQuery: Sendable, Equatable {
    /// The parameters in the order they appear, names and values decoded.
    public let items: [(name: String, value: String)]

    /// Decodes `query` (the part after `?`, without it); `nil` gives no parameters.
    public init(_ query: String?) {
        items = (query ?? "").split(separator: "&", omittingEmptySubsequences: true).map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (Self.decode(parts[0]), parts.count > 1 ? Self.decode(parts[1]) : "")
        }
    }

    /// The first value of the parameter `name`.
    public subscript(name: String) -> String? { items.first { $0.name == name }?.value }

    /// Every value of the parameter `name`, in order.
    public func all(_ name: String) -> [String] { items.filter { $0.name == name }.map(\.value) }

    /// `items` as a query string (without the `?`), every name and value ``escaped(_:)``.
    public static func encode(_ items: [(name: String, value: String)]) -> String {
        items.map { "\(escaped($0.name))=\(escaped($0.value))" }.joined(separator: "&")
    }

    /// `text` with every byte of its UTF-8 but the unreserved characters of RFC 3986 (letters,
    /// digits, `-`, `.`, `_`, `~`) percent-encoded: a query value or one path segment.
    public static func escaped(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
    }

    private static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    private static func decode(_ text: Substring) -> String {
        let spaced = text.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
    }

    public static func == (lhs: FormEncodedQuery, rhs: FormEncodedQuery) -> Bool {
        lhs.items.elementsEqual(rhs.items) { $0.name == $1.name && $0.value == $1.value }
    }
}
