import Accounts
import Foundation
import Storage

/// What an administrator does to an instance's data outside the APIs: the edges and
/// measurements of the telemetry catalog, the repository's property indexes and the storage
/// quotas. The command line works through it, so that it needs no capability's own types;
/// each answer is a value of this module, of the shared platform modules, or JSON.
///
/// ```swift
/// let administration = Administration(accounts: accounts, dataDirectory: "./chancery-data", blobs: .embedded(in: "./chancery-data"))
/// let created = try await administration.createEdge(name: "truck-7", ownerName: "alice")
/// ```
public struct Administration: Sendable {
    /// The accounts, on the instance's database.
    public let accounts: AccountStore
    /// The instance's data directory.
    public let dataDirectory: String
    /// Where the instance keeps its blobs.
    public let blobs: BlobStoreLocation

    /// Administers the instance whose database `accounts` is on, whose data directory is
    /// `dataDirectory` and whose blob store is at `blobs`.
    public init(accounts: AccountStore, dataDirectory: String, blobs: BlobStoreLocation) {
        self.accounts = accounts
        self.dataDirectory = dataDirectory
        self.blobs = blobs
    }

    /// The database.
    var database: Database { accounts.database }
}
