import Foundation
import NIOCore

/// Reads the operations a NATS server sends out of the bytes of its connection.
///
/// Lines are bounded (``longestLine``) and so are message payloads (`longestPayload`); bytes
/// that are not the protocol raise ``NATSError/protocolViolation(_:)``, never a crash.
struct NATSProtocolDecoder: ByteToMessageDecoder {
    typealias InboundOut = NATSServerOperation

    /// The longest operation line accepted, `INFO` included.
    static let longestLine = 64 * 1024

    /// The largest message payload accepted.
    let longestPayload: Int

    mutating func decode(context: ChannelHandlerContext, buffer: inout ByteBuffer) throws -> DecodingState {
        guard let operation = try Self.read(&buffer, longestPayload: longestPayload) else { return .needMoreData }
        context.fireChannelRead(wrapInboundOut(operation))
        return .continue
    }

    mutating func decodeLast(context: ChannelHandlerContext, buffer: inout ByteBuffer, seenEOF: Bool) throws -> DecodingState {
        try decode(context: context, buffer: &buffer)
    }

    /// Reads the next whole operation from `buffer`, or returns `nil` and leaves `buffer` as
    /// it was when the operation has not fully arrived.
    static func read(_ buffer: inout ByteBuffer, longestPayload: Int) throws(NATSError) -> NATSServerOperation? {
        let view = buffer.readableBytesView
        let searched = view.prefix(longestLine + 2)
        guard let newline = searched.firstIndex(of: UInt8(ascii: "\n")) else {
            if view.count > longestLine + 1 { throw NATSError.protocolViolation("a line longer than \(longestLine) bytes") }
            return nil
        }
        var lineEnd = newline
        if lineEnd > view.startIndex, view[lineEnd - 1] == UInt8(ascii: "\r") { lineEnd -= 1 }
        let line = view[view.startIndex..<lineEnd]
        let lineLength = newline + 1 - view.startIndex
        let verbEnd = line.firstIndex { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") } ?? line.endIndex
        let verb = String(decoding: line[line.startIndex..<verbEnd], as: UTF8.self).uppercased()
        let rest = line[verbEnd...].drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        let operation: NATSServerOperation
        switch verb {
        case "MSG":
            guard
                let (sid, message, payloadLength) = try readMessage(
                    arguments: rest, payloadStart: lineLength, in: buffer, longestPayload: longestPayload)
            else { return nil }
            buffer.moveReaderIndex(forwardBy: lineLength + payloadLength + 2)
            return .message(sid: sid, message)
        case "INFO":
            operation = .info(ByteBuffer(bytes: rest))
        case "PING":
            operation = .ping
        case "PONG":
            operation = .pong
        case "+OK":
            operation = .ok
        case "-ERR":
            var text = String(decoding: rest, as: UTF8.self).trimmingCharacters(in: .whitespaces)
            if text.count >= 2, text.hasPrefix("'"), text.hasSuffix("'") { text = String(text.dropFirst().dropLast()) }
            operation = .error(text)
        default:
            throw NATSError.protocolViolation("unknown operation '\(verb.prefix(16))'")
        }
        buffer.moveReaderIndex(forwardBy: lineLength)
        return operation
    }

    /// Reads `MSG <subject> <sid> [reply-to] <#bytes>` and its payload, which starts
    /// `payloadStart` bytes into `buffer`; `nil` when the payload has not fully arrived.
    private static func readMessage(
        arguments: ByteBufferView.SubSequence, payloadStart: Int, in buffer: ByteBuffer, longestPayload: Int
    ) throws(NATSError) -> (UInt64, NATSMessage, Int)? {
        let fields = arguments.split { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }.map { String(decoding: $0, as: UTF8.self) }
        guard fields.count == 3 || fields.count == 4, let sid = UInt64(fields[1]), let length = Int(fields[fields.count - 1]) else {
            throw NATSError.protocolViolation("a MSG line that is not MSG <subject> <sid> [reply-to] <#bytes>")
        }
        guard (0...longestPayload).contains(length) else {
            throw NATSError.protocolViolation("a message of \(length) bytes, more than the \(longestPayload) allowed")
        }
        guard buffer.readableBytes >= payloadStart + length + 2 else { return nil }
        let payloadIndex = buffer.readerIndex + payloadStart
        guard buffer.getInteger(at: payloadIndex + length, as: UInt16.self) == 0x0D0A else {
            throw NATSError.protocolViolation("a message whose payload does not end where its length says")
        }
        let payload = buffer.getSlice(at: payloadIndex, length: length)!
        let message = NATSMessage(subject: fields[0], replyTo: fields.count == 4 ? fields[2] : nil, payload: payload)
        return (sid, message, length)
    }
}
