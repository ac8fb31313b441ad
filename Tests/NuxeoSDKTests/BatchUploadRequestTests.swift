import Foundation
import Testing

@testable import NuxeoSDK

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// How batch upload requests are built, and how a file is cut into chunks, without a server.
struct BatchUploadRequestTests {
    static let server = URL(string: "http://localhost:8080/nuxeo")!

    /// A file of `count` bytes 0, 1, 2, … 255, 0, 1, … in a fresh temporary directory.
    static func file(named name: String, count: Int) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("nuxeosdk-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent(name)
        try Data((0..<count).map { UInt8(truncatingIfNeeded: $0) }).write(to: file)
        return file
    }

    @Test func batchRequests() throws {
        let session = NUXSession(serverURL: Self.server)
        let create = session.requestCreateBatch()
        #expect(create.method == "POST")
        #expect(create.url.absoluteString == "http://localhost:8080/nuxeo/api/v1/upload")
        let drop = session.requestDropBatch("batchId-1")
        #expect(drop.method == "DELETE")
        #expect(drop.url.absoluteString == "http://localhost:8080/nuxeo/api/v1/upload/batchId-1")
        let batch = NUXBatchUpload(session: session, batchId: "batchId-1")
        #expect(batch.blobReference() == ["upload-batch": "batchId-1", "upload-fileId": "0"])
        #expect(batch.blobReference(fileIndex: 2)["upload-fileId"] == "2")
    }

    @Test func wholeFileUpload() throws {
        let file = try Self.file(named: "Été 2025 (1).txt", count: 10)
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let session = NUXSession(serverURL: Self.server, username: "Administrator", password: "secret")
        let request = try session.requestUpload(file.path, toBatch: "batchId-1", fileIndex: 3)
        #expect(request.method == "POST")
        #expect(request.url.absoluteString == "http://localhost:8080/nuxeo/api/v1/upload/batchId-1/3")
        #expect(request.fileSize == 10)
        #expect(request.chunk == nil)
        let transfer = try request.makeTransfer()
        guard case .file(let body, isTemporary: false) = transfer.body else {
            Issue.record("a whole file is streamed from disk, got \(transfer.body)")
            return
        }
        #expect(body == file)
        let http = session.urlRequest(for: request, transfer: transfer)
        #expect(http.value(forHTTPHeaderField: "X-File-Name") == "%C3%89t%C3%A9%202025%20%281%29.txt")
        #expect(http.value(forHTTPHeaderField: "X-File-Size") == "10")
        #expect(http.value(forHTTPHeaderField: "X-File-Type") == nil, "the server tells the type from the name")
        #expect(http.value(forHTTPHeaderField: "Content-Type") == "application/octet-stream")
        #expect(http.value(forHTTPHeaderField: "X-Upload-Type") == nil)
        #expect(http.value(forHTTPHeaderField: "Authorization")?.hasPrefix("Basic ") == true)
    }

    @Test func chunkUpload() throws {
        let file = try Self.file(named: "data.bin", count: 1000)
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let session = NUXSession(serverURL: Self.server)
        let chunk = NUXBatchUploadRequest.Chunk(index: 1, count: 3, offset: 400, length: 400)
        let request = try session.requestUpload(file.path, toBatch: "b", name: "renamed.bin", mimeType: "image/png", chunk: chunk)
        let transfer = try request.makeTransfer()
        guard case .data(let body) = transfer.body else {
            Issue.record("a chunk is sent from memory, got \(transfer.body)")
            return
        }
        #expect(body == Data((400..<800).map { UInt8(truncatingIfNeeded: $0) }))
        let http = session.urlRequest(for: request, transfer: transfer)
        #expect(http.value(forHTTPHeaderField: "X-File-Name") == "renamed.bin")
        #expect(http.value(forHTTPHeaderField: "X-File-Size") == "1000", "the size of the whole file")
        #expect(http.value(forHTTPHeaderField: "X-File-Type") == "image/png")
        #expect(http.value(forHTTPHeaderField: "Content-Type") == "image/png")
        #expect(http.value(forHTTPHeaderField: "X-Upload-Type") == "chunked")
        #expect(http.value(forHTTPHeaderField: "X-Upload-Chunk-Index") == "1")
        #expect(http.value(forHTTPHeaderField: "X-Upload-Chunk-Count") == "3")

        let beyond = try session.requestUpload(file.path, toBatch: "b", chunk: .init(index: 2, count: 3, offset: 800, length: 400))
        #expect(throws: CocoaError.self, "a file shorter than its chunks") { try beyond.makeTransfer() }
    }

    @Test func filesAreCutIntoChunks() {
        #expect(NUXBatchUpload.chunks(ofSize: 0, chunkSize: 10) == [nil])
        #expect(NUXBatchUpload.chunks(ofSize: 10, chunkSize: 10) == [nil])
        #expect(
            NUXBatchUpload.chunks(ofSize: 25, chunkSize: 10) == [
                .init(index: 0, count: 3, offset: 0, length: 10),
                .init(index: 1, count: 3, offset: 10, length: 10),
                .init(index: 2, count: 3, offset: 20, length: 5),
            ])
        #expect(NUXBatchUpload.chunks(ofSize: 20, chunkSize: 10).compactMap { $0?.length } == [10, 10])
    }

    @Test func fixedTokenAuthentication() throws {
        let authenticator = NUXFixedTokenAuthenticator(token: "a-token")
        #expect(authenticator.softAuthentication)
        #expect(!NUXFixedTokenAuthenticator(token: "").softAuthentication)
        let session = NUXSession(serverURL: Self.server, authenticator: authenticator)
        let request = session.requestDocument("/")
        let http = session.urlRequest(for: request, transfer: try request.makeTransfer())
        #expect(http.value(forHTTPHeaderField: "X-Authentication-Token") == "a-token")
        #expect(http.value(forHTTPHeaderField: "Authorization") == nil)
    }
}
