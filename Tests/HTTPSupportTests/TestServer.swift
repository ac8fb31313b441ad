import Accounts
import ChanceryServer
import ChanceryTestSupport
import Foundation
import HTTPSupport
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Metrics
import Prometheus
import Storage

/// A Chancery application on a real loopback port, over a fresh database and blob store.
enum TestServer {
    static let administratorPassword = "administrator password"
    static let memberPassword = "member password"
    static let bodyLimit: Int64 = 64 * 1024

    /// The registry every test's `/metrics` reads; the metrics system can be bootstrapped
    /// only once per process.
    static let registry: PrometheusCollectorRegistry = {
        let registry = PrometheusCollectorRegistry()
        MetricsSystem.bootstrap(PrometheusMetricsFactory(registry: registry))
        return registry
    }()

    /// Runs `body` against a live server whose accounts hold `Administrator` and the member
    /// `alice`.
    static func with(_ body: @escaping @Sendable (any TestClientProtocol, AccountStore) async throws -> Void) async throws {
        try await TestDatabase.with { database in
            try await TemporaryDirectory.with { directory in
                try await database.migrate(Platform.migrations, logger: TestDatabase.logger)
                let accounts = AccountStore(database: database, passwords: PasswordHasher(cost: 4))
                _ = try await accounts.bootstrapAdministrator(password: administratorPassword)
                try await accounts.createUser(name: "alice", password: memberPassword)
                let platform = Platform(database: database, blobs: try await FileBlobStore(directory: directory), accounts: accounts)
                let app = Application(
                    router: ChanceryApplication.router(
                        platform: platform,
                        administration: Administration(accounts: accounts, dataDirectory: directory, blobs: .embedded(in: directory)),
                        notary: nil, metrics: registry, maxBodyBytes: bodyLimit),
                    configuration: .init(address: .hostname("127.0.0.1", port: 0)),
                    logger: TestDatabase.logger
                )
                try await app.test(.live) { client in try await body(client, accounts) }
            }
        }
    }

    /// `Authorization: Basic …` for a user name and password.
    static func basic(_ user: String, _ password: String) -> HTTPFields {
        [.authorization: "Basic " + Data("\(user):\(password)".utf8).base64EncodedString()]
    }

    /// The JSON object in a response body; empty when the body is not a JSON object, so
    /// that every expectation on its fields fails.
    static func json(_ response: TestResponse) -> [String: Any] {
        let object = try? JSONSerialization.jsonObject(with: Data(response.body.readableBytesView))
        return object as? [String: Any] ?? [:]
    }

    /// The `error` object of a response in Chancery's error format; empty when there is none.
    static func error(_ response: TestResponse) -> [String: Any] {
        json(response)["error"] as? [String: Any] ?? [:]
    }
}
