import Accounts
import Crypto
import Foundation
import HTTPTypes
import Mail
import NIOCore
import Storage

/// Everything `chancery serve` needs to know, resolved from flags, `CHANCERY_*` environment
/// variables and defaults by the CLI.
public struct ServerConfiguration: Sendable {
    /// The data directory: the SQLite file, blobs and keys live here by default.
    public var dataDirectory: String
    /// The address to listen on.
    public var host: String
    /// The port to listen on; 0 picks a free one.
    public var port: Int
    /// The relational database.
    public var database: DatabaseLocation
    /// The blob store.
    public var blobs: BlobStoreLocation
    /// The password of the `Administrator` user created on first start; `nil` generates one.
    public var administratorPassword: String?
    /// The largest request body accepted, in bytes.
    public var maxBodyBytes: Int64
    /// The name of the transparency log and of its signing key: a schema-less URL such as
    /// `notary.example.com/log`. It is fixed for the life of the log.
    public var logOrigin: String
    /// The policy OID the time-stamp authority writes into every token (RFC 3161 `policy`),
    /// in dotted form; the operator's own policy if it has one.
    public var tsaPolicy: String
    /// The server's public base URL (`https://sign.example.com`), for links it hands out such as
    /// signing links; `nil` takes it from each request's `Host`.
    public var publicURL: String?
    /// Whether `X-Forwarded-For`, `X-Forwarded-Proto` and `X-Forwarded-Host` come from a trusted reverse proxy.
    public var trustForwardedHeaders: Bool
    /// Whether documents' `file_url`s and webhooks may reach private and loopback networks.
    public var signingAllowsPrivateNetworks: Bool
    /// How many wrong passwords and API keys are free, and how long lock-outs last.
    public var lockouts: LockoutPolicy = .standard
    /// The timeouts and connection counts that bound every connection.
    public var connectionLimits = ConnectionLimits()
    /// The most bytes one uploaded file may have, whether it arrives whole or in chunks.
    public var maxUploadBytes: Int64 = 4 << 30
    /// Document properties to index beside the default ones, built once the server runs.
    public var indexedProperties: [String] = []
    /// The key that seals the deployment's keys in the database, so that every instance on
    /// the database has the same ones (``DeploymentKeys``); `nil` keeps keys local only.
    public var keyEncryptionKey: SymmetricKey?
    /// During a rotation of the key-encryption key, the previous one: keys still sealed with it
    /// are sealed again with ``keyEncryptionKey``.
    public var previousKeyEncryptionKey: SymmetricKey?
    /// The NATS servers that carry live telemetry between the deployment's instances; `nil`
    /// for a server on its own.
    public var nats: [NATSServerAddress]?
    /// The SMTP server and sender the server mails through; `nil` sends no mail.
    public var mail: OutboundMailSettings?

    /// What instances joined by ``nats`` would not share, as the options that would make them
    /// share it: a PostgreSQL database, an S3-compatible bucket and a key-encryption key.
    /// Empty for a server on its own, and for a deployment that has all three.
    public var unsharedByInstances: [String] {
        guard nats != nil else { return [] }
        var missing: [String] = []
        if case .sqlite = database { missing.append("--database postgres://… (an SQLite file belongs to one server)") }
        if case .directory = blobs { missing.append("--blobs s3://… (a local directory is not shared)") }
        if keyEncryptionKey == nil { missing.append("--key-encryption-key-file (every instance must have the same keys)") }
        return missing
    }

    /// Creates a configuration; the database and blob store default to the embedded ones in
    /// `dataDirectory`.
    public init(
        dataDirectory: String,
        host: String = "127.0.0.1",
        port: Int = 8080,
        database: DatabaseLocation? = nil,
        blobs: BlobStoreLocation? = nil,
        administratorPassword: String? = nil,
        maxBodyBytes: Int64 = 1 << 30,
        logOrigin: String = "chancery.local/log",
        tsaPolicy: String = "1.2.3.4.1",
        publicURL: String? = nil,
        trustForwardedHeaders: Bool = false,
        signingAllowsPrivateNetworks: Bool = false
    ) {
        self.dataDirectory = dataDirectory
        self.host = host
        self.port = port
        self.database = database ?? .embedded(in: dataDirectory)
        self.blobs = blobs ?? .embedded(in: dataDirectory)
        self.administratorPassword = administratorPassword
        self.maxBodyBytes = maxBodyBytes
        self.logOrigin = logOrigin
        self.tsaPolicy = tsaPolicy
        self.publicURL = publicURL
        self.trustForwardedHeaders = trustForwardedHeaders
        self.signingAllowsPrivateNetworks = signingAllowsPrivateNetworks
    }

    /// The directory of the instance's signing keys.
    public var keysDirectory: String {
        Self.keysDirectory(in: dataDirectory)
    }

    /// The directory of the keys of the instance whose data directory is `dataDirectory`.
    public static func keysDirectory(in dataDirectory: String) -> String {
        URL(fileURLWithPath: dataDirectory).appendingPathComponent("keys").path
    }
}
