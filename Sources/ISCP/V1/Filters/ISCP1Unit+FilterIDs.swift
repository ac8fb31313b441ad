extension ISCP1Unit {
    /// The id mask rules compare, read straight from the payload: the CAN id, the 5 NMEA
    /// characters after `$`, the GeneralSensor id or the Generic id, little-endian. `nil` for
    /// other data types and for payloads too short to hold the id.
    var maskFilterID: UInt64? {
        guard let width = ISCP1FilterCondition.maskWidth(for: rawDataType) else { return nil }
        let start = dataType == .nmea ? 1 : 0
        guard payload.count >= start + width else { return nil }
        var id: UInt64 = 0
        for index in 0..<width {
            id |= UInt64(payload[start + index]) << (8 * index)
        }
        return id
    }

    /// The UTF-8 id of a String, Float, Int or Bytes unit, read straight from the payload;
    /// `nil` for other data types and for payloads too short to hold the id.
    var labelFilterID: ArraySlice<UInt8>? {
        guard ISCP1FilterCondition.takesLabels(rawDataType), let length = payload.first else { return nil }
        guard payload.count >= 1 + Int(length) else { return nil }
        return payload[1..<1 + Int(length)]
    }
}
