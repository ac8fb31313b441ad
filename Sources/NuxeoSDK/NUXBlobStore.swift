import Foundation
import Locking

/// Blobs kept on the device, such as the files of documents an app shows offline, keyed by
/// their digest and limited in number and size: the least recently used go first.
///
/// Each blob is the file `org.nuxeo.cache.blob/{digest}/{filename}` in the store's
/// ``directory``. Reading a blob (``blob(_:)``) makes it the most recently used and touches
/// its file's modification date, from which the order is rebuilt when a store is created on an
/// existing directory. After each save, the least recently used blobs are removed while there
/// are more than ``countLimit`` or they weigh more than ``sizeLimit``.
///
/// ```swift
/// let request = session.requestDownloadBlob(from: uid, inMetadata: "file:content")
/// request.downloadDestinationPath = temporaryPath
/// try await request.response()
/// let path = try NUXBlobStore.instance.saveBlob(fromPath: temporaryPath, withDocument: document, metadataXPath: "file:content")
/// ```
public final class NUXBlobStore: Sendable {
    /// The store in the user's caches directory (on Linux `~/.cache`), in `NuxeoSDK`
    /// (`+instance` in the Objective-C SDK).
    public static let instance = NUXBlobStore(
        directory: FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask)[0].appendingPathComponent("NuxeoSDK", isDirectory: true)
    )

    private struct State {
        var countLimit = 100
        var sizeLimit: Int64 = -1
        var filenameProperty = "name"
        var digestProperty = "digest"
        /// Digests, most recently used first.
        var order: [String] = []
        /// The size of each blob, by digest.
        var sizes: [String: Int64] = [:]
        var size: Int64 = 0
    }

    /// The directory that holds the store.
    public let directory: URL
    private let blobsDirectory: URL
    private let state: LockedValue<State>

    /// A store in `directory`, with the blobs already there, least recently used last by their
    /// files' modification dates.
    public init(directory: URL) {
        self.directory = directory
        blobsDirectory = directory.appendingPathComponent("org.nuxeo.cache.blob", isDirectory: true)
        state = LockedValue(State())
        state.withLock { rebuild(&$0) }
    }

    // MARK: Settings

    /// How many blobs the store keeps at most: 100 unless set otherwise; `0` or less for no
    /// limit. Lowering it removes blobs at once.
    public var countLimit: Int {
        get { state.current.countLimit }
        set {
            state.withLock {
                $0.countLimit = newValue
                evict(&$0)
            }
        }
    }

    /// How many bytes the blobs weigh at most: `-1` (no limit) unless set otherwise; `0` or
    /// less for no limit. Lowering it removes blobs at once.
    public var sizeLimit: Int64 {
        get { state.current.sizeLimit }
        set {
            state.withLock {
                $0.sizeLimit = newValue
                evict(&$0)
            }
        }
    }

    /// The member of a document's blob metadata that holds the file name: `name`.
    public var filenameProperty: String {
        get { state.current.filenameProperty }
        set { state.withLock { $0.filenameProperty = newValue } }
    }

    /// The member of a document's blob metadata that holds the digest: `digest`.
    public var digestProperty: String {
        get { state.current.digestProperty }
        set { state.withLock { $0.digestProperty = newValue } }
    }

    /// How many blobs the store keeps.
    public var count: Int {
        state.current.order.count
    }

    /// How many bytes the kept blobs weigh.
    public var size: Int64 {
        state.current.size
    }

    // MARK: Blobs by digest

    /// The path of the blob `digest`, which becomes the most recently used; `nil` if the store
    /// does not keep it.
    public func blob(_ digest: String) -> String? {
        state.withLock { state in
            guard let file = blobFile(of: digest) else { return nil }
            state.order.removeAll { $0 == digest }
            state.order.insert(digest, at: 0)
            try? FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: file.path)
            return file.path
        }
    }

    /// Whether the store keeps the blob `digest`.
    public func hasBlob(_ digest: String) -> Bool {
        state.withLock { _ in blobFile(of: digest) != nil }
    }

    /// Removes the blob `digest`.
    ///
    /// - Returns: Whether the store kept it.
    @discardableResult
    public func removeBlob(_ digest: String) -> Bool {
        state.withLock { state in
            guard blobFile(of: digest) != nil else { return false }
            remove(digest, &state)
            return true
        }
    }

    /// Keeps a copy of the file at `path` as the blob `digest`, named `filename` (the file's
    /// own name if `nil`), replacing the blob `digest` if any; it becomes the most recently
    /// used, and the least recently used go while the store is over its limits.
    ///
    /// - Returns: The path of the kept copy.
    /// - Throws: ``NUXError/invalidDigest(_:)`` if `digest` cannot name a directory,
    ///   ``NUXError/blobTooLarge(size:limit:)`` if the file alone is over ``sizeLimit``, or the
    ///   error copying the file.
    @discardableResult
    public func saveBlob(fromPath path: String, withDigest digest: String, filename: String? = nil) throws -> String {
        guard let directoryName = FileName.component(digest), directoryName == digest else { throw NUXError.invalidDigest(digest) }
        let source = URL(fileURLWithPath: path)
        let name = FileName.component((filename ?? source.lastPathComponent).replacingOccurrences(of: "/", with: "_")) ?? "blob"
        let fileSize = try Self.size(of: source)
        return try state.withLock { state in
            if state.sizeLimit > 0, fileSize > state.sizeLimit { throw NUXError.blobTooLarge(size: fileSize, limit: state.sizeLimit) }
            remove(digest, &state)
            let folder = blobsDirectory.appendingPathComponent(directoryName, isDirectory: true)
            let file = folder.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: source, to: file)
            try? FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: file.path)
            state.order.insert(digest, at: 0)
            state.sizes[digest] = fileSize
            state.size += fileSize
            evict(&state)
            return file.path
        }
    }

    // MARK: Blobs of documents

    /// The path of the blob of `document` at the property `xpath` (such as `file:content`),
    /// found by the digest of its metadata; see ``blob(_:)``.
    public func blob(fromDocument document: NUXDocument, metadataXPath xpath: String) -> String? {
        metadata(of: document, xpath).flatMap { blob($0.digest) }
    }

    /// Whether the store keeps the blob of `document` at the property `xpath`.
    public func hasBlob(fromDocument document: NUXDocument, metadataXPath xpath: String) -> Bool {
        metadata(of: document, xpath).map { hasBlob($0.digest) } ?? false
    }

    /// Removes the blob of `document` at the property `xpath`.
    ///
    /// - Returns: Whether the store kept it.
    @discardableResult
    public func removeBlob(fromDocument document: NUXDocument, metadataXPath xpath: String) -> Bool {
        metadata(of: document, xpath).map { removeBlob($0.digest) } ?? false
    }

    /// Keeps a copy of the file at `path` as the blob of `document` at the property `xpath`:
    /// under the digest and with the file name of its metadata; see
    /// ``saveBlob(fromPath:withDigest:filename:)``.
    ///
    /// When the metadata's `digestAlgorithm` (or, without one, the digest's length) names MD5,
    /// SHA-1, SHA-256 or SHA-512, the file is checked against the digest first.
    ///
    /// - Returns: The path of the kept copy.
    /// - Throws: ``NUXError/missingBlobMetadata(xpath:)`` if the document has no blob with a
    ///   digest there, ``NUXError/digestMismatch(expected:actual:)`` if the file is not that
    ///   blob, or as ``saveBlob(fromPath:withDigest:filename:)`` does.
    @discardableResult
    public func saveBlob(fromPath path: String, withDocument document: NUXDocument, metadataXPath xpath: String) throws -> String {
        guard let metadata = metadata(of: document, xpath) else { throw NUXError.missingBlobMetadata(xpath: xpath) }
        let algorithm = document.property(atXPath: xpath)?["digestAlgorithm"]?.stringValue
        if let actual = try BlobDigest.hexDigest(ofFileAt: URL(fileURLWithPath: path), algorithm: algorithm, digest: metadata.digest),
            actual.lowercased() != metadata.digest.lowercased()
        {
            throw NUXError.digestMismatch(expected: metadata.digest, actual: actual)
        }
        return try saveBlob(fromPath: path, withDigest: metadata.digest, filename: metadata.filename)
    }

    // MARK: The whole store

    /// Removes every blob.
    ///
    /// - Throws: The error removing the store's directory.
    public func reset() throws {
        try state.withLock { state in
            if FileManager.default.fileExists(atPath: blobsDirectory.path) {
                try FileManager.default.removeItem(at: blobsDirectory)
            }
            state.order = []
            state.sizes = [:]
            state.size = 0
        }
    }

    /// The digest and file name of the blob metadata of `document` at `xpath`.
    private func metadata(of document: NUXDocument, _ xpath: String) -> (digest: String, filename: String?)? {
        let (digestProperty, filenameProperty) = state.withLock { ($0.digestProperty, $0.filenameProperty) }
        guard let blob = document.property(atXPath: xpath), let digest = blob[digestProperty]?.stringValue, !digest.isEmpty else { return nil }
        return (digest, blob[filenameProperty]?.stringValue)
    }

    // MARK: Internals (called with the state locked)

    /// The file of the blob `digest`, if the store keeps it.
    private func blobFile(of digest: String) -> URL? {
        guard let directoryName = FileName.component(digest), directoryName == digest else { return nil }
        let folder = blobsDirectory.appendingPathComponent(directoryName, isDirectory: true)
        guard let name = try? FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().first else { return nil }
        return folder.appendingPathComponent(name)
    }

    /// Removes the blob `digest`'s directory and forgets it.
    private func remove(_ digest: String, _ state: inout State) {
        try? FileManager.default.removeItem(at: blobsDirectory.appendingPathComponent(digest, isDirectory: true))
        state.order.removeAll { $0 == digest }
        state.size -= state.sizes.removeValue(forKey: digest) ?? 0
    }

    /// Removes the least recently used blobs while the store is over a limit.
    private func evict(_ state: inout State) {
        while let last = state.order.last,
            (state.countLimit > 0 && state.order.count > state.countLimit) || (state.sizeLimit > 0 && state.size > state.sizeLimit)
        {
            remove(last, &state)
        }
    }

    /// Reads the blobs in the store's directory, most recently modified first.
    private func rebuild(_ state: inout State) {
        let fileManager = FileManager.default
        let digests = (try? fileManager.contentsOfDirectory(atPath: blobsDirectory.path)) ?? []
        var blobs: [(digest: String, modified: Date, size: Int64)] = []
        for digest in digests {
            guard let file = blobFile(of: digest), let values = try? file.resourceValues(forKeys: [.contentModificationDateKey, .fileSizeKey]) else {
                try? fileManager.removeItem(at: blobsDirectory.appendingPathComponent(digest, isDirectory: true))
                continue
            }
            blobs.append((digest, values.contentModificationDate ?? .distantPast, Int64(values.fileSize ?? 0)))
        }
        blobs.sort { $0.modified > $1.modified }
        state.order = blobs.map(\.digest)
        state.sizes = Dictionary(blobs.map { ($0.digest, $0.size) }, uniquingKeysWith: { $1 })
        state.size = blobs.reduce(0) { $0 + $1.size }
    }

    private static func size(of file: URL) throws -> Int64 {
        Int64(try file.resourceValues(forKeys: [.fileSizeKey]).fileSize ?? 0)
    }
}
