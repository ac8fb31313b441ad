import Foundation
import HTTPSupport

/// pdf.js as Debian's `libjs-pdf` installs it (`pdf.js` and `pdf.worker.js` in
/// `/usr/share/javascript/pdf/build`), which the signing page draws the document's pages with.
///
/// The two files are read once, when the server starts, and served under
/// `/signwell/assets/pdfjs/`. pdf.js is not part of Chancery: without it the page shows blank
/// pages of the right size, with the fields in their places and a notice.
public struct PDFJSDistribution: Sendable {
    /// Where Debian's `libjs-pdf` puts the build.
    public static let debianDirectory = "/usr/share/javascript/pdf/build"

    /// `pdf.js`, the library the page loads as a classic script.
    let script: WebAsset
    /// `pdf.worker.js`, the parser pdf.js starts as a web worker.
    let worker: WebAsset

    /// Reads `pdf.js` and `pdf.worker.js` from `directory`, or answers `nil` when either is
    /// missing or unreadable.
    public init?(directory: String) {
        let folder = URL(fileURLWithPath: directory, isDirectory: true)
        guard
            let script = FileManager.default.contents(atPath: folder.appendingPathComponent("pdf.js").path),
            let worker = FileManager.default.contents(atPath: folder.appendingPathComponent("pdf.worker.js").path)
        else { return nil }
        self.script = Self.asset("pdf.js", script)
        self.worker = Self.asset("pdf.worker.js", worker)
    }

    /// One of the files, revalidated before each use: a `libjs-pdf` upgrade changes both, and
    /// pdf.js refuses a worker of another version.
    private static func asset(_ name: String, _ bytes: Data) -> WebAsset {
        WebAsset(name, in: "\(SigningAsset.folder)/pdfjs", bytes: bytes)
    }
}
