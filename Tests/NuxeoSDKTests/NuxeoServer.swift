import ChanceryTestSupport
import Foundation
import NuxeoSDK

/// A real `chancery serve` process on a fresh store, for tests that drive the SDK against
/// the server's Nuxeo API at `{server}/nuxeo`.
///
/// On a PostgreSQL run (`CHANCERY_TEST_DATABASE` set) the server gets a fresh database of its
/// own; otherwise SQLite in the data directory.
struct NuxeoServer {
    /// The administrator's password on every test server.
    static let password = "nuxeosdk test password"

    /// The running process.
    let process: ServerProcess
    /// A directory for the test's own files, removed afterwards.
    let directory: URL

    /// The server's Nuxeo URL, as an app would configure it.
    var nuxeoURL: URL { process.baseURL.appendingPathComponent("nuxeo") }

    /// A session as the administrator, asking for the `dublincore` schema by default as the
    /// Objective-C SDK's tests did.
    func session() -> NUXSession {
        let session = NUXSession(serverURL: nuxeoURL, username: "Administrator", password: Self.password)
        session.addDefaultSchemas(["dublincore"])
        return session
    }

    /// Starts a server, runs `body`, and stops the server.
    static func with(_ body: (NuxeoServer) async throws -> Void) async throws {
        try await TestDatabase.withServeDatabaseArguments { databaseArguments in
            try await TemporaryDirectory.with { directory in
                let data = URL(fileURLWithPath: directory).appendingPathComponent("data")
                let files = URL(fileURLWithPath: directory).appendingPathComponent("files")
                try FileManager.default.createDirectory(at: files, withIntermediateDirectories: true)
                let process = try await ServerProcess.start(
                    arguments: ["--data", data.path] + databaseArguments, environment: ["CHANCERY_ADMIN_PASSWORD": password]
                )
                do {
                    try await body(NuxeoServer(process: process, directory: files))
                } catch {
                    _ = try? await process.terminate()
                    throw error
                }
                _ = try await process.terminate()
            }
        }
    }

}

extension Error {
    /// The HTTP status of a ``NUXError/server(statusCode:message:)`` error, `nil` for any
    /// other error.
    var nuxeoStatusCode: Int? {
        if case NUXError.server(let statusCode, _)? = self as? NUXError { statusCode } else { nil }
    }
}
