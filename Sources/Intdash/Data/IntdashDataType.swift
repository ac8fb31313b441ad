import ISCP

/// The data types a unit can carry, by their iSCP 1.0 data type byte (spec §2.4).
public enum IntdashDataType: UInt8, Sendable, CaseIterable {
    /// The base time the elapsed times of a measurement count from.
    case baseTime = 0x87
    /// A CAN frame.
    case can = 0x01
    /// An NMEA 0183 sentence.
    case nmea = 0x02
    /// A reading of a general sensor (acceleration, location, …).
    case generalSensor = 0x03
    /// The state of a control pad.
    case controlPad = 0x04
    /// A MAVLink packet.
    case mavlinkPacket = 0x05
    /// A JPEG image.
    case jpeg = 0x09
    /// An H.264 NAL unit.
    case h264 = 0x0d
    /// PCM audio.
    case pcm = 0x0f
    /// An AAC frame.
    case aac = 0x10
    /// An H.265 NAL unit.
    case h265 = 0x11
    /// A string with an id.
    case string = 0x0a
    /// A float64 with an id.
    case float = 0x0b
    /// An int64 with an id.
    case int = 0x0c
    /// Bytes with an id.
    case bytes = 0x0e
    /// Generic data with a 32-bit id.
    case generic = 0x7f
}
