import Foundation
import ISCP
import Testing

/// Stream ids travel as the 16 bytes of a UUID, in the order Python's `UUID.bytes` uses.
@Suite("iSCP v2 stream ids")
struct ISCP2StreamIDTests {
    @Test("a UUID is written as its 16 bytes in network order")
    func bytesInNetworkOrder() {
        #expect(Array(iscp2VectorStreamID.iscp2StreamID) == iscp2Bytes(hex: "0123456789abcdef0123456789abcdef"))
    }

    @Test("the 16 bytes read back as the same UUID")
    func roundTrip() {
        let id = UUID()
        #expect(UUID(iscp2StreamID: id.iscp2StreamID) == id)
        #expect(UUID(iscp2StreamID: Data(iscp2Bytes(hex: "0123456789abcdef0123456789abcdef"))) == iscp2VectorStreamID)
    }

    @Test("any other length is not a stream id", arguments: [0, 1, 15, 17, 36])
    func wrongLength(_ length: Int) {
        #expect(UUID(iscp2StreamID: Data(repeating: 0xab, count: length)) == nil)
    }

    @Test("a slice of a larger buffer reads from its own start")
    func slice() {
        let buffer = Data([0xff] + iscp2Bytes(hex: "0123456789abcdef0123456789abcdef"))
        #expect(UUID(iscp2StreamID: buffer.dropFirst()) == iscp2VectorStreamID)
    }
}
