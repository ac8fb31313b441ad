/// A limit on how many tests hold one kind of resource at once.
///
/// Swift Testing starts every test at once. On a two-core machine, seventy servers starting
/// together each get a sliver of the CPU, and a start that takes under a second alone took
/// more than a minute; several hundred PostgreSQL tests at once, each with a pool of its own,
/// used up the server's connection slots. A test waits here for a slot before it takes the
/// resource; the wait does not count against the resource's own timeouts.
actor TestSlots {
    /// The slots every ``ServerProcess`` shares.
    static let servers = TestSlots(count: 4)
    /// The slots of the tests that hold PostgreSQL connections (``TestDatabase``): at most
    /// four connections each, servers aside, well under the test server's connection limit.
    static let postgresDatabases = TestSlots(count: 64)

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
