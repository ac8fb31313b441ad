import ChanceryTestSupport
import ISCP
import Testing

/// Frames that are not valid iSCP v2 messages give an ``ISCP2DecodingError``, never a crash.
@Suite("iSCP v2 malformed frames")
struct ISCP2MalformedFrameTests {
    let codec = ISCP2MessageCodec()

    /// The ConnectRequest vector of specs/intdash.md §1.2.
    let connectRequest = iscp2Bytes(
        hex: "0a451205322e302e301a06656467652d31200a280132300a05544f4b454e8240260a24"
            + "30303030303030302d303030302d303030302d303030302d303030303030303030303030"
    )

    func decodingError(_ frame: [UInt8]) -> ISCP2DecodingError? {
        do {
            _ = try codec.decode(frame)
            return nil
        } catch {
            return error
        }
    }

    @Test("every strict prefix of a frame is refused as truncated")
    func truncatedFrames() {
        for length in 1..<connectRequest.count {
            #expect(decodingError(Array(connectRequest.prefix(length))) == .truncated, "prefix of \(length) bytes")
        }
    }

    @Test("a string field that is not UTF-8")
    func invalidUTF8() {
        // Message.connect_request { node_id: FF }
        #expect(decodingError([0x0a, 0x03, 0x1a, 0x01, 0xff]) == .invalidUTF8)
    }

    @Test("a wire type that does not exist")
    func invalidWireType() {
        // Field 1 with wire type 6, and with wire type 7.
        #expect(decodingError([0x0e, 0x01]) == .malformed)
        #expect(decodingError([0x0f, 0x01]) == .malformed)
    }

    @Test("a known field with the wrong wire type is an unknown field, as protobuf says, and dropped")
    func wrongWireTypeForKnownField() throws {
        // Message.connect_request (a message) sent as the varint 1.
        #expect(try codec.decode([0x08, 0x01]).message == nil)
    }

    @Test("junk bytes")
    func junk() {
        #expect(decodingError([0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]) != nil)
        #expect(decodingError(Array("GET / HTTP/1.1\r\n\r\n".utf8)) != nil)
        // Field number 0 is never valid.
        #expect(decodingError([0x00, 0x00]) == .malformed)
    }

    @Test("groups nested 100 000 deep in an unknown field stop at the depth limit")
    func deeplyNestedGroups() {
        // Tag of field 1000 with wire type 3 (start group): (1000 << 3) | 3 = 8003.
        let startGroup: [UInt8] = [0xc3, 0x3e]
        let frame = Array([[UInt8]](repeating: startGroup, count: 100_000).joined())
        #expect(decodingError(frame) == .nestingTooDeep(limit: ISCP2MessageCodec.messageDepthLimit))
    }

    @Test("the deepest valid nesting is accepted")
    func deepestValidMessage() throws {
        // Message › DownstreamMetadata › DownstreamOpen › DownstreamFilter › DataFilter { name: "#" }
        let frame = iscp2Bytes(hex: "ca08093a07120512030a0123")
        let decoded = try codec.decode(frame)
        guard case .downstreamMetadata(let metadata) = decoded.message,
            case .downstreamOpen(let open) = metadata.metadata
        else {
            Issue.record("expected DownstreamMetadata with DownstreamOpen, got \(decoded)")
            return
        }
        #expect(open.downstreamFilters.first?.dataFilters.first?.name == "#")
    }

    @Test("a frame longer than the maximum is refused before it is parsed")
    func frameTooLarge() throws {
        let ping = iscp2Bytes(hex: "820c0408021200")
        let codec = ISCP2MessageCodec(maximumFrameSize: ping.count)
        #expect(try codec.decode(ping).message != nil)
        #expect(throws: ISCP2DecodingError.frameTooLarge(size: ping.count + 1, limit: ping.count)) {
            try codec.decode(ping + [0x00])
        }
        #expect(ISCP2MessageCodec().maximumFrameSize == ISCP2MessageCodec.defaultMaximumFrameSize)
    }

    @Test("an empty frame, or one holding only unknown fields, is a message of no known kind")
    func noKnownKind() throws {
        #expect(try codec.decode([UInt8]()).message == nil)
        // Field 1000, varint 1: a message kind from a newer protocol. It is dropped.
        let unknown = try codec.decode([0xc0, 0x3e, 0x01])
        #expect(unknown.message == nil)
        #expect(try codec.encode(unknown).isEmpty)
    }

    @Test("random and mutated frames decode or fail cleanly, and what decodes re-encodes stably")
    func randomFrames() throws {
        var generator = SeededGenerator(seed: 0x1_5C72)
        let seeds = [
            connectRequest,
            // The DownstreamChunk and DownstreamMetadata vectors of ISCP2VectorTests.
            iscp2Bytes(
                hex: "b208330801121d0a017312100123456789abcdef0123456789abcdef1a06656467652d3122100801120c10011a08"
                    + "0880897a12020102"
            ),
            iscp2Bytes(hex: "ca0827080112190a01731208656467655f727463181428aab4aed8c7bfce972f5a06656467652d316801"),
        ]
        var decodedCount = 0
        for round in 0..<20_000 {
            var frame: [UInt8]
            if round.isMultiple(of: 2) {
                let length = Int.random(in: 0...64, using: &generator)
                frame = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            } else {
                frame = seeds[round % seeds.count]
                for _ in 0..<Int.random(in: 1...4, using: &generator) {
                    let position = Int.random(in: 0..<frame.count, using: &generator)
                    frame[position] = UInt8.random(in: 0...255, using: &generator)
                }
            }
            guard let message = try? codec.decode(frame) else { continue }
            decodedCount += 1
            let reencoded = try codec.encode(message)
            #expect(try codec.decode(reencoded) == message)
        }
        // Some mutations keep the frame valid; the property above must have been exercised.
        #expect(decodedCount > 100)
    }
}
