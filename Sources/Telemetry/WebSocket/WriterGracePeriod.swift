/// The last wait for a connection's writer task, once nothing more will be queued: the writer
/// may go on sending what is queued for a grace period, then it is given up, so that a
/// connection always ends, even when its peer has stopped reading and its last write cannot.
///
/// ```swift
/// await WriterGracePeriod.wait(for: writer, upTo: .seconds(5)) { channel.close(promise: nil) }
/// ```
enum WriterGracePeriod {
    /// Waits until `writer` ends. If it has not ended after `gracePeriod`, calls `giveUp`, which
    /// must make it end: close the channel its write waits on, or cancel it when cancelling does.
    static func wait(for writer: Task<Void, Never>, upTo gracePeriod: Duration, thenGiveUp giveUp: @escaping @Sendable () -> Void) async {
        let deadline = Task {
            guard (try? await Task.sleep(for: gracePeriod)) != nil else { return }
            giveUp()
        }
        await writer.value
        deadline.cancel()
    }
}
