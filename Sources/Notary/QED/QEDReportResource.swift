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
struct QEDReportResource: ResponseEncodable {
    struct Transaction: Encodable {
        struct Data: Encodable {
            let checkpointSize: Int
            let checkpointRoot: String
            enum CodingKeys: String, CodingKey {
                case checkpointSize = "checkpoint_size"
                case checkpointRoot = "checkpoint_root"
            }
        }
        let hash: String
        let blockHeight: Int?
        let blockTime: String?
        let explorerURL: String?
        let networkName: String?
        let networkID: String?
        let data: Data?
        enum CodingKeys: String, CodingKey {
            case hash, data
            case blockHeight = "block_height"
            case blockTime = "block_time"
            case explorerURL = "explorer_url"
            case networkName = "network_name"
            case networkID = "network_id"
        }
    }

    let slug: String
    let status: String
    let name: String?
    let note: String?
    let hash: String
    let provableFiles: [StoredReport.File]
    let metaData: JSONValue?
    let tx: Transaction

    enum CodingKeys: String, CodingKey {
        case slug, status, name, note, hash, tx
        case provableFiles = "provable_files"
        case metaData = "meta_data"
    }

    /// Every field is written, `null` when empty, as QED clients expect the keys to exist.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(slug, forKey: .slug)
        try container.encode(status, forKey: .status)
        try container.encode(name, forKey: .name)
        try container.encode(note, forKey: .note)
        try container.encode(hash, forKey: .hash)
        try container.encode(provableFiles, forKey: .provableFiles)
        try container.encode(metaData, forKey: .metaData)
        try container.encode(tx, forKey: .tx)
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
            data: .init(checkpointSize: report.checkpointSize, checkpointRoot: report.checkpointRoot.base64)
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
            hash: report.leafHash, blockHeight: nil, blockTime: nil, explorerURL: nil, networkName: nil, networkID: nil, data: nil
        )
    }
}
