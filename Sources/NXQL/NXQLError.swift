/// Why an NXQL query was refused: a syntax error found while parsing, a parameter without a
/// value found while binding, or a semantic error (an unknown document type, an operator a
/// pseudo-property does not support) found while compiling.
public struct NXQLError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Where the problem is: the offset, counted in Unicode scalars from the start of the query
    /// text, of the token that could not be used. `nil` for problems found after parsing, whose
    /// message names the culprit instead (the AST does not keep source positions).
    public var position: Int?

    /// What is wrong, without the position, for example "expected FROM but found 'WHERE'".
    public var message: String

    /// Creates an error with a message and, when the problem is at one place, its position.
    public init(_ message: String, at position: Int?) {
        self.message = message
        self.position = position
    }

    /// The message followed by the position, for example "expected FROM but found 'WHERE' at 9".
    public var description: String {
        guard let position else { return message }
        return "\(message) at \(position)"
    }
}

extension NXQLError {
    /// `text` in single quotes for a message, shortened to its first 40 characters so that an
    /// enormous input does not make an enormous message.
    static func quote(_ text: some StringProtocol) -> String {
        let limit = 40
        guard text.count > limit else { return "'\(text)'" }
        return "'\(text.prefix(limit))…'"
    }
}
