import NIOCore
import NIOHTTP1

extension ChannelHandlerContext {
    /// Writes and flushes the 101 answer of a WebSocket upgrade, then removes this context's
    /// handler: behind it the connection no longer speaks HTTP. Flushed here because the flush
    /// that follows the write would reach a removed handler.
    func writeUpgradeAnswerAndLeave(_ data: NIOAny, promise: EventLoopPromise<Void>?) {
        writeAndFlush(data, promise: promise)
        pipeline.syncOperations.removeHandler(context: self, promise: nil)
    }
}
