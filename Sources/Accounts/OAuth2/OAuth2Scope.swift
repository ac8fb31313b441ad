/// A scope (RFC 6749 §3.3): a set of space-separated scope tokens. Chancery attaches no
/// meaning to them itself; capabilities may.
public struct OAuth2Scope: Sendable, Hashable, CustomStringConvertible {
    /// The scope tokens.
    public let tokens: Set<String>

    /// The scope written as `text`; `nil` or blank text is the empty scope.
    ///
    /// - Throws: ``OAuth2Error`` `invalid_scope` when a token has a character RFC 6749 §3.3
    ///   does not allow (controls, space, `"`, `\`, non-ASCII).
    public init(parsing text: String?) throws {
        var tokens: Set<String> = []
        for token in (text ?? "").split(separator: " ") {
            guard token.utf8.allSatisfy(Self.isScopeCharacter) else {
                throw OAuth2Error.invalidScope("'\(token)' is not a valid scope token")
            }
            tokens.insert(String(token))
        }
        self.tokens = tokens
    }

    /// Whether every token of `self` is in `other`.
    public func isSubset(of other: OAuth2Scope) -> Bool { tokens.isSubset(of: other.tokens) }

    /// The tokens sorted and joined by spaces, the form tokens and answers carry.
    public var description: String { tokens.sorted().joined(separator: " ") }

    /// `%x21 / %x23-5B / %x5D-7E`.
    private static func isScopeCharacter(_ byte: UInt8) -> Bool {
        byte == 0x21 || (0x23...0x5B).contains(byte) || (0x5D...0x7E).contains(byte)
    }
}
