import Foundation

/// A named way of reading one data id of the stored data: intdash's *signal* (signal
/// definition).
///
/// A signal picks the points of one iSCP 1.0 data id, `(data type, channel, data id)`, in any
/// measurement, and says how to turn each point's value into a physical value
/// (``conversion``) and how to show it (``display``). `GET /v1/data?label=…` answers the
/// converted values under the signal's ``label``. Signals are server-wide: every principal
/// reads the same definitions (see ``SignalStore`` for who may change them).
public struct Signal: Sendable, Hashable {
    /// The identifier, a lowercase UUID.
    public let uuid: String
    /// The name data queries use; unique on the server.
    public var label: String
    /// Free text.
    public var description: String
    /// The iSCP 1.0 data type number of the points it reads (`11` for Float, …).
    public var dataType: UInt8
    /// The channel of the points it reads.
    public var channel: UInt8
    /// The iSCP 1.0 data id of the points it reads, such as `speed` or `0000014A`.
    public var dataID: String
    /// How a point's value becomes the signal's value.
    public var conversion: SignalConversion
    /// How the value is shown.
    public var display: SignalDisplay
    /// The account user id of whoever defined it.
    public let createdBy: String
    /// When it was created.
    public let createdAt: Date
    /// When it was last changed.
    public var updatedAt: Date

    /// Creates a signal value.
    public init(
        uuid: String, label: String, description: String, dataType: UInt8, channel: UInt8, dataID: String,
        conversion: SignalConversion, display: SignalDisplay, createdBy: String, createdAt: Date, updatedAt: Date
    ) {
        self.uuid = uuid
        self.label = label
        self.description = description
        self.dataType = dataType
        self.channel = channel
        self.dataID = dataID
        self.conversion = conversion
        self.display = display
        self.createdBy = createdBy
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}
