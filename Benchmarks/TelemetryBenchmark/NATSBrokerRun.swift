import BenchmarkSupport
import Conversion
import Foundation
import NIOCore
import NIOPosix

/// Carries the same workload through Debian's `nats-server`: one connection publishes each
/// batch (the same iSCP v2 `StreamChunk` bytes) on a subject, one subscribed connection
/// receives them. The reference a broker of ours is compared with.
struct NATSBrokerRun {
    /// The server binary.
    let executable: String

    /// Finds `nats-server` on the PATH or in /usr/bin.
    static func locate() -> NATSBrokerRun? {
        InstalledProgram.path(of: "nats-server", knownPlaces: ["/usr/bin/nats-server", "/usr/sbin/nats-server"]).map(NATSBrokerRun.init(executable:))
    }

    /// Starts a server on a free loopback port, runs `workload` through it and stops it.
    func run(_ workload: BrokerWorkload) async throws -> BrokerMeasurement {
        let port = try FreePort.pick()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["-a", "127.0.0.1", "-p", "\(port)"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer {
            process.terminate()
            process.waitUntilExit()
        }
        let subscriber = try await connectWhenListening(port: port)
        let publisher = try await NATSConnection.connect(port: port)
        let window = InFlightWindow(limit: workload.window)
        var measurement: BrokerMeasurement?
        try await subscriber.run { writer, events in
            try await writer.write("SUB bench 1\r\nPING\r\n")
            var iterator = events.makeAsyncIterator()
            // The PONG answers our PING, so the subscription is in place.
            guard case .pong = try await iterator.next() else { throw BenchmarkError("nats-server did not answer PING") }
            try await withThrowingTaskGroup(of: Void.self) { tasks in
                tasks.addTask {
                    try await publisher.run { writer, events in
                        let origin = workload.now()
                        for sequence in 1...UInt32(workload.chunks) {
                            let sentAt = try await workload.sendTime(of: sequence, from: origin)
                            await window.acquire()
                            try await writer.publish(
                                BrokerBatch.streamChunk(sequence: sequence, pointsPerChunk: workload.pointsPerChunk, sentAt: sentAt), on: "bench"
                            )
                        }
                        // Closing the connection drops what it has not yet written. nats-server
                        // answers a PING after every PUB sent before it, so its PONG says the
                        // last batch has left.
                        try await writer.write("PING\r\n")
                        for try await event in events {
                            if case .pong = event { return }
                        }
                        throw BenchmarkError("nats-server closed the publisher's connection before its last batch was confirmed")
                    }
                }
                var receiver = BrokerReceiver()
                while receiver.points < workload.totalPoints, let event = try await iterator.next() {
                    guard case .message(let payload) = event else { continue }
                    guard let batch = BrokerBatch.readStreamChunk(Array(payload.readableBytesView)) else {
                        throw BenchmarkError("a batch from nats-server the benchmark's reader could not read")
                    }
                    receiver.record(count: batch.points, sentAt: batch.sentAt, receivedAt: workload.now())
                    await window.release()
                }
                measurement = receiver.measurement(end: workload.now())
                try await tasks.waitForAll()
            }
        }
        guard let measurement else { throw BenchmarkError("the NATS subscriber measured nothing") }
        return measurement
    }

    /// Connects once the server accepts connections, trying for up to 10 s.
    private func connectWhenListening(port: Int) async throws -> NATSConnection {
        let deadline = ContinuousClock.now + .seconds(10)
        while true {
            do {
                return try await NATSConnection.connect(port: port)
            } catch  where ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(50))
            }
        }
    }
}

/// Picks a loopback TCP port no one listens on, by binding port 0 and closing the socket.
enum FreePort {
    static func pick() throws -> Int {
        let socket = try ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton).bind(host: "127.0.0.1", port: 0).wait()
        defer { try? socket.close().wait() }
        guard let port = socket.localAddress?.port else { throw BenchmarkError("no free port") }
        return port
    }
}
