import ChanceryTestSupport
import Foundation

/// A real `chancery serve` process on a fresh store, with an API key of its administrator,
/// for tests that drive the SDK against the server.
///
/// On a PostgreSQL run (`CHANCERY_TEST_DATABASE` set) the server gets a fresh database of its
/// own; otherwise SQLite in the data directory.
struct NotaryServer {
    /// The running process.
    let process: ServerProcess
    /// An API key of the administrator, to send as `app-token`.
    let apiKey: String

    /// The server's root URL.
    var url: URL { process.baseURL }

    /// Starts a server, creates an API key, runs `body`, and stops the server.
    static func with(_ body: (NotaryServer) async throws -> Void) async throws {
        try await TestDatabase.withServeDatabaseArguments { databaseArguments in
            try await TemporaryDirectory.with { directory in
                let store = ["--data", directory] + databaseArguments
                let process = try await ServerProcess.start(arguments: store, environment: ["CHANCERY_ADMIN_PASSWORD": "qedsdk test password"])
                do {
                    let apiKey = try await ServerProcess.commandOutput(
                        ["apikey", "create", "--user", "Administrator", "--name", "qedsdk-tests"] + store)
                    try await body(NotaryServer(process: process, apiKey: apiKey))
                } catch {
                    _ = try? await process.terminate()
                    throw error
                }
                _ = try await process.terminate()
            }
        }
    }

    /// A public text file the server publishes, such as `.well-known/chancery/log.vkey`.
    func publicText(_ path: String) async throws -> String {
        let response = try await process.request(path)
        guard response.status == 200 else { throw Failure("GET \(path) answered \(response.status)") }
        return String(decoding: response.body, as: UTF8.self)
    }

    /// A JSON object the QED API answers, read with the API key.
    func json(_ path: String) async throws -> [String: Any] {
        let response = try await process.request(path, headers: ["Authorization": "app-token \(apiKey)"])
        guard response.status == 200, let object = try JSONSerialization.jsonObject(with: response.body) as? [String: Any] else {
            throw Failure("GET \(path) answered \(response.status): \(String(decoding: response.body, as: UTF8.self))")
        }
        return object
    }

    /// A test setup step that failed.
    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
