/// A limit on how many `chancery serve` processes the tests run at once.
///
/// Swift Testing starts every test at once. On a two-core machine, seventy servers starting
/// together each get a sliver of the CPU, and a start that takes under a second alone took
/// more than a minute. A test waits here for a slot before its server starts; the wait does
/// not count against the server's start timeout.
actor ServerSlots {
    /// The slots every ``ServerProcess`` shares.
    static let shared = ServerSlots(count: 4)

    private var free: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []

    private init(count: Int) {
        free = count
    }

    /// Waits for a free slot and takes it.
    func acquire() async {
        if free > 0 {
            free -= 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    /// Gives a slot back, to the longest waiting test if there is one.
    func release() {
        if waiting.isEmpty {
            free += 1
        } else {
            waiting.removeFirst().resume()
        }
    }
}
