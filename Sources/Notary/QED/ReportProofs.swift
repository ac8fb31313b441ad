import TransparencyLog

/// Makes a report's `c2sp.org/tlog-proof@v1` file: the report's exact log entry as the `extra`
/// line, and its inclusion proof up to the log's newest signed checkpoint.
///
/// The QED API serves it to the report's owner and the public verify page to anyone (the log
/// is public, so the proof reveals nothing new); both make it here.
struct ReportProofs: Sendable {
    let reports: ReportStore
    let log: LogStore

    /// The proof of `report`'s log entry up to the newest durable checkpoint, whichever
    /// instance signed it, or `nil` when the log has no checkpoint covering the entry.
    func proof(for report: StoredReport) async throws -> TLogProof? {
        guard let note = try await log.latestCheckpoint(), let entry = try await reports.entry(at: report.logIndex) else { return nil }
        let size = try Checkpoint(parsing: note.text).size
        guard report.logIndex < size else { return nil }
        let hashes = try await log.inclusionProof(forLeafAt: report.logIndex, treeSize: size)
        return TLogProof(extra: entry, index: report.logIndex, hashes: hashes, checkpoint: note)
    }
}
