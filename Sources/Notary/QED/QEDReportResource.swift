import Foundation
import HTTPSupport
import Hummingbird
import JSON
import TransparencyLog

/// A report as the QED API shows it. `tx` describes the report's anchoring in Chancery's
/// terms: the log entry's leaf hash, its index as the "block height", the checkpoint's time,
/// the public verify page, and the log's origin and key ID as the "network". A pending report
/// (accepted, not logged yet) has only the leaf hash, as QED's pending transactions have only
/// their hash.
struct QEDReportResource: ResponseGenerator {
    /// Where the report is anchored; a pending report has only the `hash`.
    struct Transaction {
        /// The entry's leaf hash.
        let hash: String
        let blockHeight: Int?
        let blockTime: String?
        let explorerURL: String?
        let networkName: String?
        let networkID: String?
        let checkpoint: (size: Int, root: String)?
    }

    let slug: String
    let status: String
    let name: String?
    let note: String?
    let hash: String
    let provableFiles: [StoredReport.File]
    let metaData: JSONValue?
    let tx: Transaction

    /// Writes the report as QED's clients read it, the keys sorted: every top-level field,
    /// `null` when empty, as those clients expect the keys to exist; of `tx`, those it has.
    func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("hash", hash)
        writer.field("meta_data", metaData)
        writer.field("name", name)
        writer.field("note", note)
        writer.key("provable_files")
        writer.beginArray()
        for file in provableFiles { file.write(to: &writer) }
        writer.endArray()
        writer.field("slug", slug)
        writer.field("status", status)
        writer.key("tx")
        writer.beginObject()
        writer.fieldIfPresent("block_height", tx.blockHeight)
        writer.fieldIfPresent("block_time", tx.blockTime)
        if let checkpoint = tx.checkpoint {
            writer.key("data")
            writer.beginObject()
            writer.field("checkpoint_root", checkpoint.root)
            writer.field("checkpoint_size", checkpoint.size)
            writer.endObject()
        }
        writer.fieldIfPresent("explorer_url", tx.explorerURL)
        writer.field("hash", tx.hash)
        writer.fieldIfPresent("network_id", tx.networkID)
        writer.fieldIfPresent("network_name", tx.networkName)
        writer.endObject()
        writer.endObject()
    }

    /// The report as a `200` JSON answer.
    func response(from request: Request, context: some RequestContext) -> Response {
        WrittenJSONResponse { write(to: &$0) }.response(from: request, context: context)
    }

    init(_ report: StoredReport, logOrigin: String, logKeyID: String, baseURL: String) {
        self.slug = report.slug
        self.status = "confirmed"
        self.name = report.name
        self.note = report.note
        self.hash = report.hash
        self.provableFiles = report.files
        self.metaData = report.metaData
        self.tx = Transaction(
            hash: report.leafHash,
            blockHeight: report.logIndex,
            blockTime: report.checkpointTime.iso8601WithMilliseconds,
            explorerURL: "\(baseURL)/verify/\(report.slug)",
            networkName: logOrigin,
            networkID: logKeyID,
            checkpoint: (report.checkpointSize, report.checkpointRoot.base64)
        )
    }

    /// A report accepted but not logged yet: status `pending`, and of `tx` only the hash of
    /// the entry it will be logged as.
    init(pending report: ReportStore.NewReport) {
        self.slug = report.slug
        self.status = "pending"
        self.name = report.submission.name
        self.note = report.submission.note
        self.hash = report.submission.hash
        self.provableFiles = report.files
        self.metaData = report.submission.metaData
        self.tx = Transaction(
            hash: report.leafHash, blockHeight: nil, blockTime: nil, explorerURL: nil, networkName: nil, networkID: nil, checkpoint: nil
        )
    }
}
