/// Runs changes to one document one after another within this process, so that two
/// recipients finishing at the same moment build their PDF revisions on each other instead of
/// racing. (Across processes, ``DocumentStore``'s version check catches the race and the loser
/// retries.)
actor DocumentLocks {
    private var tails: [String: Task<Void, Never>] = [:]

    /// Runs `body` after every earlier call for `documentID` has finished.
    func withLock<Result: Sendable>(_ documentID: String, _ body: @escaping @Sendable () async throws -> Result) async throws -> Result {
        let previous = tails[documentID]
        let task = Task<Result, any Error> {
            await previous?.value
            return try await body()
        }
        let tail = Task<Void, Never> { _ = try? await task.value }
        tails[documentID] = tail
        defer { Task { await self.release(documentID, tail: tail) } }
        return try await task.value
    }

    private func release(_ documentID: String, tail: Task<Void, Never>) async {
        await tail.value
        if tails[documentID] == tail { tails[documentID] = nil }
    }
}
