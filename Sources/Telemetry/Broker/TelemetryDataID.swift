/// What a series of data points is: a name (levels separated by `/`, such as `1/speed`) and
/// a type (such as `float64`), the iSCP v2 `DataID`.
///
/// iSCP 1.0 units map onto data ids as ``TelemetryDataID/init(iscp1Channel:dataType:dataID:)``
/// describes, so that both protocols meet in one broker.
public struct TelemetryDataID: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The name, `/` separating its levels.
    public let name: String
    /// The type of the payloads.
    public let type: String

    /// Creates a data id.
    public init(name: String, type: String) {
        self.name = name
        self.type = type
    }

    /// The iSCP v2 string form, `type:name`.
    public var description: String { "\(type):\(name)" }
}
