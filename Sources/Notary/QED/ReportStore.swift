import Foundation
import JSON
import SQLKit
import Storage
import TransparencyLog

/// The `notary_reports` table: reports, written in the same transaction as their log entry.
struct ReportStore: Sendable {
    let database: Database

    /// What the sequencer writes for a report once its entry's position is known.
    struct NewReport: Codable, Sendable {
        let slug: String
        let ownerID: String
        let submission: ReportSubmission
        let files: [StoredReport.File]
        let committedMetadata: [UInt8]
        let salt: [UInt8]
        /// The entry's leaf hash, as hex.
        let leafHash: String
        let timeStampReply: [UInt8]?
        /// Whether the report is a new revision of the existing report with this slug.
        let revises: Bool
    }

    /// The row of `report`, once its entry's position is known, to insert with the batch;
    /// for a report accepted as pending, also the removal of its pending row.
    ///
    /// Everything but the position is encoded here, before the entry joins a batch, so that
    /// the batch's transaction (which holds the log's write lock) only completes the row.
    ///
    /// A revision, and any report that was pending (which a recovering instance may log
    /// twice), replaces the stored report of its slug if that is still its owner's, an older
    /// revision (a lower log index) and another entry; so concurrent revisions end with the
    /// newest, and a second logging of one entry changes nothing.
    static func writer(for report: NewReport, wasPending: Bool) -> Sequencer.RecordWriter {
        let metaData = report.submission.metaData.map { value in
            var writer = JSONWriter()
            writer.value(value)
            return String(decoding: writer.bytes, as: UTF8.self)
        }
        var files = JSONWriter()
        files.beginArray()
        for file in report.files { file.write(to: &files) }
        files.endArray()
        let reportValues: [any SQLExpression] = [
            SQLBind(report.slug), SQLBind(report.ownerID), SQLBind(report.submission.hash), SQLBind(report.submission.name),
            SQLBind(report.submission.note), SQLBind(report.submission.email), SQLBind(report.submission.originalCreatedAt),
            SQLBind(metaData), SQLBind(String(decoding: files.bytes, as: UTF8.self)), SQLBind(Data(report.committedMetadata)),
            SQLBind(Data(report.salt)),
        ]
        let leafHash = SQLBind(report.leafHash)
        let timeStampReply = SQLBind(report.timeStampReply.map { Data($0) })
        let replacement = report.revises || wasPending ? revisionReplacement : nil
        let removal = wasPending ? [PendingReportStore.removal(leafHash: report.leafHash)] : []
        return { sequenced in
            let row = LogStore.Row(
                table: "notary_reports",
                columns: columns,
                values: reportValues + [
                    SQLBind(sequenced.index), leafHash, SQLBind(sequenced.checkpoint.size), SQLBind(sequenced.time), timeStampReply,
                ],
                replacement: replacement
            )
            return [.insert(row)] + removal
        }
    }

    /// The columns of a report's row, in the order ``writer(for:wasPending:)`` gives the values.
    private static let columns = [
        "slug", "owner_id", "hash", "name", "note", "email", "original_created_at", "meta_data", "provable_files",
        "committed_metadata", "salt", "log_index", "leaf_hash", "checkpoint_size", "created_at", "time_stamp_reply",
    ]

    /// A revision replaces the stored row of the same owner with a lower log index and
    /// another entry.
    private static let revisionReplacement = LogStore.Row.Replacement(
        key: ["slug"],
        condition: SQLBinaryExpression(
            SQLBinaryExpression(
                SQLBinaryExpression(SQLColumn("owner_id", table: "notary_reports"), .equal, SQLColumn("owner_id", table: "excluded")),
                .and,
                SQLBinaryExpression(SQLColumn("log_index", table: "notary_reports"), .lessThan, SQLColumn("log_index", table: "excluded"))
            ),
            .and,
            SQLBinaryExpression(SQLColumn("leaf_hash", table: "notary_reports"), .notEqual, SQLColumn("leaf_hash", table: "excluded"))
        )
    )

    /// The report as it was stored with its batch, without reading it back.
    static func stored(_ report: NewReport, at sequenced: Sequencer.Sequenced) -> StoredReport {
        StoredReport(
            slug: report.slug, ownerID: report.ownerID, hash: report.submission.hash, name: report.submission.name,
            note: report.submission.note, email: report.submission.email, originalCreatedAt: report.submission.originalCreatedAt,
            metaData: report.submission.metaData, files: report.files, logIndex: sequenced.index, leafHash: report.leafHash,
            checkpointSize: sequenced.checkpoint.size, checkpointRoot: sequenced.checkpoint.root, checkpointTime: sequenced.time,
            timeStampReply: report.timeStampReply, committedMetadata: report.committedMetadata, salt: report.salt
        )
    }

    /// The logged entry of the report at `index`.
    func entry(at index: Int) async throws -> [UInt8]? {
        try await LogStore(database: database).entries(in: index..<index + 1).first
    }

    /// The report with this slug, or `nil`.
    func report(slug: String) async throws -> StoredReport? {
        try await reports(where: SQLBinaryExpression(SQLColumn("slug", table: "r"), .equal, SQLBind(slug))).first
    }

    /// The reports of a hash, oldest first; only those of `ownerID` unless it is `nil`.
    func reports(hash: String, ownerID: String?) async throws -> [StoredReport] {
        var condition: any SQLExpression = SQLBinaryExpression(SQLColumn("hash", table: "r"), .equal, SQLBind(hash))
        if let ownerID {
            condition = SQLBinaryExpression(condition, .and, SQLBinaryExpression(SQLColumn("owner_id", table: "r"), .equal, SQLBind(ownerID)))
        }
        return try await reports(where: condition)
    }

    /// The first `limit` reports of a hash across all owners, oldest first, for the public
    /// verify lookup (which shows only what the log publishes of them).
    func reports(hash: String, limit: Int) async throws -> [StoredReport] {
        try await reports(where: SQLBinaryExpression(SQLColumn("hash", table: "r"), .equal, SQLBind(hash)), limit: limit)
    }

    private func reports(where condition: any SQLExpression, limit: Int? = nil) async throws -> [StoredReport] {
        let rows = try await database.withReadConnection { sql in
            try await sql.select()
                .column(SQLColumn(SQLLiteral.all, table: SQLIdentifier("r")))
                .column(SQLColumn("root", table: "c"))
                .column(SQLColumn("created_at", table: "c"), as: "checkpoint_time")
                .from(SQLAlias(SQLIdentifier("notary_reports"), as: SQLIdentifier("r")))
                .join(
                    SQLAlias(SQLIdentifier("notary_log_checkpoints"), as: SQLIdentifier("c")), method: SQLJoinMethod.inner,
                    on: SQLColumn("checkpoint_size", table: "r"), .equal, SQLColumn("size", table: "c")
                )
                .where(condition)
                .orderBy(SQLColumn("log_index", table: "r"))
                .limit(limit)
                .all()
        }
        let decoder = JSONDecoder()
        return try rows.map { row in
            let metaData = try row.decode(column: "meta_data", as: String?.self)
            guard let root = TreeHash(bytes: try row.decode(column: "root", as: Data.self)) else { throw ReportStoreError.corruptRoot }
            return StoredReport(
                slug: try row.decode(column: "slug", as: String.self),
                ownerID: try row.decode(column: "owner_id", as: String.self),
                hash: try row.decode(column: "hash", as: String.self),
                name: try row.decode(column: "name", as: String?.self),
                note: try row.decode(column: "note", as: String?.self),
                email: try row.decode(column: "email", as: String?.self),
                originalCreatedAt: try row.decode(column: "original_created_at", as: Date.self),
                metaData: try metaData.map { try JSONValue(parsing: $0.utf8) },
                files: try decoder.decode([StoredReport.File].self, from: Data(try row.decode(column: "provable_files", as: String.self).utf8)),
                logIndex: try row.decode(column: "log_index", as: Int.self),
                leafHash: try row.decode(column: "leaf_hash", as: String.self),
                checkpointSize: try row.decode(column: "checkpoint_size", as: Int.self),
                checkpointRoot: root,
                checkpointTime: try row.decode(column: "checkpoint_time", as: Date.self),
                timeStampReply: try row.decode(column: "time_stamp_reply", as: Data?.self).map { Array($0) },
                committedMetadata: Array(try row.decode(column: "committed_metadata", as: Data.self)),
                salt: Array(try row.decode(column: "salt", as: Data.self))
            )
        }
    }

    /// A stored checkpoint root is not 32 bytes.
    enum ReportStoreError: Error {
        case corruptRoot
    }
}
