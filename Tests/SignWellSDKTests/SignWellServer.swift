import ChanceryTestSupport
import Foundation
import SignWellSDK

/// A real `chancery serve` process on a fresh store, with an API key of its administrator,
/// for tests that drive the SDK against the server's SignWell API at
/// `{server}/signwell/api/v1`.
///
/// On a PostgreSQL run (`CHANCERY_TEST_DATABASE` set) the server gets a fresh database of its
/// own; otherwise SQLite in the data directory.
struct SignWellServer {
    /// The running process.
    let process: ServerProcess
    /// An API key of the administrator.
    let apiKey: String

    /// The API's root, as an app would configure it.
    var apiURL: URL { process.baseURL.appendingPathComponent("signwell/api/v1") }

    /// A client of the server with the administrator's key.
    func client() -> SignWellClient {
        SignWellClient(baseURL: apiURL, apiKey: apiKey)
    }

    /// Starts a server with the `serve` options `arguments`, creates an API key, runs `body`,
    /// and stops the server.
    static func with(arguments: [String] = [], _ body: (SignWellServer) async throws -> Void) async throws {
        try await TestDatabase.withServeDatabaseArguments { databaseArguments in
            try await TemporaryDirectory.with { directory in
                let store = ["--data", directory] + databaseArguments
                let process = try await ServerProcess.start(
                    arguments: store + arguments, environment: ["CHANCERY_ADMIN_PASSWORD": "signwellsdk test password"]
                )
                do {
                    let apiKey = try await ServerProcess.commandOutput(
                        ["apikey", "create", "--user", "Administrator", "--name", "signwellsdk-tests"] + store)
                    try await body(SignWellServer(process: process, apiKey: apiKey))
                } catch {
                    _ = try? await process.terminate()
                    throw error
                }
                _ = try await process.terminate()
            }
        }
    }

}
