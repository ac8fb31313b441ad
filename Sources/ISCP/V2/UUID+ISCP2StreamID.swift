#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension UUID {
    /// Reads an iSCP v2 stream id field (`assigned_stream_id`, `stream_id`,
    /// `stream_id_of_upstream`): the 16 bytes of a UUID in network order. Returns `nil` for any
    /// other length.
    ///
    /// Peers must send exactly 16 bytes: the Python client crashes on any other length
    /// (specs/intdash.md §1.3).
    public init?(iscp2StreamID bytes: Data) {
        guard bytes.count == 16 else { return nil }
        let octets = Array(bytes)
        self.init(
            uuid: (
                octets[0], octets[1], octets[2], octets[3], octets[4], octets[5], octets[6], octets[7],
                octets[8], octets[9], octets[10], octets[11], octets[12], octets[13], octets[14], octets[15]
            ))
    }

    /// This UUID as an iSCP v2 stream id field holds it: its 16 bytes in network order.
    public var iscp2StreamID: Data {
        withUnsafeBytes(of: uuid) { Data($0) }
    }
}
