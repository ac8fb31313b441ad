import NIOPosix

/// The event loops a benchmark's own clients run on.
///
/// A benchmark that runs the Chancery server in process has it on NIO's shared event loops.
/// Were the clients on the same loops, a run would be fast or slow by where the connections
/// happened to land (the server's hot connection on the loop of a busy client, or not); on
/// loops of their own, the clients stand where they stand against nats-server, which has its
/// own process and threads, or against a deployment in processes of its own.
public enum ClientEventLoops {
    /// Two loops, one per core, as the server has.
    public static let group = MultiThreadedEventLoopGroup(numberOfThreads: 2)
}
