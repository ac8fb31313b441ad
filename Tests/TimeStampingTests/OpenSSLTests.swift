import ChanceryTestSupport
import Foundation
import Testing
import TimeStamping

/// Checks tokens with a verifier we did not write: `openssl ts` (OpenSSL's `ts_rsp_verify.c`).
@Suite struct OpenSSLTests {
    static let openssl = "/usr/bin/openssl"

    /// A temporary directory holding the data file and the root certificate.
    struct Workspace {
        let directory: URL
        init(data: [UInt8]) throws {
            directory = FileManager.default.temporaryDirectory.appendingPathComponent("tsa-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data(data).write(to: path("data.bin"))
            try Fixtures.keys.rootCertificatePEM.write(to: path("ca.pem"), atomically: true, encoding: .utf8)
        }
        func path(_ name: String) -> URL { directory.appendingPathComponent(name) }
        func write(_ bytes: [UInt8], to name: String) throws { try Data(bytes).write(to: path(name)) }
        func read(_ name: String) throws -> [UInt8] { Array(try Data(contentsOf: path(name))) }
        func remove() { try? FileManager.default.removeItem(at: directory) }
    }

    /// Runs openssl with `arguments`, returning its exit status and combined output.
    static func run(_ arguments: [String]) async throws -> (status: Int32, output: String) {
        guard FileManager.default.isExecutableFile(atPath: openssl) else {
            throw OpenSSLMissing()
        }
        let result = try await Subprocess.run(openssl, arguments, errors: .intoOutput)
        return (result.status, result.outputText)
    }

    struct OpenSSLMissing: Error, CustomStringConvertible {
        var description: String { "openssl is not installed at /usr/bin/openssl (Debian package `openssl`); these tests need it" }
    }

    func verify(_ workspace: Workspace, dataFile: String = "data.bin") async throws -> (status: Int32, output: String) {
        try await Self.run([
            "ts", "-verify", "-data", workspace.path(dataFile).path, "-in", workspace.path("resp.tsr").path,
            "-CAfile", workspace.path("ca.pem").path,
        ])
    }

    @Test func opensslVerifiesOurResponse() async throws {
        let data = Array("a document to notarize\n".utf8)
        let workspace = try Workspace(data: data)
        defer { workspace.remove() }
        try workspace.write(try Fixtures.authority().respond(toRequest: Fixtures.requestDER(for: data, nonce: [1, 2, 3])), to: "resp.tsr")

        let result = try await verify(workspace)
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("Verification: OK"), "\(result.output)")
    }

    @Test(arguments: [false, true])
    func opensslQueryIsAnsweredAndVerified(withNonce: Bool) async throws {
        let data = Array("query built by openssl\n".utf8)
        let workspace = try Workspace(data: data)
        defer { workspace.remove() }
        let query = try await Self.run(
            ["ts", "-query", "-data", workspace.path("data.bin").path, "-sha256", "-cert"]
                + (withNonce ? [] : ["-no_nonce"]) + ["-out", workspace.path("req.tsq").path]
        )
        try #require(query.status == 0, "\(query.output)")
        let request = try TimeStampReq(derEncoded: workspace.read("req.tsq"))
        #expect(request.certReq)
        #expect((request.nonce != nil) == withNonce)

        try workspace.write(try Fixtures.authority().respond(toRequest: workspace.read("req.tsq")), to: "resp.tsr")
        let result = try await verify(workspace)
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("Verification: OK"), "\(result.output)")

        // `-queryfile` also checks that the nonce was echoed.
        let againstQuery = try await Self.run([
            "ts", "-verify", "-queryfile", workspace.path("req.tsq").path, "-in", workspace.path("resp.tsr").path,
            "-CAfile", workspace.path("ca.pem").path,
        ])
        #expect(againstQuery.status == 0, "\(againstQuery.output)")
        #expect(againstQuery.output.contains("Verification: OK"), "\(againstQuery.output)")
    }

    @Test func opensslRejectsOurResponseForOtherData() async throws {
        let data = Array("the original\n".utf8)
        let workspace = try Workspace(data: data)
        defer { workspace.remove() }
        try workspace.write(try Fixtures.authority().respond(toRequest: Fixtures.requestDER(for: data)), to: "resp.tsr")
        try workspace.write(Array("the forgery\n".utf8), to: "other.bin")

        let result = try await verify(workspace, dataFile: "other.bin")
        #expect(result.status != 0, "\(result.output)")
        #expect(!result.output.contains("Verification: OK"))
        #expect(result.output.contains("message imprint mismatch"), "\(result.output)")
    }

    @Test func opensslRejectsOurResponseUnderAnotherRoot() async throws {
        let data = Array("trust matters\n".utf8)
        let workspace = try Workspace(data: data)
        defer { workspace.remove() }
        try workspace.write(try Fixtures.authority().respond(toRequest: Fixtures.requestDER(for: data)), to: "resp.tsr")
        try TSAKeys.generate(commonName: "Stranger").rootCertificatePEM.write(to: workspace.path("ca.pem"), atomically: true, encoding: .utf8)

        let result = try await verify(workspace)
        #expect(result.status != 0, "\(result.output)")
        #expect(!result.output.contains("Verification: OK"))
    }

    @Test func opensslParsesAndPrintsOurReply() async throws {
        // `openssl ts -reply -in resp.tsr -text` parses our response and prints the TSTInfo.
        let data = Array("printable\n".utf8)
        let workspace = try Workspace(data: data)
        defer { workspace.remove() }
        try workspace.write(try Fixtures.authority().respond(toRequest: Fixtures.requestDER(for: data, nonce: [0x0A, 0xBC])), to: "resp.tsr")
        let result = try await Self.run(["ts", "-reply", "-in", workspace.path("resp.tsr").path, "-text"])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("Status: Granted."), "\(result.output)")
        #expect(result.output.contains("Nonce: 0x0ABC"), "\(result.output)")
        #expect(result.output.contains("Policy OID: 1.3.6.1.4.1.99999.1"), "\(result.output)")
    }
}
