extension ISCP1Unit {
    /// Creates a unit carrying `payload`, with the payload's data type.
    public init(
        streamID: UInt8,
        channel: UInt8,
        elapsedTime: ISCP1ElapsedTime,
        payload: ISCP1Payload
    ) throws(ISCP1EncodingError) {
        self.init(
            streamID: streamID,
            channel: channel,
            rawDataType: payload.rawDataType,
            elapsedTime: elapsedTime,
            payload: try payload.encoded()
        )
    }

    /// The payload read according to the unit's data type. Error offsets count from the start
    /// of the payload.
    public func decodedPayload() throws(ISCP1DecodingError) -> ISCP1Payload {
        try ISCP1Payload(rawDataType: rawDataType, decoding: payload)
    }
}
