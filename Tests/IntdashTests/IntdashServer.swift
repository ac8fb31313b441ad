import ChanceryTestSupport
import Foundation
import Intdash

/// A real `chancery serve` process on a fresh store, with an API key of its administrator,
/// for tests that drive the SDK against the server's intdash API at `{server}/intdash`.
///
/// The server can be stopped and started again on the same port and store, to test what the
/// SDK does when its connection drops. On a PostgreSQL run (`CHANCERY_TEST_DATABASE` set) the
/// server gets a fresh database of its own; otherwise SQLite in the data directory.
final class IntdashServer: @unchecked Sendable {
    // @unchecked: `process` is replaced only by `restart()`, which the test calls from its one
    // task while no other code reads it; everything else is immutable.

    /// The running process.
    private(set) var process: ServerProcess
    /// An API key of the administrator.
    let apiKey: String
    /// The `serve` options that select the store.
    private let storeArguments: [String]

    private init(process: ServerProcess, apiKey: String, storeArguments: [String]) {
        self.process = process
        self.apiKey = apiKey
        self.storeArguments = storeArguments
    }

    /// The server URL an app configures: the root followed by `/intdash`.
    var serverURL: String { process.baseURL.absoluteString + "/intdash" }

    /// A session on the server with the administrator's API key.
    func session() -> IntdashClient.Session {
        let session = IntdashClient.Session(serverURL: serverURL, clientId: "intdash-sdk-tests", timeoutInterval: LoopbackDeadline.answerSeconds)
        session.apiToken = apiKey
        return session
    }

    /// A client with ``session()``.
    func client() -> IntdashClient {
        let client = IntdashClient()
        client.session = session()
        return client
    }

    /// A device's credentials: its edge UUID (the OAuth2 client id) and client secret.
    struct Edge {
        let uuid: String
        let clientSecret: String
    }

    /// Runs the `chancery` command `arguments` on the server's store, with `input` on its
    /// standard input, and returns its standard output, trimmed.
    ///
    /// - Throws: ``Failure`` when it exits with another status than 0.
    func command(_ arguments: [String], input: String? = nil) async throws -> String {
        let result = try await Subprocess.run(
            ServerProcess.executable, arguments + storeArguments, environment: ServerProcess.environment(), input: input.map { Data($0.utf8) })
        guard result.status == 0 else {
            throw Failure(description: "chancery \(arguments.joined(separator: " ")) exited with \(result.status): \(result.errorsText)")
        }
        return result.outputText.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Adds a person, the account user `name` with `password`, with `chancery user add`.
    func addUser(_ name: String, password: String) async throws {
        _ = try await command(["user", "add", name, "--password-stdin"], input: password + "\n")
    }

    /// Registers a public OAuth2 client (an app that signs people in) named `name` with the
    /// one redirect URI `redirectURI`, with `chancery oauth2 client create`; returns its client id.
    func createOAuth2Client(name: String, redirectURI: String) async throws -> String {
        let output = try await command(["oauth2", "client", "create", "--name", name, "--redirect-uri", redirectURI])
        guard let object = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any], let id = object["client_id"] as? String else {
            throw Failure(description: "chancery oauth2 client create printed no client_id: \(output)")
        }
        return id
    }

    /// Creates an edge named `name` with `chancery edge create`.
    func createEdge(name: String) async throws -> Edge {
        let output = try await command(["edge", "create", "--name", name])
        let object = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any]
        guard let uuid = object?["uuid"] as? String, let secret = object?["client_secret"] as? String else {
            throw Failure(description: "chancery edge create printed no uuid and client_secret: \(output)")
        }
        return Edge(uuid: uuid, clientSecret: secret)
    }

    /// A client of the device `edge`, signed in with its client credentials.
    func client(signedInAs edge: Edge) async throws -> IntdashClient {
        let client = IntdashClient()
        client.session = IntdashClient.Session(serverURL: serverURL, clientId: edge.uuid, timeoutInterval: LoopbackDeadline.answerSeconds)
        _ = try await client.oauth2.authenticate(clientId: edge.uuid, clientSecret: edge.clientSecret)
        return client
    }

    /// A device speaking `realtimeProtocol`: a client signed in as a new edge, and the edge's UUID.
    func device(speaking realtimeProtocol: IntdashClient.RealtimeProtocol) async throws -> (IntdashClient, String) {
        let edge = try await createEdge(name: "device")
        let client = try await client(signedInAs: edge)
        client.realtimeProtocol = realtimeProtocol
        return (client, edge.uuid)
    }

    /// Stops the server.
    func stop() async throws {
        _ = try await process.terminate()
    }

    /// Starts the server again on the same port and store.
    func start() async throws {
        let port = String(process.baseURL.port ?? 0)
        process = try await ServerProcess.start(arguments: storeArguments + ["--port", port], environment: Self.environment)
    }

    /// The server's environment: a known administrator password.
    private static let environment = ["CHANCERY_ADMIN_PASSWORD": "intdash sdk test password"]

    /// Starts a server, creates an API key, runs `body`, and stops the server.
    static func with(_ body: (IntdashServer) async throws -> Void) async throws {
        try await TestDatabase.withServeDatabaseArguments { databaseArguments in
            try await TemporaryDirectory.with { directory in
                let store = ["--data", directory] + databaseArguments
                let process = try await ServerProcess.start(arguments: store, environment: environment)
                let server: IntdashServer
                do {
                    let apiKey = try await ServerProcess.commandOutput(
                        ["apikey", "create", "--user", "Administrator", "--name", "intdash-sdk-tests"] + store)
                    server = IntdashServer(process: process, apiKey: apiKey, storeArguments: store)
                } catch {
                    _ = try? await process.terminate()
                    throw error
                }
                do {
                    try await body(server)
                } catch {
                    _ = try? await server.process.terminate()
                    throw error
                }
                _ = try? await server.process.terminate()
            }
        }
    }

    /// A test setup step that failed.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }
}
