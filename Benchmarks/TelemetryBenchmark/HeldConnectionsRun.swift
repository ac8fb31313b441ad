import BenchmarkSupport
import Foundation
import ISCP
import NIOCore

/// Holds many device connections open at once, as a fleet of edges does: each connects over
/// iSCP v2, then pings every few seconds; measures how long the fleet took to connect, the
/// ping→pong latency while all are connected, and the memory the process grew by.
struct HeldConnectionsRun {
    /// `ws://HOST:PORT/intdash/api/iscp/connect?enc=proto`.
    let url: String
    /// The access token every connection presents.
    let token: String

    /// What was measured.
    struct Result {
        /// Connections that completed their handshake.
        let connected: Int
        /// Seconds from the first connection attempt to the last handshake.
        let connectSeconds: Double
        /// Ping→pong latencies while every connection was held, p50 and p99 in seconds.
        let pingP50: Double
        let pingP99: Double
        /// Resident memory the process grew by, in bytes, client and server together.
        let memoryGrowth: Int
    }

    /// Opens `count` connections, has each ping `pings` times while all are open, then closes
    /// them.
    func run(count: Int, pings: Int) async throws -> Result {
        let before = ResidentMemory.bytes()
        let start = ContinuousClock.now
        let handshakes = Counter()
        let latencies = LatencyLog()
        let (allConnected, allConnectedContinuation) = AsyncStream.makeStream(of: Void.self)
        let gate = Gate()
        var connectSeconds = 0.0
        var memoryGrowth = 0
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            for _ in 0..<count {
                tasks.addTask {
                    try await hold(
                        handshakes: handshakes, target: count, allConnected: allConnectedContinuation, latencies: latencies, pings: pings, gate: gate)
                }
            }
            var iterator = allConnected.makeAsyncIterator()
            _ = await iterator.next()
            connectSeconds = (ContinuousClock.now - start).seconds
            while await latencies.count < count * pings {
                try await Task.sleep(for: .milliseconds(50))
            }
            memoryGrowth = ResidentMemory.bytes() - before
            await gate.open()
            try await tasks.waitForAll()
        }
        let sorted = await latencies.sorted()
        return Result(
            connected: await handshakes.value, connectSeconds: connectSeconds,
            pingP50: sorted.isEmpty ? 0 : sorted[sorted.count / 2],
            pingP99: sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, sorted.count * 99 / 100)],
            memoryGrowth: memoryGrowth
        )
    }

    /// One device: handshake, then once every connection is up, `pings` pings a second
    /// apart, then wait to be released.
    private func hold(
        handshakes: Counter, target: Int, allConnected: AsyncStream<Void>.Continuation, latencies: LatencyLog, pings: Int, gate: Gate
    ) async throws {
        let codec = ISCP2MessageCodec()
        let node = UUID().uuidString.lowercased()
        try await WebSocketConnection.connect(url: url).run { messages, writer in
            var request = ISCP2ConnectRequest()
            request.protocolVersion = "2.0.0"
            request.nodeID = node
            request.pingInterval = 60
            request.pingTimeout = 60
            request.extensionFields.accessToken = token
            var message = ISCP2Message()
            message.connectRequest = request
            try await writer.send(try codec.encode(message))
            var sentAt = ContinuousClock.now
            var received = 0
            for try await buffer in messages {
                switch try codec.decode(Array(buffer.readableBytesView)).message {
                case .connectResponse(let response):
                    guard response.resultCode == .succeeded else { throw BenchmarkError("connect: \(response.resultString)") }
                    if await handshakes.increment() == target { allConnected.yield() }
                    await handshakes.waitFor(target)
                case .pong:
                    await latencies.append((ContinuousClock.now - sentAt).seconds)
                    received += 1
                    if received == pings {
                        await gate.wait()
                        return
                    }
                    try await Task.sleep(for: .seconds(1))
                default:
                    continue
                }
                var ping = ISCP2Ping()
                ping.requestID = UInt32(2 * (received + 1))
                var message = ISCP2Message()
                message.ping = ping
                sentAt = ContinuousClock.now
                try await writer.send(try codec.encode(message))
            }
        }
    }
}

/// Counts handshakes and lets connections wait until all of them are done.
actor Counter {
    private(set) var value = 0
    private var waiters: [(Int, CheckedContinuation<Void, Never>)] = []

    func increment() -> Int {
        value += 1
        let ready = waiters.filter { $0.0 <= value }
        waiters.removeAll { $0.0 <= value }
        for (_, waiter) in ready { waiter.resume() }
        return value
    }

    func waitFor(_ target: Int) async {
        if value >= target { return }
        await withCheckedContinuation { waiters.append((target, $0)) }
    }
}

/// Collects latencies from many connections.
actor LatencyLog {
    private var values: [Double] = []

    var count: Int { values.count }

    func append(_ value: Double) { values.append(value) }

    func sorted() -> [Double] { values.sorted() }
}

/// Holds connections open until it is opened.
actor Gate {
    private var isOpen = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    func open() {
        isOpen = true
        for waiter in waiters { waiter.resume() }
        waiters = []
    }

    func wait() async {
        if isOpen { return }
        await withCheckedContinuation { waiters.append($0) }
    }
}

/// The process's resident memory, read from /proc on Linux.
enum ResidentMemory {
    static func bytes() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
            let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
        else { return 0 }
        return kilobytes * 1024
    }
}
