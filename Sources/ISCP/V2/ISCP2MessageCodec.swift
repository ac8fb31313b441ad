import SwiftProtobuf

/// Turns iSCP v2 messages into WebSocket frames and back (specs/intdash.md §1.1).
///
/// Over WebSocket, iSCP v2 carries exactly one protocol buffers encoded ``ISCP2Message`` in
/// each binary frame, with no length prefix or other header. The codec does that and nothing
/// else: it does not look at what a message means.
///
/// Decoding is total: any byte string gives a message or an ``ISCP2DecodingError``. Because a
/// frame comes from an untrusted peer, the codec refuses frames longer than
/// ``maximumFrameSize`` before parsing them and stops at ``messageDepthLimit`` levels of
/// nesting. Fields it does not know (from a newer protocol version) are dropped rather than
/// kept, so that nothing unread is relayed or held in memory; a frame whose only field is
/// unknown decodes to a message whose `message` is `nil`.
///
/// ```swift
/// let codec = ISCP2MessageCodec()
/// let frame = try codec.encode(ISCP2Message.with { $0.pong = ISCP2Pong.with { $0.requestID = 2 } })
/// let message = try codec.decode(frame)
/// ```
public struct ISCP2MessageCodec: Sendable {
    /// The default for ``maximumFrameSize``: 16 MiB, room for a chunk holding a large video
    /// key frame or photo, small enough to hold one per connection in memory.
    public static let defaultMaximumFrameSize = 16 << 20

    /// How deeply messages may nest in a frame. The deepest valid iSCP v2 message nests five
    /// levels (Message › DownstreamMetadata › DownstreamOpen › DownstreamFilter › DataFilter);
    /// ten leaves room for additions without letting a hostile frame recurse far.
    public static let messageDepthLimit = 10

    /// The longest frame, in bytes, that ``decode(_:)`` accepts.
    public let maximumFrameSize: Int

    /// Creates a codec that accepts frames of up to `maximumFrameSize` bytes.
    public init(maximumFrameSize: Int = ISCP2MessageCodec.defaultMaximumFrameSize) {
        precondition(maximumFrameSize > 0, "the maximum frame size must be positive")
        self.maximumFrameSize = maximumFrameSize
    }

    /// Encodes `message` as the payload of one binary WebSocket frame.
    ///
    /// Fields that hold their default value (zero, empty, `false`) are left out, as protocol
    /// buffers require; an extension-fields message that is set but empty is written. Map
    /// entries (the alias tables) are written in key order, so that equal messages always give
    /// equal frames.
    public func encode(_ message: ISCP2Message) throws(ISCP2EncodingError) -> [UInt8] {
        var options = BinaryEncodingOptions()
        options.useDeterministicOrdering = true
        do {
            return try message.serializedBytes(options: options)
        } catch {
            // The only failure possible for these proto3 messages, which have no required
            // fields and no `Any`, is an encoding of 2 GiB or more.
            throw .messageTooLarge
        }
    }

    /// Decodes the payload of one binary WebSocket frame.
    public func decode<Frame: SwiftProtobufContiguousBytes>(
        _ frame: Frame
    ) throws(ISCP2DecodingError) -> ISCP2Message {
        guard frame.count <= maximumFrameSize else {
            throw .frameTooLarge(size: frame.count, limit: maximumFrameSize)
        }
        var options = BinaryDecodingOptions()
        options.messageDepthLimit = Self.messageDepthLimit
        options.discardUnknownFields = true
        do {
            return try ISCP2Message(serializedBytes: frame, options: options)
        } catch let error as BinaryDecodingError {
            switch error {
            case .truncated: throw .truncated
            case .invalidUTF8: throw .invalidUTF8
            case .messageDepthLimit: throw .nestingTooDeep(limit: Self.messageDepthLimit)
            default: throw .malformed
            }
        } catch {
            throw .malformed
        }
    }
}
