import Accounts
import Foundation
import HTTPTypes
import Logging
import Mail
import NIOCore
import Notary
import Repository
import Signing
import Storage
import Telemetry

/// The shared resources every capability builds on: the database, the blob store and the
/// accounts, opened and migrated, and the NATS connection to the deployment's other
/// instances when there are any.
public struct Platform: Sendable {
    /// The relational database.
    public let database: Database
    /// The blob store.
    public let blobs: any BlobStore
    /// Users, groups, keys and tokens.
    public let accounts: AccountStore
    /// The connection to the NATS servers the deployment's instances share, or `nil` for a
    /// server on its own.
    public let nats: NATSClient?

    /// Wraps resources that are already open.
    public init(database: Database, blobs: any BlobStore, accounts: AccountStore, nats: NATSClient? = nil) {
        self.database = database
        self.blobs = blobs
        self.accounts = accounts
        self.nats = nats
    }

    /// The migrations of every module, in dependency order.
    public static let migrations: [MigrationSet] = [
        AccountsMigrations.all, NotaryMigrations.all, RepositoryMigrations.all, SigningMigrations.all,
        TelemetryMigrations.all, TelemetryDataMigrations.all, QuotaMigrations.all, DeploymentKeyMigrations.all, MailMigrations.all,
    ]

    /// Opens the data directory, the database and the blob store, applies pending
    /// migrations, and connects to `nats` when given; the accounts lock out guessers by
    /// `lockouts`. A blob store that cannot take a write now (a bucket that is missing or
    /// unreachable, refused credentials, a read-only directory), or NATS servers none of
    /// which answers, stop the opening with their error.
    public static func open(
        dataDirectory: String,
        database location: DatabaseLocation,
        blobs blobLocation: BlobStoreLocation,
        nats natsServers: [NATSServerAddress]? = nil,
        passwords: PasswordHasher = PasswordHasher(),
        lockouts: LockoutPolicy = .standard,
        logger: Logger
    ) async throws -> Platform {
        try FileManager.default.createDirectory(
            atPath: dataDirectory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700]
        )
        let database = try await Database.open(location, logger: logger)
        do {
            try await database.migrate(migrations, logger: logger)
            let blobs = try await blobLocation.open()
            try await blobs.checkHealth()
            var nats: NATSClient?
            if let natsServers { nats = try await NATSClient.connect(to: natsServers, name: "chancery", logger: logger) }
            return Platform(
                database: database, blobs: blobs, accounts: AccountStore(database: database, passwords: passwords, lockouts: lockouts), nats: nats
            )
        } catch {
            try? await database.close()
            throw error
        }
    }

    /// Closes the NATS connection and the database.
    public func close() async throws {
        await nats?.close()
        try await database.close()
    }
}
