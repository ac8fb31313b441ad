import NIOCore
import Testing

@testable import Storage

/// The reading of what a NATS server sends: operations split anywhere across reads, and
/// bytes that are not the protocol refused with an error rather than a crash.
struct NATSProtocolDecoderTests {
    /// Every operation `bytes` holds, fed to the decoder one byte at a time.
    static func operations(in bytes: String, longestPayload: Int = 1024) throws -> [NATSServerOperation] {
        var buffer = ByteBuffer()
        var operations: [NATSServerOperation] = []
        for byte in Array(bytes.utf8) {
            buffer.writeInteger(byte)
            while let operation = try NATSProtocolDecoder.read(&buffer, longestPayload: longestPayload) { operations.append(operation) }
        }
        #expect(buffer.readableBytes == 0)
        return operations
    }

    @Test func operationsSplitAcrossReadsAreReadWhole() throws {
        let operations = try Self.operations(
            in:
                "INFO {\"max_payload\":1048576}\r\nPING\r\nmsg a.b 7 5\r\nhello\r\nMSG a.c 8 _INBOX.x 0\r\n\r\n+OK\r\nPONG\r\n-ERR 'Unknown Subject'\r\n"
        )
        #expect(operations.count == 7)
        guard case .info(let json) = operations[0] else {
            Issue.record("not INFO: \(operations[0])")
            return
        }
        #expect(String(buffer: json) == "{\"max_payload\":1048576}")
        guard case .ping = operations[1] else {
            Issue.record("not PING")
            return
        }
        guard case .message(let sid, let message) = operations[2] else {
            Issue.record("not MSG")
            return
        }
        #expect(sid == 7 && message.subject == "a.b" && message.replyTo == nil && String(buffer: message.payload) == "hello")
        guard case .message(let replySID, let reply) = operations[3] else {
            Issue.record("not MSG")
            return
        }
        #expect(replySID == 8 && reply.replyTo == "_INBOX.x" && reply.payload.readableBytes == 0)
        guard case .ok = operations[4], case .pong = operations[5], case .error(let text) = operations[6] else {
            Issue.record("not +OK, PONG, -ERR: \(operations[4...])")
            return
        }
        #expect(text == "Unknown Subject")
    }

    @Test func aPayloadMayHoldTheLineEnd() throws {
        let operations = try Self.operations(in: "MSG s 1 4\r\n\r\n\r\n\r\n")
        guard case .message(_, let message) = operations.first else {
            Issue.record("no MSG")
            return
        }
        #expect(Array(message.payload.readableBytesView) == [13, 10, 13, 10])
    }

    @Test(arguments: [
        "HELLO world\r\n",
        "MSG s x 5\r\nhello\r\n",
        "MSG s 1\r\n",
        "MSG s 1 -1\r\n",
        "MSG s 1 5\r\nhello!!",
        "MSG s 1 2000\r\n",
    ])
    func bytesThatAreNotTheProtocolAreRefused(bytes: String) {
        #expect(throws: NATSError.self) { try Self.operations(in: bytes) }
    }

    @Test func aLineWithoutEndIsRefusedOnceItIsTooLong() {
        var buffer = ByteBuffer(repeating: UInt8(ascii: "A"), count: NATSProtocolDecoder.longestLine)
        #expect((try? NATSProtocolDecoder.read(&buffer, longestPayload: 1024)) == nil)
        buffer.writeString("AA")
        #expect(throws: NATSError.protocolViolation("a line longer than \(NATSProtocolDecoder.longestLine) bytes")) {
            try NATSProtocolDecoder.read(&buffer, longestPayload: 1024)
        }
    }
}
