import NIOPosix

/// The event loops the benchmark's own clients run on, for both brokers.
///
/// The Chancery server runs in process on NIO's shared event loops. Were the clients on the
/// same loops, a run would be fast or slow by where the connections happened to land (the
/// server's hot connection on the loop of a busy client, or not); on loops of their own, the
/// clients stand where they stand against nats-server, which has its own process and threads.
enum ClientEventLoops {
    /// Two loops, one per core, as the server has.
    static let group = MultiThreadedEventLoopGroup(numberOfThreads: 2)
}
