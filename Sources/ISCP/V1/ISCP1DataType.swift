/// The type of an iSCP 1.0 data unit: the `data_type` byte of a unit element, which says how
/// its payload is laid out (specs/intdash.md §2.4).
public enum ISCP1DataType: UInt8, Sendable, Hashable, CaseIterable {
    /// A CAN frame: id u32, dlc u8, data.
    case can = 0x01
    /// An NMEA 0183 sentence in UTF-8.
    case nmea = 0x02
    /// A general sensor reading: sensor id u16, data.
    case generalSensor = 0x03
    /// A control pad state: id u8, data.
    case controlPad = 0x04
    /// A MAVLink packet.
    case mavlinkPacket = 0x05
    /// Several CAN frames.
    case canBulk = 0x07
    /// Several general sensor readings.
    case generalSensorBulk = 0x08
    /// A JPEG image.
    case jpeg = 0x09
    /// A string value with an id.
    case string = 0x0a
    /// A float64 value with an id.
    case float = 0x0b
    /// An int64 value with an id.
    case int = 0x0c
    /// An H.264 NAL unit: type u8, data.
    case h264 = 0x0d
    /// Bytes with an id.
    case bytes = 0x0e
    /// PCM audio: format u16, channels u16, sample rate u32, bits u16, data.
    case pcm = 0x0f
    /// An AAC frame.
    case aac = 0x10
    /// An H.265 NAL unit: type u8, data.
    case h265 = 0x11
    /// Generic data: id u32, data.
    case generic = 0x7f
    /// The base time the elapsed times of a measurement count from: type u8, sec u32, nsec u32.
    case baseTime = 0x87
}
