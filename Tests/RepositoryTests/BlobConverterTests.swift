import ChanceryTestSupport
import Conversion
import Foundation
import NIOCore
import Repository
import Storage
import Testing

/// What ``BlobConverter`` does when the programs it needs are missing, and which conversions
/// need none: a server without LibreOffice or Poppler refuses in words, and never answers
/// with the unconverted bytes.
struct BlobConverterTests {
    /// A converter with no programs at all.
    static let bare = BlobConverter(office: nil, rasterizer: nil)

    /// Stores `bytes` in a file blob store in `directory` as a blob named `name` of `mimeType`.
    static func stored(_ bytes: [UInt8], name: String, mimeType: String, in directory: String) async throws -> (BlobInfo, FileBlobStore) {
        let store = try await FileBlobStore(directory: directory)
        let stored = try await store.write(ByteBuffer(bytes: bytes))
        return (BlobInfo(name: name, mimeType: mimeType, digest: stored.digest.description, length: stored.size), store)
    }

    @Test func textNeedsLibreOfficeAndSaysSo() async throws {
        try await TemporaryDirectory.with { directory in
            let (blob, store) = try await Self.stored(Array("words".utf8), name: "note.txt", mimeType: "text/plain", in: directory)
            let error = await #expect(throws: RepositoryError.self) {
                _ = try await Self.bare.convert(blob, from: store, to: .pdf)
            }
            #expect(
                error
                    == .converterUnavailable(
                        "Converter from text/plain to application/pdf is not available: LibreOffice is not installed on this server"))
        }
    }

    @Test func aPictureBecomesAPDFPageWithoutAnyProgramButNeedsPopplerToBeDrawn() async throws {
        try await TemporaryDirectory.with { directory in
            let png = try #require(
                Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC"))
            let (blob, store) = try await Self.stored(Array(png), name: "dot.png", mimeType: "image/png", in: directory)
            let pdf = try await Self.bare.convert(blob, from: store, to: .pdf)
            #expect(pdf.starts(with: Array("%PDF-".utf8)))
            let error = await #expect(throws: RepositoryError.self) {
                _ = try await Self.bare.convert(blob, from: store, to: .picture(.jpeg, longestSide: 100))
            }
            #expect(
                error
                    == .converterUnavailable(
                        "Converter from image/png to image/jpeg is not available: pdftoppm (Poppler) is not installed on this server"))
            #expect(
                try await Self.bare.convert(blob, from: store, to: .picture(.png, longestSide: nil)) == Array(png),
                "a PNG asked for as a PNG is itself")
        }
    }

    @Test func aBlobOverTheLimitIsNotConverted() async throws {
        try await TemporaryDirectory.with { directory in
            let (blob, store) = try await Self.stored(
                Array(repeating: 0x25, count: 2048), name: "big.pdf", mimeType: "application/pdf", in: directory)
            var converter = Self.bare
            converter.maximumInputSize = 1024
            let error = await #expect(throws: RepositoryError.self) {
                _ = try await converter.convert(blob, from: store, to: .picture(.png, longestSide: 10))
            }
            guard case .conversionFailed(let message)? = error else {
                Issue.record("\(String(describing: error))")
                return
            }
            #expect(message.contains("larger than"))
        }
    }
}
