import Foundation
import SQLKit
import Storage

/// The `signing_api_applications` table, each application as one JSON body.
struct APIApplicationStore: Sendable {
    /// The database the table is in.
    let database: Database

    /// The table itself.
    private var table: JSONBodyTable<APIApplication> { JSONBodyTable(database: database) }

    /// Stores a new application.
    func insert(_ application: APIApplication) async throws {
        try await database.withConnection { sql in try await JSONBodyTable<APIApplication>.insert(application, on: sql) }
    }

    /// The application `id` when `ownerID` owns it, else `nil`: another user's application
    /// is as absent as one that never was.
    func application(id: String, ownedBy ownerID: String) async throws -> APIApplication? {
        guard let application = try await table.record(id: id), application.ownerID == ownerID else { return nil }
        return application
    }

    /// One page of the applications of `ownerID`, newest first, and how many there are.
    func list(ownedBy ownerID: String, page: Int, limit: Int) async throws -> (applications: [APIApplication], total: Int) {
        let listed = try await table.list(ownerID: ownerID, page: page, limit: limit)
        return (listed.records, listed.total)
    }

    /// Removes application `id` if `ownerID` owns it; whether there was one.
    func delete(id: String, ownedBy ownerID: String) async throws -> Bool {
        guard try await application(id: id, ownedBy: ownerID) != nil else { return false }
        try await table.delete(id: id)
        return true
    }
}
