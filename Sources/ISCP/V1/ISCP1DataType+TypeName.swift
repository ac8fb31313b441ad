extension ISCP1DataType {
    /// The data id type that units of data type `rawDataType` have in iSCP v2 and in Chancery's
    /// broker: `float64`, `int64`, `string`, `bytes`, `jpeg`, `can`, `nmea`, … for the types
    /// iSCP 1.0 defines, `iscp1/0xNN` for any other byte.
    public static func typeName(ofRawDataType rawDataType: UInt8) -> String {
        typeNames[rawDataType] ?? "iscp1/0x" + (rawDataType < 0x10 ? "0" : "") + String(rawDataType, radix: 16)
    }

    /// The data type byte a data id type names, or `nil` for a type iSCP 1.0 does not have.
    public static func rawDataType(ofTypeName name: String) -> UInt8? {
        if let known = rawDataTypes[name] { return known }
        guard name.hasPrefix("iscp1/0x"), name.count == 10 else { return nil }
        return UInt8(name.dropFirst(8), radix: 16)
    }

    private static let typeNames: [UInt8: String] = [
        ISCP1DataType.can.rawValue: "can",
        ISCP1DataType.nmea.rawValue: "nmea",
        ISCP1DataType.generalSensor.rawValue: "general_sensor",
        ISCP1DataType.controlPad.rawValue: "control_pad",
        ISCP1DataType.mavlinkPacket.rawValue: "mavlink",
        ISCP1DataType.canBulk.rawValue: "can_bulk",
        ISCP1DataType.generalSensorBulk.rawValue: "general_sensor_bulk",
        ISCP1DataType.jpeg.rawValue: "jpeg",
        ISCP1DataType.string.rawValue: "string",
        ISCP1DataType.float.rawValue: "float64",
        ISCP1DataType.int.rawValue: "int64",
        ISCP1DataType.h264.rawValue: "h264",
        ISCP1DataType.bytes.rawValue: "bytes",
        ISCP1DataType.pcm.rawValue: "pcm",
        ISCP1DataType.aac.rawValue: "aac",
        ISCP1DataType.h265.rawValue: "h265",
        ISCP1DataType.generic.rawValue: "generic",
    ]

    private static let rawDataTypes: [String: UInt8] = Dictionary(uniqueKeysWithValues: typeNames.map { ($1, $0) })
}
