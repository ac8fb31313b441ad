import NIOCore
import NIOWebSocket
import Testing

@testable import Telemetry

@Suite("WebSocket unmasking")
struct WebSocketUnmaskingTests {
    private static let key = WebSocketMaskingKey([0x3a, 0xc5, 0x01, 0xfe])!

    @Test("unmasks as NIOWebSocket does, for every length around the word size", arguments: 0...41)
    func matchesNIO(length: Int) {
        let plain = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
        var masked = ByteBuffer(bytes: plain)
        masked.webSocketMask(Self.key)
        #expect(length == 0 || Array(masked.readableBytesView) != plain)

        let frame = WebSocketFrame(fin: true, opcode: .binary, maskKey: Self.key, data: masked)
        let unmasked = WebSocketUnmasking.unmasked(frame)
        #expect(unmasked.maskKey == nil)
        #expect(Array(unmasked.data.readableBytesView) == plain)
        #expect(unmasked.unmaskedData == frame.unmaskedData)
    }

    @Test("a frame that starts inside its buffer is unmasked from its own first byte")
    func sliceOfALargerBuffer() {
        let plain: [UInt8] = Array("iSCP v2 chunk bytes, longer than a word".utf8)
        var buffer = ByteBuffer(bytes: [0xff, 0xff, 0xff])
        var masked = ByteBuffer(bytes: plain)
        masked.webSocketMask(Self.key)
        buffer.writeBuffer(&masked)
        buffer.moveReaderIndex(forwardBy: 3)
        let frame = WebSocketFrame(fin: true, opcode: .binary, maskKey: Self.key, data: buffer)
        let unmasked = WebSocketUnmasking.unmasked(frame)
        #expect(Array(unmasked.data.readableBytesView) == plain)
    }

    @Test("an unmasked frame is handed on unchanged")
    func unmaskedFrame() {
        let frame = WebSocketFrame(fin: true, opcode: .binary, data: ByteBuffer(bytes: [1, 2, 3]))
        let result = WebSocketUnmasking.unmasked(frame)
        #expect(result == frame)
    }
}
