/// Why bytes are not the JSON text of a value: what was wrong, and where.
public struct JSONParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What was wrong, in words.
    public let reason: String
    /// The offset of the byte where it was found.
    public let offset: Int

    /// What was wrong and where.
    public var description: String { "invalid JSON at byte \(offset): \(reason)" }
}
