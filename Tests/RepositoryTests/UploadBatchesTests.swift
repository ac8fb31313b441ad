import Crypto
import Foundation
import HTTPSupport
import JSON
import NIOCore
import Repository
import Storage
import Testing

@Suite("Upload batches")
struct UploadBatchesTests {
    private func body(_ text: String) -> [ByteBuffer] { [ByteBuffer(string: text)] }

    @Test("chunks arriving out of order make one blob, and a repeated chunk is refused")
    func chunked() async throws {
        try await RepositoryFixture.with { fixture in
            let uploads = fixture.repository.uploads
            let owner = fixture.alice.principal
            let batch = try await uploads.create(for: owner)
            func part(_ index: Int) -> UploadBatches.Part {
                .init(fileIndex: 0, name: "notes.txt", declaredType: "application/octet-stream", totalSize: 9, chunk: (index, 3))
            }
            let afterLast = try await uploads.upload(part(2), body: AsyncStreamOf(body("ghi")), batchID: batch, owner: owner)
            #expect(!afterLast.isComplete)
            #expect(afterLast.uploadedChunks == [2])
            await #expect(throws: RepositoryError.conflict("chunk 2 of file 0 already exists in batch \(batch)")) {
                _ = try await uploads.upload(part(2), body: AsyncStreamOf(body("ghi")), batchID: batch, owner: owner)
            }
            _ = try await uploads.upload(part(0), body: AsyncStreamOf(body("abc")), batchID: batch, owner: owner)
            let complete = try await uploads.upload(part(1), body: AsyncStreamOf(body("def")), batchID: batch, owner: owner)
            #expect(complete.isComplete)
            #expect(complete.mimeType == "text/plain")
            let blob = try await uploads.blob(0, of: batch, owner: owner)
            #expect(blob.digest == SHA256.hash(data: Data("abcdefghi".utf8)).hex)
            #expect(blob.length == 9)
            let content = try await fixture.repository.blobs.readAll(try BlobDigest(hex: blob.digest))
            #expect(String(buffer: content) == "abcdefghi")
        }
    }

    @Test("a batch is invisible to other users, and attaching it by reference stores the blob in the document")
    func ownershipAndReference() async throws {
        try await RepositoryFixture.with { fixture in
            let uploads = fixture.repository.uploads
            let batch = try await uploads.create(for: fixture.admin.principal)
            _ = try await uploads.upload(
                .init(fileIndex: 0, name: "a.pdf", declaredType: nil, totalSize: nil, chunk: nil),
                body: AsyncStreamOf(body("%PDF-1.7")), batchID: batch, owner: fixture.admin.principal
            )
            #expect(try await uploads.files(of: batch, owner: fixture.bob.principal) == nil)
            let file = try await fixture.repository.create(
                type: "File", name: "a", properties: ["file:content": .object(["upload-batch": .string(batch), "upload-fileId": "0"])],
                in: try await fixture.workspace("ws"), for: fixture.admin
            )
            let blob = try #require(fixture.repository.blob(at: "file:content", of: file))
            #expect(blob.name == "a.pdf")
            #expect(blob.mimeType == "application/pdf")
            #expect(blob.length == 8)
            #expect(fixture.repository.blob(at: "blobholder:0", of: file) == blob)
        }
    }
}

/// A sequence of buffers given up front, as a request body would deliver them.
struct AsyncStreamOf: AsyncSequence, Sendable {
    typealias Element = ByteBuffer
    let buffers: [ByteBuffer]
    init(_ buffers: [ByteBuffer]) { self.buffers = buffers }
    func makeAsyncIterator() -> Iterator { Iterator(buffers: buffers) }
    struct Iterator: AsyncIteratorProtocol {
        var buffers: [ByteBuffer]
        mutating func next() async -> ByteBuffer? { buffers.isEmpty ? nil : buffers.removeFirst() }
    }
}
