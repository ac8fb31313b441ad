import Foundation

/// A request that sends a file, or one chunk of it, into an upload batch:
/// `POST {api}/upload/{batchId}/{fileIdx}`, the file's name, size and type in `X-File-*`
/// headers and its bytes as the body.
///
/// A whole file is streamed from disk as it is sent. A chunk (`X-Upload-Type: chunked`,
/// `X-Upload-Chunk-Index`, `X-Upload-Chunk-Count`) is read from the file when the request is
/// sent, so only one chunk is ever in memory. The server answers `201 Created` once the file
/// is complete, `202 Accepted` (Nuxeo: `308`) while chunks are missing.
///
/// Make one with ``NUXSession/requestUpload(_:toBatch:fileIndex:name:mimeType:chunk:)``;
/// ``NUXBatchUpload`` sends a whole file, in chunks if it is large.
public final class NUXBatchUploadRequest: NUXRequest, @unchecked Sendable {
    // @unchecked: as NUXRequest; the added stored properties are constants.

    /// A part of a file sent on its own.
    public struct Chunk: Sendable, Equatable {
        /// The chunk's index, from 0.
        public var index: Int
        /// How many chunks the file is sent in.
        public var count: Int
        /// Where the chunk starts in the file.
        public var offset: Int64
        /// The chunk's length in bytes.
        public var length: Int64

        /// A chunk of `length` bytes at `offset`, the `index`th of `count`.
        public init(index: Int, count: Int, offset: Int64, length: Int64) {
            self.index = index
            self.count = count
            self.offset = offset
            self.length = length
        }
    }

    /// The batch the file goes into.
    public let batchId: String
    /// The file's index in the batch.
    public let fileIndex: Int
    /// The file on disk.
    public let file: URL
    /// The file's size in bytes.
    public let fileSize: Int64
    /// The chunk this request sends, or `nil` for the whole file.
    public let chunk: Chunk?

    /// A request that sends `file`, or its `chunk`, as the file `fileIndex` of the batch
    /// `batchId`.
    ///
    /// - Parameters:
    ///   - name: The file name the server records (`X-File-Name`, percent-encoded UTF-8);
    ///     the file's own name if `nil`.
    ///   - mimeType: The file's type (`X-File-Type`); `nil` lets the server tell it from the
    ///     name.
    /// - Throws: The error reading the file's size.
    public init(session: NUXSession, batchId: String, fileIndex: Int, file: URL, name: String?, mimeType: String?, chunk: Chunk?) throws {
        self.batchId = batchId
        self.fileIndex = fileIndex
        self.file = file
        fileSize = (try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? NSNumber)?.int64Value ?? 0
        self.chunk = chunk
        super.init(session: session)
        method = "POST"
        contentType = mimeType ?? "application/octet-stream"
        addURLSegment("upload").addURLSegment(batchId).addURLSegment(String(fileIndex))
        let fileName = name ?? file.lastPathComponent
        addHeaderValue(fileName.addingPercentEncoding(withAllowedCharacters: Self.unreserved) ?? fileName, forKey: "X-File-Name")
        addHeaderValue(String(fileSize), forKey: "X-File-Size")
        if let mimeType {
            addHeaderValue(mimeType, forKey: "X-File-Type")
        }
        if let chunk {
            addHeaderValue("chunked", forKey: "X-Upload-Type")
            addHeaderValue(String(chunk.index), forKey: "X-Upload-Chunk-Index")
            addHeaderValue(String(chunk.count), forKey: "X-Upload-Chunk-Count")
        }
    }

    /// The characters a file name keeps as they are in `X-File-Name` (RFC 3986's unreserved).
    private static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    /// The upload URL, and the file or the chunk's bytes as the body.
    ///
    /// - Throws: The error reading the chunk, or `CocoaError.fileReadCorruptFile` if the file
    ///   is now shorter than the chunk's end.
    override func makeTransfer() throws -> Transfer {
        guard let chunk else { return Transfer(url: url, body: .file(file, isTemporary: false), contentType: contentType) }
        let input = try FileHandle(forReadingFrom: file)
        defer { try? input.close() }
        try input.seek(toOffset: UInt64(chunk.offset))
        let bytes = chunk.length > 0 ? try input.read(upToCount: Int(chunk.length)) ?? Data() : Data()
        guard bytes.count == chunk.length else { throw CocoaError(.fileReadCorruptFile, userInfo: [NSFilePathErrorKey: file.path]) }
        return Transfer(url: url, body: .data(bytes), contentType: contentType)
    }
}
