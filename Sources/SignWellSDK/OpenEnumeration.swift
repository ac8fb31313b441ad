/// A set of values the SignWell API names with strings, left open to values it may add.
///
/// Each conforming enum has a case per value this SDK knows and ``unknown(_:)`` for any other,
/// so a newer server never breaks decoding: an unknown value decodes to `.unknown("stamp")`
/// and encodes back to the same string.
///
/// ```swift
/// FieldType(rawValue: "signature")   // .signature
/// FieldType(rawValue: "stamp")       // .unknown("stamp")
/// ```
public protocol OpenEnumeration: RawRepresentable, Codable, Hashable, Sendable, CustomStringConvertible where RawValue == String {
    /// Every value this SDK knows, in no particular order; never an ``unknown(_:)``.
    static var knownValues: [Self] { get }

    /// A value this SDK does not know, as the server spelled it.
    static func unknown(_ rawValue: String) -> Self

    /// The known value spelled `rawValue`, or ``unknown(_:)`` with it: never fails.
    init(rawValue: String)
}

extension OpenEnumeration {
    /// The known value spelled `rawValue`, or ``unknown(_:)`` with it.
    public init(rawValue: String) {
        self = Self.value(named: rawValue)
    }

    /// Decodes the value from a JSON string.
    public init(from decoder: any Decoder) throws {
        self = Self.value(named: try decoder.singleValueContainer().decode(String.self))
    }

    /// The known value spelled `rawValue`, or ``unknown(_:)`` with it.
    private static func value(named rawValue: String) -> Self {
        knownValues.first { $0.rawValue == rawValue } ?? .unknown(rawValue)
    }

    /// Encodes the value as a JSON string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// The value as the API spells it.
    public var description: String { rawValue }
}
