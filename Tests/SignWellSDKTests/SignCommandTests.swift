import ChanceryTestSupport
import Foundation
import SignWellSDK
import Testing

/// `chancery sign` run as a person runs it, against a real server.
@Suite(.serialized) struct SignCommandTests {
    /// The connection options for `server`.
    static func connection(_ server: SignWellServer) -> [String] {
        ["--server", server.process.baseURL.absoluteString, "--api-key", server.apiKey]
    }

    /// Runs `body` with a two-page test PDF on disk.
    static func withContract(_ body: (String) async throws -> Void) async throws {
        try await TemporaryDirectory.with { directory in
            let path = URL(fileURLWithPath: directory).appendingPathComponent("contract.pdf").path
            try TestPDF.make(pageCount: 2).write(to: URL(fileURLWithPath: path))
            try await body(path)
        }
    }

    @Test func createPrintsTheIDAndEachSigningURL() async throws {
        try await SignWellServer.with { server in
            try await Self.withContract { contract in
                let result = try await ServerProcess.command(
                    [
                        "sign", "create", contract, "--recipient", "Jane Roe:jane@example.com", "--recipient", "Max: Mustermann:max@example.com",
                        "--field", "1:signature:1:200:550", "--field", "2:initials:2:80:900:60:30", "--signing-order", "--test-mode", "--embedded",
                    ]
                        + Self.connection(server)
                )
                #expect(result.status == 0, "\(result.errorsText)")
                let lines = result.outputText.split(separator: "\n").map(String.init)
                #expect(lines.count == 3)
                let id = try #require(lines.first)
                #expect(lines[1].hasPrefix("1  Jane Roe  <jane@example.com>  http"))
                #expect(lines[2].hasPrefix("2  Max: Mustermann  <max@example.com>  http"))

                let document = try await server.client().document(id)
                #expect(document.name == "contract.pdf")
                #expect(document.testMode)
                #expect(document.applySigningOrder == true)
                #expect(document.embeddedSigning == true)
                let fields = try #require(document.fields?.first)
                #expect(fields.map(\.type) == [.signature, .initials])
                #expect(fields.map(\.recipientID) == ["1", "2"])
                #expect(fields[1].page == 2 && fields[1].width == 60 && fields[1].height == 30)
                #expect(lines[1].contains(try #require(document.recipients?.first?.signingURL)))
            }
        }
    }

    @Test func createWithoutFieldsAddsASignaturePageAndPrintsJSON() async throws {
        try await SignWellServer.with { server in
            try await Self.withContract { contract in
                let result = try await ServerProcess.command(
                    ["sign", "create", contract, "--recipient", "Jane Roe:jane@example.com", "--name", "NDA", "--draft", "--json"]
                        + Self.connection(server)
                )
                #expect(result.status == 0, "\(result.errorsText)")
                let document = try SignWellJSON.decoder().decode(Document.self, from: Data(result.outputText.utf8))
                #expect(document.name == "NDA")
                #expect(document.status == .draft)
                #expect(document.withSignaturePage == true)
            }
        }
    }

    @Test func statusShowsTheDocumentAndItsRecipients() async throws {
        try await SignWellServer.with { server in
            var request = TestRequests.contract(name: "Lease")
            request.recipients.append(Recipient(id: "2", name: "Max Mustermann", email: "max@example.com"))
            let document = try await server.client().createDocument(request)
            let result = try await ServerProcess.command(["sign", "status", document.id] + Self.connection(server))
            #expect(result.status == 0, "\(result.errorsText)")
            let lines = result.outputText.split(separator: "\n").map(String.init)
            #expect(lines.first == "\(document.id)  Sent (test)  Lease")
            #expect(lines.dropFirst().first?.hasPrefix("#  NAME") == true)
            #expect(lines.contains { $0.hasPrefix("1  Jane Roe") && $0.contains("jane@example.com") })
            #expect(lines.contains { $0.hasPrefix("2  Max Mustermann") && $0.contains("max@example.com") })

            let json = try await ServerProcess.command(["sign", "status", document.id, "--json"] + Self.connection(server))
            #expect(try SignWellJSON.decoder().decode(Document.self, from: Data(json.outputText.utf8)).id == document.id)
        }
    }

    @Test func downloadSaysWhenThereIsNothingToDownloadYet() async throws {
        try await SignWellServer.with { server in
            let document = try await server.client().createDocument(TestRequests.contract())
            try await TemporaryDirectory.with { directory in
                let output = URL(fileURLWithPath: directory).appendingPathComponent("signed.pdf").path
                let result = try await ServerProcess.command(["sign", "download", document.id, "-o", output] + Self.connection(server))
                #expect(result.status == 1)
                #expect(result.errorsText.contains("has no completed file"), "\(result.errorsText)")
                #expect(!FileManager.default.fileExists(atPath: output))
            }
        }
    }

    @Test func refusesBadArgumentsBeforeAnyRequest() async throws {
        let noRecipient = try await ServerProcess.command(["sign", "create", "x.pdf", "--api-key", "k"])
        #expect(noRecipient.status == 64)
        #expect(noRecipient.errorsText.contains("--recipient"))
        let badField = try await ServerProcess.command([
            "sign", "create", "x.pdf", "--recipient", "A:a@example.com", "--field", "1:stamp:1:0:0", "--api-key", "k",
        ])
        #expect(badField.status == 64)
        #expect(badField.errorsText.contains("--field"))
        let strayField = try await ServerProcess.command([
            "sign", "create", "x.pdf", "--recipient", "A:a@example.com", "--field", "2:signature:1:0:0", "--api-key", "k",
        ])
        #expect(strayField.status == 64)
        #expect(strayField.errorsText.contains("recipient 2"))
        let noKey = try await ServerProcess.command(["sign", "status", "abc"])
        #expect(noKey.status != 0)
        #expect(noKey.errorsText.contains("CHANCERY_API_KEY"))
    }
}
