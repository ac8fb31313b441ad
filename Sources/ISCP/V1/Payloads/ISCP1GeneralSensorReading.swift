/// The payload of a GeneralSensor unit: `sensor_id u16, data…`.
public struct ISCP1GeneralSensorReading: Sendable, Hashable {
    /// Which sensor (acceleration, GPS, …) the reading comes from.
    public var sensorID: UInt16
    /// The reading, laid out as the sensor id says.
    public var data: [UInt8]

    /// Creates a reading.
    public init(sensorID: UInt16, data: [UInt8]) {
        self.sensorID = sensorID
        self.data = data
    }

    /// The data id the intdash API shows: the sensor id as 4 hexadecimal digits (`%04x`).
    public var dataID: String {
        ISCP1DataID.hex(sensorID, digits: 4)
    }

    /// Reads the payload.
    init(from reader: inout ISCP1ByteReader) throws(ISCP1DecodingError) {
        sensorID = try reader.readLittleEndian(UInt16.self)
        data = reader.readRemainingBytes()
    }

    /// Writes the payload.
    func write(to writer: inout ISCP1ByteWriter) {
        writer.writeLittleEndian(sensorID)
        writer.writeBytes(data)
    }
}
