import Synchronization

/// Counts the server's open connections, in total and per client address, and decides whether
/// one more may open: the bound that keeps one host (or all of them) from taking every file
/// descriptor of the process.
///
/// One instance is shared by every connection of a server; it is safe to use from any thread.
final class ConnectionAdmission: Sendable {
    /// The most connections open at once.
    let maxConnections: Int
    /// The most connections open at once from one address.
    let maxConnectionsPerAddress: Int

    private struct Counts {
        var total = 0
        var byAddress: [String: Int] = [:]
    }

    private let counts = Mutex(Counts())

    /// Creates the counter of a server that has no connection yet.
    init(maxConnections: Int, maxConnectionsPerAddress: Int) {
        self.maxConnections = maxConnections
        self.maxConnectionsPerAddress = maxConnectionsPerAddress
    }

    /// Counts a new connection from `address` and returns `true`, or returns `false` without
    /// counting it when either limit is reached.
    func admit(from address: String) -> Bool {
        counts.withLock { counts in
            let fromAddress = counts.byAddress[address, default: 0]
            guard counts.total < maxConnections, fromAddress < maxConnectionsPerAddress else { return false }
            counts.total += 1
            counts.byAddress[address] = fromAddress + 1
            return true
        }
    }

    /// Stops counting a connection from `address` that `admit(from:)` admitted.
    func release(from address: String) {
        counts.withLock { counts in
            counts.total -= 1
            let remaining = counts.byAddress[address, default: 1] - 1
            counts.byAddress[address] = remaining > 0 ? remaining : nil
        }
    }
}
