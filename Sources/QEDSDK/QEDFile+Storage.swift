import Foundation
import Locking

extension QEDFile {
    private static let storage = LockedValue(
        FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask)[0].appendingPathComponent("QEDSDK", isDirectory: true)
    )

    /// The directory under which the SDK keeps files: ``qedDirectory`` and ``pdfDirectory``
    /// are its subdirectories `Files` and `PDFs`.
    ///
    /// It defaults to `QEDSDK` in the user's Application Support directory (on Linux, in
    /// `$XDG_DATA_HOME`, usually `~/.local/share`). Set it before creating any `QEDFile` to
    /// keep the files elsewhere, for example in a temporary directory in tests. Files created
    /// before the change keep their ``fileURL``.
    public static var storageDirectory: URL {
        get { storage.current }
        set { storage.current = newValue }
    }

    /// The directory for the files to notarize, `Files` in ``storageDirectory``.
    ///
    /// A file at its root can be represented with ``init(withName:extension:dateTaken:)``.
    /// Reading this property creates the directory if it does not exist yet, so it is ready to
    /// write into.
    public static var qedDirectory: URL {
        subdirectory("Files")
    }

    /// The directory where ``QEDAPI/generatePDF(for:completion:)`` stores PDF certificates,
    /// `PDFs` in ``storageDirectory``; each file's certificate is at its ``pdfURL``.
    ///
    /// Reading this property creates the directory if it does not exist yet.
    public static var pdfDirectory: URL {
        subdirectory("PDFs")
    }

    private static func subdirectory(_ name: String) -> URL {
        let directory = storageDirectory.appendingPathComponent(name, isDirectory: true)
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    /// The ``fileURL`` if a file exists there, `nil` otherwise.
    public var localFileLocation: URL? {
        hasLocalFile ? fileURL : nil
    }

    /// Whether a file exists at ``fileURL``.
    public var hasLocalFile: Bool {
        FileManager.default.fileExists(atPath: fileURL.path)
    }

    /// Where the file's PDF certificate is stored once downloaded: `name.ext-slug.pdf` in
    /// ``pdfDirectory`` for a reported file, so that two files of the same name never share a
    /// certificate; `name.ext.pdf` before the file has a ``slug`` (and so a certificate).
    ///
    /// The URL is always given, whether a PDF is there or not; ``hasLocalPDF`` checks.
    public var pdfURL: URL {
        Self.pdfDirectory.appendingPathComponent(slug.map { "\(fileName)-\($0).pdf" } ?? "\(fileName).pdf")
    }

    /// Whether the file's PDF certificate exists at ``pdfURL``.
    public var hasLocalPDF: Bool {
        FileManager.default.fileExists(atPath: pdfURL.path)
    }
}
