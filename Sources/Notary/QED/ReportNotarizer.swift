import Foundation
import HTTPSupport
import HTTPTypes
import NotaryProof
import Storage
import TimeStamping
import TransparencyLog

/// Turns a validated submission into a report: its log entry, its RFC 3161 token and its row,
/// answered once the entry is integrated and durable. The QED API and other capabilities (a
/// sealed signed PDF) both notarize through it.
struct ReportNotarizer: Sendable {
    let sequencer: Sequencer
    let timeStamps: TimeStampAuthority

    /// A report made and ready to log: its log entry and what its row will hold.
    struct Prepared: Codable, Sendable {
        /// The exact log entry.
        let entry: [UInt8]
        /// The report's row, less what the log decides (index, checkpoint, time).
        let report: ReportStore.NewReport
    }

    /// Notarizes `submission` for the user `ownerID`, as a new report or as the next revision
    /// of the report `revisedSlug` of that user.
    ///
    /// A revision is a new log entry under the same slug; the report then shows it, and the
    /// earlier entries stay in the log, so proofs of earlier revisions keep verifying.
    ///
    /// - Throws: ``HTTPSupport/APIError`` 503 while the server shuts down.
    func notarize(_ submission: ReportSubmission, ownerID: String, revising revisedSlug: String? = nil) async throws -> StoredReport {
        try await log(try prepare(submission, ownerID: ownerID, revising: revisedSlug), wasPending: false)
    }

    /// Makes the report of `submission`: its slug (`revisedSlug` for a revision), its
    /// committed metadata, its log entry and its RFC 3161 token.
    func prepare(_ submission: ReportSubmission, ownerID: String, revising revisedSlug: String? = nil) throws -> Prepared {
        let metadata = CommittedMetadata(submission)
        let slug = revisedSlug ?? Slug.make()
        let entry = try NotaryEntry(
            origin: sequencer.origin, reportHash: submission.hash, digests: submission.fileDigests,
            metadataCommitment: metadata.commitment, slug: slug, receivedMilliseconds: Date().millisecondsSince1970
        )
        let entryBytes = entry.bytes
        let report = ReportStore.NewReport(
            slug: slug, ownerID: ownerID, submission: submission,
            files: submission.provableFiles.map { StoredReport.File(slug: Slug.make(), hash: $0.hash, fileName: $0.fileName) },
            committedMetadata: metadata.bytes, salt: metadata.salt, leafHash: TreeHash.leaf(entryBytes).hex,
            timeStampReply: try timeStampReply(forHash: submission.hash), revises: revisedSlug != nil
        )
        return Prepared(entry: entryBytes, report: report)
    }

    /// Logs a prepared report and records its row in the same transaction (removing its
    /// pending row if it `wasPending`); answers once both are durable.
    ///
    /// - Throws: ``HTTPSupport/APIError`` 503 while the server shuts down.
    func log(_ prepared: Prepared, wasPending: Bool) async throws -> StoredReport {
        do {
            let sequenced = try await sequencer.append(prepared.entry, record: ReportStore.writer(for: prepared.report, wasPending: wasPending))
            return ReportStore.stored(prepared.report, at: sequenced)
        } catch Sequencer.Error.stopped {
            throw APIError(.serviceUnavailable, "The server is shutting down; retry shortly.")
        }
    }

    /// The RFC 3161 reply for a 32-byte hash (a SHA-256 digest), or `nil` for other lengths.
    private func timeStampReply(forHash hash: String) throws -> [UInt8]? {
        guard let bytes = Hex.decode(hash), bytes.count == 32 else { return nil }
        return try timeStamps.reply(to: TimeStampReq(messageImprint: MessageImprint(.sha256, digest: bytes), certReq: true))
    }
}
