import NIOCore

/// Splits what the server sends into replies: lines `ddd-text` continue a reply, a line
/// `ddd text` (or just `ddd`) ends it. A reply longer than ``limit`` bytes, or a line that is
/// not a reply line, is an error, so a hostile server cannot make the client buffer without end.
struct SMTPReplyDecoder: ByteToMessageDecoder {
    typealias InboundOut = SMTPReply

    /// What is wrong with what the server sent.
    enum Failure: Error {
        /// The reply (or its unfinished line) exceeds ``SMTPReplyDecoder/limit``.
        case tooLong
        /// A line is not `ddd`, `ddd text` or `ddd-text` with the reply's code.
        case malformed(String)
    }

    /// The most bytes a reply may take, all its lines together; RFC 5321 lets a line be 512.
    static let limit = 64 * 1024

    /// The lines of the reply so far.
    private var lines: [String] = []
    /// The reply's code, once its first line came.
    private var code: Int?
    /// The bytes the reply's lines took so far.
    private var size = 0

    /// Takes the next whole line from `buffer`, if there is one.
    mutating func decode(context: ChannelHandlerContext, buffer: inout ByteBuffer) throws -> DecodingState {
        let view = buffer.readableBytesView
        guard let newline = view.firstIndex(of: UInt8(ascii: "\n")) else {
            guard size + buffer.readableBytes <= Self.limit else { throw Failure.tooLong }
            return .needMoreData
        }
        let length = view.distance(from: view.startIndex, to: newline) + 1
        size += length
        guard size <= Self.limit else { throw Failure.tooLong }
        var line = buffer.readBytes(length: length) ?? []
        line.removeLast()
        if line.last == UInt8(ascii: "\r") { line.removeLast() }
        try take(line, context: context)
        return .continue
    }

    /// Leaves what is left at the end of the connection.
    mutating func decodeLast(context: ChannelHandlerContext, buffer: inout ByteBuffer, seenEOF: Bool) throws -> DecodingState {
        // A reply cut off by the end of the connection is left out: the client sees the end.
        .needMoreData
    }

    /// Adds `line` to the reply, and passes the reply on when `line` ends it.
    private mutating func take(_ line: [UInt8], context: ChannelHandlerContext) throws {
        let digits = line.prefix(3)
        guard digits.count == 3, digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
            let lineCode = Int(String(decoding: digits, as: UTF8.self)), (200..<600).contains(lineCode), code == nil || code == lineCode,
            line.count == 3 || line[3] == UInt8(ascii: " ") || line[3] == UInt8(ascii: "-")
        else {
            throw Failure.malformed(String(decoding: line.prefix(80), as: UTF8.self))
        }
        code = lineCode
        lines.append(String(decoding: line.dropFirst(4), as: UTF8.self))
        guard line.count == 3 || line[3] == UInt8(ascii: " ") else { return }
        context.fireChannelRead(wrapInboundOut(SMTPReply(code: lineCode, lines: lines)))
        lines = []
        code = nil
        size = 0
    }
}
