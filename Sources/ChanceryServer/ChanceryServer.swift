import Accounts
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import Mail
import Metrics
import NIOCore
import Notary
import PDFSigning
import Prometheus
import Repository
import Signing
import Storage
import Telemetry

/// Runs a Chancery server until SIGTERM or SIGINT.
public enum ChanceryServer {
    /// Opens the platform, creates the administrator on first start, serves, and on SIGTERM
    /// stops accepting, gives in-flight requests the drain timeout to finish, cuts the connections
    /// still open after it, closes the database and returns.
    ///
    /// Two lines go to standard output: the generated administrator password on first start
    /// (when `CHANCERY_ADMIN_PASSWORD` was not set) and `listening on http://HOST:PORT`
    /// once the server accepts connections. Everything else is logged to standard error.
    public static func run(_ configuration: ServerConfiguration, logger: Logger) async throws {
        var configuration = configuration
        if let openFiles = FileDescriptorLimit.raiseToHardLimit() {
            let affordable = FileDescriptorLimit.connections(within: openFiles)
            if configuration.connectionLimits.maxConnections > affordable {
                logger.warning(
                    "fewer connections than asked for: the process may open \(openFiles) files",
                    metadata: [
                        "max_connections": "\(affordable)", "asked": "\(configuration.connectionLimits.maxConnections)",
                    ])
                configuration.connectionLimits.maxConnections = affordable
            }
        }
        let registry = PrometheusCollectorRegistry()
        MetricsSystem.bootstrap(PrometheusMetricsFactory(registry: registry))

        let platform = try await Platform.open(
            dataDirectory: configuration.dataDirectory,
            database: configuration.database,
            blobs: configuration.blobs,
            nats: configuration.nats,
            lockouts: configuration.lockouts,
            logger: logger
        )
        logger.info(
            "storage ready",
            metadata: [
                "database": "\(configuration.database)", "blobs": "\(configuration.blobs)",
                "nats": "\(configuration.nats.map { $0.map(\.description).joined(separator: ",") } ?? "none")",
            ])
        do {
            if let generated = try await platform.accounts.bootstrapAdministrator(password: configuration.administratorPassword) {
                printLine(
                    "Created user \(AccountStore.administratorName) with password \(generated) (shown once; change it with `chancery user passwd`)")
            }
        } catch {
            try? await platform.close()
            throw error
        }
        let mail = configuration.mail.map { OutboundMail(settings: $0, database: platform.database, logger: logger) }
        let notary: NotaryCapability
        let repository: RepositoryCapability
        let signing: SigningCapability
        let telemetry: TelemetryCapability
        do {
            (notary, repository, signing, telemetry) = try await withDeploymentKeys(configuration, database: platform.database) {
                try await openCapabilities(configuration, platform: platform, mail: mail, logger: logger)
            }
        } catch {
            try? await platform.close()
            throw error
        }
        let app = ChanceryApplication.application(
            configuration: configuration, platform: platform, notary: notary, repository: repository, signing: signing, telemetry: telemetry,
            mail: mail, metrics: registry, logger: logger
        ) { host, port in
            let shownHost = host.contains(":") ? "[\(host)]" : host
            printLine("listening on http://\(shownHost):\(port)")
        }
        do {
            try await app.runService()
        } catch let error as IOError {
            throw ListenError(host: configuration.host, port: configuration.port, errno: error.errnoCode)
        }
    }

    /// Runs `open` with the keys directory holding the deployment's keys, when the
    /// configuration has a key-encryption key (``DeploymentKeys``), else as it is.
    private static func withDeploymentKeys<Result>(
        _ configuration: ServerConfiguration, database: Database, _ open: () async throws -> Result
    ) async throws -> Result {
        guard let encryptionKey = configuration.keyEncryptionKey else { return try await open() }
        return try await DeploymentKeys(
            database: database, directory: configuration.keysDirectory, encryptionKey: encryptionKey,
            previousEncryptionKey: configuration.previousKeyEncryptionKey
        ).synchronize(open)
    }

    /// Opens the four capabilities, each loading or creating its keys in the keys directory;
    /// Signing mails recipients through `mail` when there is one.
    private static func openCapabilities(
        _ configuration: ServerConfiguration, platform: Platform, mail: OutboundMail?, logger: Logger
    ) async throws -> (NotaryCapability, RepositoryCapability, SigningCapability, TelemetryCapability) {
        let notary = try await NotaryCapability.open(
            database: platform.database, accounts: platform.accounts,
            keysDirectory: configuration.keysDirectory, origin: configuration.logOrigin,
            tsaPolicy: configuration.tsaPolicy, logger: logger
        )
        let repository = try await RepositoryCapability.open(
            database: platform.database, blobs: platform.blobs, accounts: platform.accounts,
            keysDirectory: configuration.keysDirectory, maxUploadBytes: configuration.maxUploadBytes,
            notary: NotaryNotarization(notary: notary), logger: logger
        )
        var intake = IntakePolicy.standard
        intake.allowPrivateNetworks = configuration.signingAllowsPrivateNetworks
        intake.maximumFileSize = Int(min(Int64(intake.maximumFileSize), configuration.maxUploadBytes))
        let signing = try SigningCapability.open(
            database: platform.database, blobs: platform.blobs, accounts: platform.accounts,
            keysDirectory: configuration.keysDirectory, notary: NotaryNotarization(notary: notary),
            timeStamper: AuthorityTimeStamper(authority: notary.timeStampAuthority), mail: mail,
            configuration: .init(intake: intake),
            logger: logger
        )
        let telemetry = try TelemetryCapability.open(
            database: platform.database, accounts: platform.accounts, dataDirectory: configuration.dataDirectory,
            keysDirectory: configuration.keysDirectory, publicBaseURL: configuration.publicURL, blobs: platform.blobs,
            link: platform.nats.map { TelemetryClusterLink(nats: $0, logger: logger) }, notary: NotaryNotarization(notary: notary),
            logger: logger
        )
        return (notary, repository, signing, telemetry)
    }

    /// The server could not take its address, for example because another process has it.
    public struct ListenError: Error, CustomStringConvertible {
        /// The address asked for.
        public let host: String
        /// The port asked for.
        public let port: Int
        /// The system's error number.
        public let errno: Int32

        public var description: String {
            "cannot listen on \(host):\(port): \(String(cString: strerror(errno))) (errno \(errno))"
        }
    }

    /// Writes a line to standard output unbuffered, so that a supervising process reading a
    /// pipe sees it at once.
    private static func printLine(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }
}
