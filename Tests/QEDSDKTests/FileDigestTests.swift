import Crypto
import Foundation
import Testing

@testable import QEDSDK

@Suite struct FileDigestTests {
    /// 3.5 MiB of varied bytes: three full chunks and a partial one.
    static let contents = Data((0..<(7 << 19)).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 13) })

    @Test func calculatedHashIsTheSHA256OfTheWholeFile() throws {
        let url = try TestStorage.file(named: "large.bin", contents: Self.contents)
        let file = try #require(QEDFile(with: url))
        let expected = SHA256.hash(data: Self.contents).map { String(format: "%02x", $0) }.joined()
        #expect(file.withCalculatedHash().hash == expected)
        #expect(expected.count == 64)
    }

    @Test func theFileIsReadInChunksOfAtMostOneMebibyte() throws {
        let url = try TestStorage.file(named: "chunks.bin", contents: Self.contents)
        var sizes: [Int] = []
        try FileDigest.forEachChunk(of: url) { sizes.append($0.count) }
        #expect(FileDigest.chunkSize == 1_048_576)
        #expect(sizes == [1_048_576, 1_048_576, 1_048_576, 524_288])
    }

    @Test func hashIsRecalculatedWhenTheFileChanges() throws {
        let url = try TestStorage.file(named: "changing.txt", contents: Data("first".utf8))
        let first = try #require(QEDFile(with: url)).withCalculatedHash()
        try Data("second".utf8).write(to: url)
        let second = first.withCalculatedHash()
        #expect(first.hash != second.hash)
        #expect(second.hash == SHA256.hash(data: Data("second".utf8)).map { String(format: "%02x", $0) }.joined())
    }

    @Test func withoutALocalFileTheFileIsReturnedUnchanged() {
        TestStorage.prepare()
        var file = QEDFile(withName: "absent-\(UUID().uuidString)", extension: "jpg", dateTaken: Date())
        file.hash = "kept"
        #expect(file.withCalculatedHash().hash == "kept")
    }

    @Test func anEmptyFileHasTheEmptyDigest() throws {
        let url = try TestStorage.file(named: "empty", contents: Data())
        #expect(try #require(QEDFile(with: url)).withCalculatedHash().hash == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }
}
