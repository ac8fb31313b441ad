import NIOCore
import NIOWebSocket

/// Writes binary WebSocket messages straight into an upgraded channel, a batch of them with one
/// flush.
///
/// Hummingbird's `WebSocketOutboundWriter` takes one frame per call: the frame hops into the
/// WebSocket handler's actor, then into NIO's async writer, which flushes it on its own, so
/// every frame costs a socket write. A connection that has many frames ready at once (a
/// downstream's chunks, gathered acks) writes them here instead: each frame goes down the
/// channel's pipeline to NIOWebSocket's frame encoder, and one flush sends them all with one
/// `writev`.
///
/// The frames bypass the WebSocket extensions' `processFrameToSend`, so only a server whose
/// extensions leave outgoing frames alone may write this way (``WebSocketUnmasking`` only
/// changes received ones). Frames written by Hummingbird's handler (pongs to WebSocket pings,
/// the close frame) go down the same pipeline; each frame is encoded whole, so the two never
/// interleave within a frame. The close frame comes last as long as the connection has
/// finished its writes before its WebSocket handler returns.
///
/// ```swift
/// let writer = WebSocketChannelWriter(channel: context.requestContext.channel)
/// try await writer.writeBinaryMessages([first, second])
/// ```
struct WebSocketChannelWriter: Sendable {
    /// The upgraded channel, whose pipeline encodes `WebSocketFrame`s.
    let channel: any Channel

    /// Writes each of `messages` as one binary frame and flushes once; returns when the last
    /// has been written to the socket (which holds a writer back while the peer is slow to
    /// read), and throws when the channel is closed.
    ///
    /// Cancelling the calling task closes the channel: a write that waits on a peer that does
    /// not read cannot be taken back, so the connection is given up instead, and the write
    /// then fails.
    func writeBinaryMessages(_ messages: [[UInt8]]) async throws {
        guard !messages.isEmpty else { return }
        let channel = self.channel
        let written = channel.eventLoop.makePromise(of: Void.self)
        if channel.eventLoop.inEventLoop {
            Self.write(messages, to: channel, completing: written)
        } else {
            channel.eventLoop.execute { Self.write(messages, to: channel, completing: written) }
        }
        try await withTaskCancellationHandler {
            try await written.futureResult.get()
        } onCancel: {
            channel.close(promise: nil)
        }
    }

    private static func write(_ messages: [[UInt8]], to channel: any Channel, completing written: EventLoopPromise<Void>) {
        for (index, message) in messages.enumerated() {
            var data = channel.allocator.buffer(capacity: message.count)
            data.writeBytes(message)
            let frame = WebSocketFrame(fin: true, opcode: .binary, data: data)
            channel.write(frame, promise: index == messages.count - 1 ? written : nil)
        }
        channel.flush()
    }
}
