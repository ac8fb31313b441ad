import ChanceryTestSupport
import Foundation
import Testing

/// Runs the real `chancery serve` process, as an operator would.
@Suite struct ServeProcessTests {
    @Test func servesHealthAndStopsCleanlyOnSIGTERM() async throws {
        try await TestDatabase.withServeDatabaseArguments { databaseArguments in
            try await TemporaryDirectory.with { directory in
                let server = try await ServerProcess.start(
                    arguments: ["--data", directory] + databaseArguments,
                    environment: ["CHANCERY_ADMIN_PASSWORD": "operator chosen password"]
                )
                let health = try await server.request("health")
                #expect(health.status == 200)
                let report = try JSONSerialization.jsonObject(with: health.body) as? [String: Any]
                #expect(report?["status"] as? String == "ok")

                let basic = "Basic " + Data("Administrator:operator chosen password".utf8).base64EncodedString()
                #expect(try await server.request("api/v1/me", headers: ["Authorization": basic]).status == 200)
                #expect(!server.printed.contains("with password"), "no password is printed when one was chosen")

                #expect(try await server.terminate() == 0)
                if databaseArguments.isEmpty {
                    #expect(FileManager.default.fileExists(atPath: directory + "/chancery.sqlite"))
                    #expect(FileManager.default.fileExists(atPath: directory + "/blobs"))
                }
            }
        }
    }

    @Test func firstStartWithoutAPasswordPrintsARandomOneOnce() async throws {
        try await TestDatabase.withServeDatabaseArguments { databaseArguments in
            try await TemporaryDirectory.with { directory in
                let first = try await ServerProcess.start(arguments: ["--data", directory] + databaseArguments)
                let line = try #require(first.printed.split(separator: "\n").first { $0.contains("with password") })
                let password = try #require(line.split(separator: " ").drop { $0 != "password" }.dropFirst().first.map(String.init))
                #expect(password.count >= 20)
                let basic = { (secret: String) in "Basic " + Data("Administrator:\(secret)".utf8).base64EncodedString() }
                #expect(try await first.request("api/v1/me", headers: ["Authorization": basic(password)]).status == 200)
                #expect(try await first.request("api/v1/me", headers: ["Authorization": basic("Administrator")]).status == 401)
                #expect(try await first.terminate() == 0)

                let second = try await ServerProcess.start(arguments: ["--data", directory] + databaseArguments)
                #expect(!second.printed.contains("with password"))
                #expect(try await second.request("api/v1/me", headers: ["Authorization": basic(password)]).status == 200)
                #expect(try await second.terminate() == 0)
            }
        }
    }

    @Test func refusesAnUnknownDatabaseScheme() async throws {
        try await TemporaryDirectory.with { directory in
            _ = await #expect(throws: ServerProcess.StartFailure.self) {
                _ = try await ServerProcess.start(arguments: ["--data", directory, "--database", "mysql://x/y"], timeout: .seconds(30))
            }
        }
    }
}
