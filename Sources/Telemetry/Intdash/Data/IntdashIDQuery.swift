import ISCP

/// One `idq` parameter of `GET /v1/data`: `<data_type>:<channel>/<data_id>`, where each part
/// may be `*` (any), as intdash-py's `IdQuery` and the Swift SDK's `%d:%d/%@` write it. The
/// data type is the iSCP 1.0 data type number in decimal; the data id may contain `/`.
///
/// A query matches a stored data id by the iSCP 1.0 view of it that ``ISCP1DataMapping``
/// gives, so `11:1/speed` finds the Float unit `speed` on channel 1 and also an iSCP v2
/// `float64` named `1/speed`.
struct IntdashIDQuery: Hashable, Sendable {
    /// The data type number, or `nil` for any.
    let dataType: UInt8?
    /// The channel, or `nil` for any.
    let channel: UInt8?
    /// The data id, or `nil` for any.
    let dataID: String?

    /// Parses `text`.
    ///
    /// - Throws: A message that says what is wrong, for a 400 answer.
    init(parsing text: String) throws(IntdashIDQueryError) {
        guard let colon = text.firstIndex(of: ":") else { throw IntdashIDQueryError(text, "it has no ':' after the data type") }
        let typeText = text[..<colon]
        let rest = text[text.index(after: colon)...]
        let slash = rest.firstIndex(of: "/")
        let channelText = slash.map { rest[..<$0] } ?? rest
        let idText = slash.map { rest[rest.index(after: $0)...] } ?? "*"
        if typeText == "*" {
            dataType = nil
        } else if let number = UInt8(typeText) {
            dataType = number
        } else {
            throw IntdashIDQueryError(text, "the data type '\(typeText)' is neither * nor a number from 0 to 255")
        }
        if channelText == "*" {
            channel = nil
        } else if let number = UInt8(channelText) {
            channel = number
        } else {
            throw IntdashIDQueryError(text, "the channel '\(channelText)' is neither * nor a number from 0 to 255")
        }
        dataID = idText == "*" ? nil : String(idText)
    }

    /// Whether `id` is one this query asks for.
    func matches(_ id: TelemetryDataID) -> Bool {
        let view = ISCP1DataIDView(id)
        return matches(dataType: view.rawDataType, channel: view.channel, dataID: view.iscp1DataID)
    }

    /// Whether the iSCP 1.0 data id `(dataType, channel, dataID)` is one this query asks for.
    func matches(dataType: UInt8, channel: UInt8, dataID: String) -> Bool {
        if let wanted = self.dataType, wanted != dataType { return false }
        if let wanted = self.channel, wanted != channel { return false }
        if let wanted = self.dataID, wanted != dataID { return false }
        return true
    }
}

/// Why an `idq` parameter was refused.
struct IntdashIDQueryError: Error, CustomStringConvertible {
    /// The sentence for the client.
    let description: String

    init(_ text: String, _ reason: String) {
        description = "idq '\(text)' is not <data_type>:<channel>/<data_id>: \(reason)"
    }
}
