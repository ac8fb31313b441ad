import Foundation
import SQLKit
import Storage

/// The `notary_pending_reports` table: reports accepted before they are logged, for clients
/// that ask not to wait (`Prefer: respond-async`).
///
/// A report is written here, durably, before its client is answered `202 pending`; it is
/// removed in the transaction that logs it (``ReportStore/writer(for:wasPending:)``). So a
/// report the client was told about is either here or in the log, whatever stops in between;
/// ``PendingReportRecovery`` logs what an instance left here.
struct PendingReportStore: Sendable {
    let database: Database

    /// A pending report as stored: the prepared report and when it was accepted.
    struct Pending: Sendable {
        let prepared: ReportNotarizer.Prepared
        let acceptedAt: Date
    }

    /// Stores `prepared` as pending.
    func insert(_ prepared: ReportNotarizer.Prepared) async throws {
        let encoded = String(decoding: try JSONEncoder().encode(prepared), as: UTF8.self)
        try await database.withConnection { sql in
            try await sql.insert(into: "notary_pending_reports")
                .columns("leaf_hash", "slug", "owner_id", "prepared", "created_at")
                .values(
                    SQLBind(prepared.report.leafHash), SQLBind(prepared.report.slug), SQLBind(prepared.report.ownerID),
                    SQLBind(encoded), SQLBind(Date())
                )
                .run()
        }
    }

    /// The newest pending report with `slug`, if there is one.
    func newest(slug: String) async throws -> Pending? {
        try await pending(where: SQLBinaryExpression(SQLColumn("slug"), .equal, SQLBind(slug)), newestFirst: true, limit: 1).first
    }

    /// The reports accepted before `date`, oldest first, at most `limit`.
    func accepted(before date: Date, limit: Int) async throws -> [Pending] {
        try await pending(where: SQLBinaryExpression(SQLColumn("created_at"), .lessThan, SQLBind(date)), newestFirst: false, limit: limit)
    }

    /// The change that removes the pending report whose entry has `leafHash`, made in the
    /// transaction that logs it.
    static func removal(leafHash: String) -> LogStore.Change {
        .delete(table: "notary_pending_reports", condition: SQLBinaryExpression(SQLColumn("leaf_hash"), .equal, SQLBind(leafHash)))
    }

    private func pending(where condition: any SQLExpression, newestFirst: Bool, limit: Int) async throws -> [Pending] {
        let rows = try await database.withReadConnection { sql in
            try await sql.select().columns("prepared", "created_at").from("notary_pending_reports")
                .where(condition)
                .orderBy("created_at", newestFirst ? .descending : .ascending)
                .limit(limit)
                .all()
        }
        let decoder = JSONDecoder()
        return try rows.map { row in
            Pending(
                prepared: try decoder.decode(ReportNotarizer.Prepared.self, from: Data(try row.decode(column: "prepared", as: String.self).utf8)),
                acceptedAt: try row.decode(column: "created_at", as: Date.self)
            )
        }
    }
}
