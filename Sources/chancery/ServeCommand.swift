import Accounts
import ArgumentParser
import ChanceryServer
import Foundation
import Logging
import Storage

/// `chancery serve`: runs the server.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run the Chancery server.",
        discussion: """
            With no options the server keeps everything in ./chancery-data (a SQLite database \
            and a blob directory) and listens on http://127.0.0.1:8080. It prints one line \
            containing "listening on http://HOST:PORT" when it is ready.

            On first start it creates the user Administrator (group administrators) with the \
            password in CHANCERY_ADMIN_PASSWORD, or prints a random one once. SIGTERM or \
            SIGINT stops it gracefully: no new connections, in-flight requests finish.

            Examples:
              chancery serve
              CHANCERY_ADMIN_PASSWORD='a long secret' chancery serve --data /var/lib/chancery --port 9000
              chancery serve --database postgres://chancery:secret@127.0.0.1:5432/chancery
            """
    )

    @OptionGroup var store: StoreOptions

    @Option(name: .long, help: ArgumentHelp("The address to listen on. [env: CHANCERY_HOST] (default: 127.0.0.1)", valueName: "host"))
    var host: String?

    @Option(name: .long, help: ArgumentHelp("The port to listen on; 0 picks a free one. [env: CHANCERY_PORT] (default: 8080)", valueName: "port"))
    var port: Int?

    @OptionGroup var keyEncryption: KeyEncryptionKeyOptions

    @OptionGroup(title: "Mail") var mail: MailOptions

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The NATS servers that carry live telemetry between the instances of a deployment, as nats://[USER:PASSWORD@|TOKEN@]HOST[:PORT], several separated by commas; required when more than one instance runs. [env: CHANCERY_NATS] (default: none, a server on its own)",
            valueName: "urls"
        ))
    var nats: String?

    @Option(
        name: .customLong("max-body-bytes"),
        help: ArgumentHelp("The largest request body accepted. [env: CHANCERY_MAX_BODY_BYTES] (default: 1 GiB)", valueName: "bytes"))
    var maxBodyBytes: Int?

    @Option(
        name: .customLong("max-upload-bytes"),
        help: ArgumentHelp(
            "The largest file one upload may store, whole or in chunks; more is refused with 413. [env: CHANCERY_MAX_UPLOAD_BYTES] (default: 4 GiB)",
            valueName: "bytes"))
    var maxUploadBytes: Int?

    @Option(
        name: .customLong("log-origin"),
        help: ArgumentHelp(
            "The transparency log's name, a schema-less URL; fixed for the life of the log. [env: CHANCERY_LOG_ORIGIN] (default: chancery.local/log)",
            valueName: "origin"))
    var logOrigin: String?

    @Option(
        name: .customLong("tsa-policy"),
        help: ArgumentHelp(
            "The policy OID of every RFC 3161 token, in dotted form. [env: CHANCERY_TSA_POLICY] (default: 1.2.3.4.1)", valueName: "oid"))
    var tsaPolicy: String?

    @Option(
        name: .customLong("public-url"),
        help: ArgumentHelp(
            "The server's public base URL, such as https://sign.example.com, for the links it hands out (signing links). [env: CHANCERY_PUBLIC_URL] (default: from each request's Host)",
            valueName: "url"))
    var publicURL: String?

    @Flag(
        name: .customLong("trust-forwarded-headers"),
        help:
            "Take the client's address, scheme and host from X-Forwarded-For, X-Forwarded-Proto and X-Forwarded-Host (behind a reverse proxy that sets them). [env: CHANCERY_TRUST_FORWARDED_HEADERS=1]"
    )
    var trustForwardedHeaders = false

    @Flag(
        name: .customLong("signing-allow-private-file-urls"),
        help:
            "Let documents' file_url and webhooks reach loopback and private networks (for tests and closed networks only). [env: CHANCERY_SIGNING_ALLOW_PRIVATE_FILE_URLS=1]"
    )
    var signingAllowPrivateFileURLs = false

    @Option(
        name: .customLong("header-timeout"),
        help: ArgumentHelp(
            "Seconds a client has to send a whole request head, from connecting or from its first byte. [env: CHANCERY_HEADER_TIMEOUT] (default: 30)",
            valueName: "seconds"))
    var headerTimeout: Double?

    @Option(
        name: .customLong("idle-timeout"),
        help: ArgumentHelp(
            "Seconds a kept-alive connection may wait for its next request. [env: CHANCERY_IDLE_TIMEOUT] (default: 60)", valueName: "seconds"))
    var idleTimeout: Double?

    @Option(
        name: .customLong("body-timeout"),
        help: ArgumentHelp(
            "Seconds a request body may send nothing before the request is answered 408 and the connection closed. [env: CHANCERY_BODY_TIMEOUT] (default: 60)",
            valueName: "seconds"))
    var bodyTimeout: Double?

    @Option(
        name: .customLong("drain-timeout"),
        help: ArgumentHelp(
            "Seconds in-flight requests get to finish after SIGTERM before their connections are cut. [env: CHANCERY_DRAIN_TIMEOUT] (default: 30)",
            valueName: "seconds"))
    var drainTimeout: Double?

    @Option(
        name: .customLong("max-connections"),
        help: ArgumentHelp(
            "The most connections open at once; more are answered 503 and closed (kept below the process's open-file limit). [env: CHANCERY_MAX_CONNECTIONS] (default: 10000)",
            valueName: "n"))
    var maxConnections: Int?

    @Option(
        name: .customLong("max-connections-per-address"),
        help: ArgumentHelp(
            "The most connections open at once from one client address; behind a reverse proxy, every client has the proxy's. [env: CHANCERY_MAX_CONNECTIONS_PER_ADDRESS] (default: 256)",
            valueName: "n"))
    var maxConnectionsPerAddress: Int?

    @Option(
        name: .customLong("lockout-free-failures"),
        help: ArgumentHelp(
            "Wrong passwords a user name may have before it is locked out. [env: CHANCERY_LOCKOUT_FREE_FAILURES] (default: 5)", valueName: "count"))
    var lockoutFreeFailures: Int?

    @Option(
        name: .customLong("lockout-address-free-failures"),
        help: ArgumentHelp(
            "Failed password, API key and OAuth2 client checks a client address may have before it is locked out. [env: CHANCERY_LOCKOUT_ADDRESS_FREE_FAILURES] (default: 20)",
            valueName: "count"))
    var lockoutAddressFreeFailures: Int?

    @Option(
        name: .customLong("lockout-first-delay"),
        help: ArgumentHelp(
            "The first lock-out; each further failure doubles it. [env: CHANCERY_LOCKOUT_FIRST_DELAY] (default: 1)", valueName: "seconds"))
    var lockoutFirstDelay: Int?

    @Option(
        name: .customLong("lockout-max-delay"),
        help: ArgumentHelp(
            "The longest lock-out; failures are forgotten four times this long after the last. [env: CHANCERY_LOCKOUT_MAX_DELAY] (default: 900)",
            valueName: "seconds"))
    var lockoutMaxDelay: Int?

    @Option(
        name: .customLong("index-property"),
        help: ArgumentHelp(
            "A document property to index beside dc:title, dc:creator, dc:created, dc:modified and file:content's name and digest, built once the server runs if the database lacks it (repeat the option for several). [env: CHANCERY_INDEX_PROPERTIES, comma-separated]",
            valueName: "property"))
    var indexProperties: [String] = []

    @Option(
        name: .customLong("log-level"),
        help: ArgumentHelp("trace, debug, info, notice, warning, error or critical. [env: CHANCERY_LOG_LEVEL] (default: info)", valueName: "level"))
    var logLevel: String?

    /// The properties `--index-property` or CHANCERY_INDEX_PROPERTIES names, each checked.
    private func indexedProperties() throws -> [String] {
        let named =
            indexProperties.isEmpty
            ? (Setting.resolve(nil, environment: "CHANCERY_INDEX_PROPERTIES") ?? "").split(separator: ",").map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            : indexProperties
        let properties = named.filter { !$0.isEmpty }
        for property in properties {
            do {
                try Administration.validateIndexable(property)
            } catch {
                throw ConfigurationError("--index-property: \(error)")
            }
        }
        return properties
    }

    func run() async throws {
        let levelName = Setting.resolve(logLevel, environment: "CHANCERY_LOG_LEVEL", default: "info")
        guard let level = Logger.Level(rawValue: levelName) else {
            throw ConfigurationError("'\(levelName)' is not a log level: use trace, debug, info, notice, warning, error or critical")
        }
        let port = try Setting.resolve(port, environment: "CHANCERY_PORT", default: 8080)
        guard (0...65535).contains(port) else { throw ConfigurationError("port \(port) is not between 0 and 65535") }
        let maxBodyBytes = try Setting.resolve(maxBodyBytes, environment: "CHANCERY_MAX_BODY_BYTES", default: 1 << 30)
        guard maxBodyBytes > 0 else { throw ConfigurationError("--max-body-bytes must be positive") }
        let password = Setting.resolve(nil, environment: "CHANCERY_ADMIN_PASSWORD")
        if let password, password.count < 8 {
            throw ConfigurationError("CHANCERY_ADMIN_PASSWORD must have at least 8 characters")
        }

        var configuration = ServerConfiguration(
            dataDirectory: store.dataDirectory,
            host: Setting.resolve(host, environment: "CHANCERY_HOST", default: "127.0.0.1"),
            port: port,
            database: try store.databaseLocation(),
            administratorPassword: password,
            maxBodyBytes: Int64(maxBodyBytes),
            logOrigin: Setting.resolve(logOrigin, environment: "CHANCERY_LOG_ORIGIN", default: "chancery.local/log"),
            tsaPolicy: Setting.resolve(tsaPolicy, environment: "CHANCERY_TSA_POLICY", default: "1.2.3.4.1"),
            publicURL: try publicBaseURL(),
            trustForwardedHeaders: trustForwardedHeaders || Setting.isEnabled(environment: "CHANCERY_TRUST_FORWARDED_HEADERS"),
            signingAllowsPrivateNetworks: signingAllowPrivateFileURLs || Setting.isEnabled(environment: "CHANCERY_SIGNING_ALLOW_PRIVATE_FILE_URLS")
        )
        configuration.connectionLimits = try connectionLimits()
        configuration.maxUploadBytes = Int64(
            try Setting.resolve(
                maxUploadBytes, environment: "CHANCERY_MAX_UPLOAD_BYTES", default: Int(configuration.maxUploadBytes)
            ))
        guard configuration.maxUploadBytes > 0 else { throw ConfigurationError("--max-upload-bytes must be positive") }
        configuration.lockouts = try lockoutPolicy()
        configuration.blobs = try store.blobStoreLocation()
        configuration.indexedProperties = try indexedProperties()
        if let nats = Setting.resolve(nats, environment: "CHANCERY_NATS") {
            do {
                configuration.nats = try NATSServerAddress.list(parsing: nats)
            } catch {
                throw ConfigurationError("\(error)")
            }
        }
        (configuration.keyEncryptionKey, configuration.previousKeyEncryptionKey) = try keyEncryption.keys()
        configuration.mail = try mail.settings()
        let unshared = configuration.unsharedByInstances
        guard unshared.isEmpty else {
            throw ConfigurationError("--nats joins instances into one deployment, which also needs \(unshared.joined(separator: ", "))")
        }
        try await ChanceryServer.run(configuration, logger: CommandLogging.logger(level: level))
    }

    /// The connection timeouts and counts, each checked to be positive.
    private func connectionLimits() throws -> ConnectionLimits {
        let defaults = ConnectionLimits()
        let maxConnections = try Setting.resolve(maxConnections, environment: "CHANCERY_MAX_CONNECTIONS", default: defaults.maxConnections)
        let maxPerAddress = try Setting.resolve(
            maxConnectionsPerAddress, environment: "CHANCERY_MAX_CONNECTIONS_PER_ADDRESS", default: defaults.maxConnectionsPerAddress)
        guard maxConnections > 0 else { throw ConfigurationError("--max-connections must be positive") }
        guard maxPerAddress > 0 else { throw ConfigurationError("--max-connections-per-address must be positive") }
        return ConnectionLimits(
            headerTimeout: try seconds(
                headerTimeout, flag: "--header-timeout", environment: "CHANCERY_HEADER_TIMEOUT", default: defaults.headerTimeout),
            idleTimeout: try seconds(idleTimeout, flag: "--idle-timeout", environment: "CHANCERY_IDLE_TIMEOUT", default: defaults.idleTimeout),
            bodyTimeout: try seconds(bodyTimeout, flag: "--body-timeout", environment: "CHANCERY_BODY_TIMEOUT", default: defaults.bodyTimeout),
            drainTimeout: try seconds(drainTimeout, flag: "--drain-timeout", environment: "CHANCERY_DRAIN_TIMEOUT", default: defaults.drainTimeout),
            maxConnections: maxConnections,
            maxConnectionsPerAddress: maxPerAddress
        )
    }

    /// A time in seconds (a decimal number) from the flag or the environment, checked to be positive.
    private func seconds(_ value: Double?, flag: String, environment name: String, default defaultValue: Duration) throws -> Duration {
        var seconds = value
        if seconds == nil, let text = Setting.resolve(nil, environment: name) {
            guard let number = Double(text) else { throw ConfigurationError("\(name)='\(text)' is not a number of seconds") }
            seconds = number
        }
        guard let seconds else { return defaultValue }
        guard seconds > 0, seconds <= 86_400 else { throw ConfigurationError("\(flag) must be more than 0 and at most 86400 seconds") }
        return .seconds(seconds)
    }

    /// The lock-out policy from the `--lockout-*` settings, checked to be positive.
    private func lockoutPolicy() throws -> LockoutPolicy {
        let standard = LockoutPolicy.standard
        let policy = LockoutPolicy(
            userFreeFailures: try Setting.resolve(
                lockoutFreeFailures, environment: "CHANCERY_LOCKOUT_FREE_FAILURES", default: standard.userFreeFailures),
            addressFreeFailures: try Setting.resolve(
                lockoutAddressFreeFailures, environment: "CHANCERY_LOCKOUT_ADDRESS_FREE_FAILURES", default: standard.addressFreeFailures
            ),
            firstDelay: TimeInterval(
                try Setting.resolve(lockoutFirstDelay, environment: "CHANCERY_LOCKOUT_FIRST_DELAY", default: Int(standard.firstDelay))),
            maximumDelay: TimeInterval(
                try Setting.resolve(lockoutMaxDelay, environment: "CHANCERY_LOCKOUT_MAX_DELAY", default: Int(standard.maximumDelay)))
        )
        guard policy.userFreeFailures > 0, policy.addressFreeFailures > 0, policy.firstDelay > 0, policy.maximumDelay >= policy.firstDelay else {
            throw ConfigurationError("the --lockout-* settings must be positive, and --lockout-max-delay at least --lockout-first-delay")
        }
        return policy
    }

    /// `--public-url` without a trailing slash, checked to be an absolute http(s) URL.
    private func publicBaseURL() throws -> String? {
        guard var text = Setting.resolve(publicURL, environment: "CHANCERY_PUBLIC_URL") else { return nil }
        while text.hasSuffix("/") { text.removeLast() }
        guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host != nil else {
            throw ConfigurationError("--public-url '\(text)' is not an absolute http or https URL")
        }
        return text
    }
}
