import Accounts
import ArgumentParser
import ChanceryServer
import Foundation
import Logging
import Storage

/// The options that locate an instance's data, shared by every command that reads or
/// changes it.
struct StoreOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The data directory. [env: CHANCERY_DATA] (default: ./chancery-data)", valueName: "dir"))
    var data: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The database: a SQLite path or postgres://user:pass@host:port/db. [env: CHANCERY_DATABASE] (default: DIR/chancery.sqlite)",
            valueName: "url"
        ))
    var database: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The blob store: a directory, file:///path, or an S3-compatible bucket as s3://BUCKET[/PREFIX]?endpoint=URL&region=REGION, signed with AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (and AWS_SESSION_TOKEN). [env: CHANCERY_BLOBS] (default: DIR/blobs)",
            valueName: "url"
        ))
    var blobs: String?

    /// The data directory after flags, environment and default.
    var dataDirectory: String {
        Setting.resolve(data, environment: "CHANCERY_DATA", default: "./chancery-data")
    }

    /// The database after flags, environment and default.
    func databaseLocation() throws -> DatabaseLocation {
        try location(database, environment: "CHANCERY_DATABASE", default: .embedded(in: dataDirectory), parse: DatabaseLocation.init(parsing:))
    }

    /// The blob store after flags, environment and default.
    func blobStoreLocation() throws -> BlobStoreLocation {
        try location(blobs, environment: "CHANCERY_BLOBS", default: .embedded(in: dataDirectory), parse: BlobStoreLocation.init(parsing:))
    }

    /// The URL of `flag` or of the variable `environment` read with `parse`, or `fallback`; a
    /// URL that does not parse is a configuration error.
    private func location<Location>(
        _ flag: String?, environment: String, default fallback: Location, parse: (String) throws -> Location
    ) throws -> Location {
        guard let url = Setting.resolve(flag, environment: environment) else { return fallback }
        do {
            return try parse(url)
        } catch {
            throw ConfigurationError("\(error)")
        }
    }

    /// Opens the database like ``withAccounts(_:)`` and runs `body` with the instance's
    /// ``Administration``: the edges, measurements, property indexes and quotas.
    func withAdministration<Result>(_ body: (Administration) async throws -> Result) async throws -> Result {
        let blobs = try blobStoreLocation()
        return try await withAccounts { accounts in
            try await body(Administration(accounts: accounts, dataDirectory: dataDirectory, blobs: blobs))
        }
    }

    /// Opens the database, brings its schema up to date, runs `body` with the account store,
    /// and closes the database.
    ///
    /// A SQLite database that does not exist yet is made only where the operator named the
    /// data (`--data`, `--database` or their variables), and the command says that it makes
    /// one: run in the wrong directory on the default, a command would otherwise make an empty
    /// database there and change nothing the server sees.
    ///
    /// - Throws: ``ConfigurationError`` naming the missing default and how to name the data.
    func withAccounts<Result>(_ body: (AccountStore) async throws -> Result) async throws -> Result {
        let logger = CommandLogging.logger(level: .warning)
        let location = try databaseLocation()
        if case .sqlite(let path) = location, !FileManager.default.fileExists(atPath: path) {
            let named =
                Setting.resolve(data, environment: "CHANCERY_DATA") != nil || Setting.resolve(database, environment: "CHANCERY_DATABASE") != nil
            guard named else {
                throw ConfigurationError(
                    """
                    no Chancery database at \(path): run the command where the server keeps its data, \
                    or name the data directory with --data or CHANCERY_DATA
                    """
                )
            }
            FileHandle.standardError.write(Data("no Chancery database at \(path) yet: creating a new one\n".utf8))
            try FileManager.default.createDirectory(
                atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path, withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700]
            )
        }
        let database = try await Database.open(location, logger: logger)
        do {
            try await database.migrate(Platform.migrations, logger: logger)
            let result = try await body(AccountStore(database: database))
            try await database.close()
            return result
        } catch {
            try? await database.close()
            throw error
        }
    }
}
