/// The changes to a ``Signal`` (intdash's `PUT /v1/signals/{uuid}` body): each member that is
/// not `nil` is applied.
public struct SignalUpdate: Sendable, Hashable {
    /// A new label, unique on the server.
    public var label: String?
    /// A new description.
    public var description: String?
    /// A new iSCP 1.0 data type number.
    public var dataType: UInt8?
    /// A new channel.
    public var channel: UInt8?
    /// A new data id.
    public var dataID: String?
    /// A new conversion.
    public var conversion: SignalConversion?
    /// A new display.
    public var display: SignalDisplay?

    /// Describes a change.
    public init(
        label: String? = nil, description: String? = nil, dataType: UInt8? = nil, channel: UInt8? = nil, dataID: String? = nil,
        conversion: SignalConversion? = nil, display: SignalDisplay? = nil
    ) {
        self.label = label
        self.description = description
        self.dataType = dataType
        self.channel = channel
        self.dataID = dataID
        self.conversion = conversion
        self.display = display
    }
}
