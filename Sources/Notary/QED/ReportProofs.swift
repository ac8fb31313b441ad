import TransparencyLog

/// Makes a report's `c2sp.org/tlog-proof@v1` file: the report's exact log entry as the `extra`
/// line, and its inclusion proof up to the log's newest signed checkpoint.
///
/// The QED API serves it to the report's owner and the public verify page to anyone (the log
/// is public, so the proof reveals nothing new); both make it here.
struct ReportProofs: Sendable {
    let reports: ReportStore
    let sequencer: Sequencer

    /// The proof of `report`'s log entry, or `nil` when the log has no checkpoint or no entry
    /// at the report's index.
    func proof(for report: StoredReport) async throws -> TLogProof? {
        guard let note = await sequencer.latestNote, let entry = try await reports.entry(at: report.logIndex) else { return nil }
        let size = try Checkpoint(parsing: note.text).size
        let hashes = try await sequencer.inclusionProof(forLeafAt: report.logIndex, treeSize: size)
        return TLogProof(extra: entry, index: report.logIndex, hashes: hashes, checkpoint: note)
    }
}
