import ChanceryTestSupport
import Foundation
import NuxeoSDK
import Testing

/// Batch uploads, transfers with progress and fixed tokens against a real server.
@Suite(.serialized, .timeLimit(.minutes(10))) struct BatchUploadServerTests {
    /// `count` bytes that differ from chunk to chunk, so a misplaced chunk shows.
    static func contents(count: Int) -> Data {
        var generator = SeededGenerator.logged()
        return Data((0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) })
    }

    /// The progress reports a transfer made, in order.
    final class Reports: Sendable {
        private let lock = NSLock()
        nonisolated(unsafe) private var reports: [NUXTransferProgress] = []

        var all: [NUXTransferProgress] { lock.withLock { reports } }

        func record(_ progress: NUXTransferProgress) {
            lock.withLock { reports.append(progress) }
        }
    }

    @Test func aChunkedUploadBecomesADocumentAndDownloadsWithProgress() async throws {
        try await NuxeoServer.with { server in
            let session = server.session()
            let contents = Self.contents(count: 250_000)
            let file = server.directory.appendingPathComponent("chunked.bin")
            try contents.write(to: file)

            let batch = try await NUXBatchUpload.create(in: session)
            #expect(batch.batchId.hasPrefix("batchId-"))
            let sent = Reports()
            try await batch.upload(fileAt: file.path, chunkSize: 100_000) { sent.record($0) }
            let reports = sent.all
            #expect(!reports.isEmpty)
            #expect(reports.allSatisfy { $0.totalBytesToSend == 250_000 })
            #expect(zip(reports, reports.dropFirst()).allSatisfy { $0.bytesSent <= $1.bytesSent }, "progress never goes back")
            #expect(reports.last?.bytesSent == 250_000)

            let info = try await session.request().addURLSegment("upload").addURLSegment(batch.batchId).addURLSegment("0").response().json()
            #expect(info["uploadType"] == "chunked")
            #expect(info["chunkCount"]?.intValue == 3)
            #expect(info["size"]?.intValue == 250_000)

            let document = NUXDocument(type: "File", name: "chunked.bin", properties: ["dc:title": "Chunked", "file:content": batch.blobReference()])
            let created = try await session.requestCreateDocument(document, withParent: "/default-domain/workspaces")
                .addSchema("file").response().entity(as: NUXDocument.self)
            #expect(created.property(atXPath: "file:content")?["length"]?.intValue == 250_000)
            try await batch.drop()

            let destination = server.directory.appendingPathComponent("downloads/chunked.bin")
            let download = session.requestDownloadBlob(from: created.uid!, inMetadata: "file:content")
            download.downloadDestinationPath = destination.path
            let received = Reports()
            let response = try await download.response { received.record($0) }
            #expect(response.downloadedFile == destination)
            #expect(FileManager.default.contents(atPath: destination.path) == contents)
            #expect(received.all.last?.bytesReceived == 250_000)
            #expect(received.all.last?.totalBytesToReceive == 250_000)
        }
    }

    @Test func aSmallFileGoesInOneRequestAndReplacesABlob() async throws {
        try await NuxeoServer.with { server in
            let session = server.session()
            let first = try await session.requestCreateDocument(
                NUXDocument(type: "File", name: "note.txt", properties: ["dc:title": "Note"]), withParent: "/default-domain/workspaces"
            ).response().entity(as: NUXDocument.self)

            let file = server.directory.appendingPathComponent("note.txt")
            try Data("Hello, batch!".utf8).write(to: file)
            let batch = try await NUXBatchUpload.create(in: session)
            try await batch.upload(fileAt: file.path, name: "Grüße.txt")
            let info = try await session.request().addURLSegment("upload").addURLSegment(batch.batchId).addURLSegment("0").response().json()
            #expect(info["uploadType"] == "normal")
            #expect(info["name"] == "Grüße.txt")
            #expect(info["mimeType"] == "text/plain", "the server tells the type from the name")

            let update = try session.requestUpdateDocument([
                "entity-type": "document", "uid": .string(first.uid!), "properties": ["file:content": batch.blobReference()],
            ])
            let updated = try await update.addSchema("file").response().entity(as: NUXDocument.self)
            #expect(updated.property(atXPath: "file:content")?["name"] == "Grüße.txt")
            let body = try await session.requestDownloadBlob(from: first.uid!, inMetadata: "file:content").response { _ in }.data
            #expect(body == Data("Hello, batch!".utf8), "a download with progress to memory")

            try await batch.drop()
            let afterDrop = await #expect(throws: NUXError.self) { try await batch.upload(fileAt: file.path) }
            #expect(afterDrop?.nuxeoStatusCode == 404)
        }
    }

    @Test func refusalsWithProgress() async throws {
        try await NuxeoServer.with { server in
            let missing = server.session().requestDownloadBlob(from: "/default-domain", inMetadata: "file:content")
            missing.downloadDestinationPath = server.directory.appendingPathComponent("none").path
            let notFound = await #expect(throws: NUXError.self) { try await missing.response { _ in } }
            #expect(notFound?.nuxeoStatusCode == 404)
            #expect(missing.responseStatusCode == 404)
            #expect(!FileManager.default.fileExists(atPath: missing.downloadDestinationPath!), "an error body is not saved as the blob")

            let wrong = NUXSession(serverURL: server.nuxeoURL, username: "Administrator", password: "not the password")
            let refused = await #expect(throws: NUXError.self) { try await NUXBatchUpload.create(in: wrong) }
            #expect(refused?.nuxeoStatusCode == 401)
            let file = server.directory.appendingPathComponent("x.bin")
            try Data(count: 10).write(to: file)
            let upload = await #expect(throws: NUXError.self) {
                try await NUXBatchUpload(session: wrong, batchId: "batchId-x").upload(fileAt: file.path) { _ in }
            }
            #expect(upload?.nuxeoStatusCode == 401, "a refused challenge is a 401 with progress too")
        }
    }

    @Test func aFixedTokenAuthenticates() async throws {
        try await NuxeoServer.with { server in
            let tokenRequest = server.session().requestTokenAuthentication()
            tokenRequest.addParameterValue("NuxeoSDK tests", forKey: "applicationName")
                .addParameterValue("fixed-token-device", forKey: "deviceId")
                .addParameterValue("ReadWrite", forKey: "permission")
            let token = try #require(try await tokenRequest.response().string)

            let session = NUXSession(serverURL: server.nuxeoURL, authenticator: NUXFixedTokenAuthenticator(token: token))
            let domain = try await session.requestDocument("/default-domain").response().entity(as: NUXDocument.self)
            #expect(domain.path == "/default-domain")

            let wrong = NUXSession(serverURL: server.nuxeoURL, authenticator: NUXFixedTokenAuthenticator(token: "not-a-token"))
            let refused = await #expect(throws: NUXError.self) { try await wrong.requestDocument("/default-domain").response() }
            #expect(refused?.nuxeoStatusCode == 401)
        }
    }
}
