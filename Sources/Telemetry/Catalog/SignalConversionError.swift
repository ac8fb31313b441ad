/// Why a ``SignalConversion`` could not read a point's value.
public struct SignalConversionError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The sentence for the client.
    public let description: String

    /// An error that says `description`.
    public init(_ description: String) {
        self.description = description
    }
}
