import Foundation

/// A file on the device that is to be notarized: its name and type, when it was taken, its
/// SHA-256, and where its report stands on the server.
///
/// A `QEDFile` is a value: ``QEDAPI`` never changes the one you pass, it hands back an updated
/// copy. Create one for a file that exists with ``init(with:)``, for a file in the SDK's own
/// ``qedDirectory`` with ``init(withName:extension:dateTaken:)``, or from a report the server
/// sent with ``init(fromQEDAPIResponseDict:fileURL:)``.
///
/// ```swift
/// QEDAPI.setup(with: appToken, serverURL: URL(string: "https://notary.example.com")!)
/// let file = QEDFile(with: photoURL)!.withCalculatedHash()
/// let reported = try await QEDAPI.sendReport(for: file)   // reported.proofStatus == .confirmed
/// ```
public struct QEDFile: Codable, Sendable {
    /// The file's name without its extension, such as `IMG_0042`.
    public var name: String

    /// The file's type, as its extension without the dot, such as `jpg`; empty if it has none.
    public var ext: String

    /// When the file was made, as the device tells it.
    ///
    /// It is metadata the report carries, nothing more: the proven time is the one the
    /// server's time-stamp token and log give, which is later.
    public var dateTaken: Date

    /// A note about the file, reported with it as metadata.
    public var note: String?

    /// The server's identifier for the file's report; `nil` until the file has been reported
    /// with ``QEDAPI/sendReport(for:completion:)``.
    public var slug: String?

    /// The hex digest of the file's contents, which the report proves: its SHA-256 as
    /// ``withCalculatedHash()`` computes it, or any other hex digest of at most 32 bytes.
    ///
    /// It must be set before the file is reported. A SHA-256 is recommended: only then does the
    /// report also list the file as a provable file and carry an RFC 3161 time-stamp token.
    public var hash: String?

    /// Where the file's report stands, as the server last said.
    public var proofStatus: ProofStatus

    /// Where the file is, or is meant to be, on this device.
    ///
    /// Nothing guarantees that a file exists there; ``localFileLocation`` and
    /// ``hasLocalFile`` check.
    public var fileURL: URL

    /// Creates the representation of the file at `fileURL`, or `nil` if no file is there.
    ///
    /// The ``name`` and ``ext`` come from the file's name, and ``dateTaken`` is the file's
    /// creation date, or its modification date on file systems that do not record creation.
    ///
    /// - Parameter fileURL: The local URL of an existing file.
    public init?(with fileURL: URL) {
        var isDirectory: ObjCBool = false
        guard fileURL.isFileURL, FileManager.default.fileExists(atPath: fileURL.path, isDirectory: &isDirectory), !isDirectory.boolValue,
            let attributes = try? FileManager.default.attributesOfItem(atPath: fileURL.path)
        else { return nil }
        let created = attributes[.creationDate] as? Date ?? attributes[.modificationDate] as? Date ?? Date()
        self.init(
            name: fileURL.deletingPathExtension().lastPathComponent, ext: fileURL.pathExtension, dateTaken: created, fileURL: fileURL
        )
    }

    /// Creates the representation of a file kept at the root of ``qedDirectory``.
    ///
    /// The ``fileURL`` is `qedDirectory/name.ext` (`qedDirectory/name` when `ext` is empty);
    /// the file need not exist yet.
    ///
    /// - Parameters:
    ///   - name: The file's name without its extension.
    ///   - ext: The file's extension, without the dot.
    ///   - dateTaken: When the file was made; reported as metadata only.
    public init(withName name: String, extension ext: String, dateTaken: Date) {
        self.init(name: name, ext: ext, dateTaken: dateTaken, fileURL: Self.defaultFileURL(name: name, ext: ext))
    }

    /// The member-wise initialiser the public ones share: not reported yet, no hash, no note.
    init(name: String, ext: String, dateTaken: Date, fileURL: URL) {
        self.name = name
        self.ext = ext
        self.dateTaken = dateTaken
        self.fileURL = fileURL
        self.proofStatus = .undefined
    }

    /// `name.ext`, or `name` alone when there is no extension.
    var fileName: String {
        ext.isEmpty ? name : "\(name).\(ext)"
    }

    /// Where a file of that name is kept in ``qedDirectory``.
    static func defaultFileURL(name: String, ext: String) -> URL {
        qedDirectory.appendingPathComponent(ext.isEmpty ? name : "\(name).\(ext)")
    }

    /// Whether the file has been reported to the server, that is whether it has a ``slug``.
    public var isSynchedWithServer: Bool {
        slug != nil
    }
}
