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

    private static func decode(_ text: Substring) -> String {
        let spaced = text.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
    }

    public static func == (lhs: FormEncodedQuery, rhs: FormEncodedQuery) -> Bool {
        lhs.items.elementsEqual(rhs.items) { $0.name == $1.name && $0.value == $1.value }
    }
}
