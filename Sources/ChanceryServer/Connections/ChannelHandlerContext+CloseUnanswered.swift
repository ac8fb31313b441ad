import NIOCore

extension ChannelHandlerContext {
    /// Closes a connection on which no request is being answered (refused, timed out, or
    /// malformed before the router saw it).
    ///
    /// The handlers after this one hear first that the input ended (`ChannelEvent.inputClosed`):
    /// the WebSocket upgrade handler, still waiting for a first request head, then gives up
    /// quietly, where a plain close would have it log an error for every such connection.
    func closeUnanswered() {
        fireUserInboundEventTriggered(ChannelEvent.inputClosed)
        close(promise: nil)
    }
}
