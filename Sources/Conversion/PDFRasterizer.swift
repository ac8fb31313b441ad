import Foundation
import PDF

/// Draws the first page of a PDF as a PNG or JPEG picture with Poppler's `pdftoppm`.
///
/// Like every conversion it runs in a temporary directory of its own, without a network
/// where the system allows it, and is killed after its program's time limit. The picture is
/// at most `longestSide` pixels on its longer side, so a hostile page size cannot make a vast
/// one.
public struct PDFRasterizer: Sendable {
    /// `pdftoppm`, and how it is run.
    public let program: ConversionProgram

    /// Creates a rasterizer that runs `program`.
    public init(_ program: ConversionProgram) {
        self.program = program
    }

    /// The first executable `pdftoppm` in the directories of `searchPath` (a `PATH` value),
    /// else where Debian's `poppler-utils` installs it; `nil` when there is none.
    public static func installedExecutable(searchPath: String? = ProcessInfo.processInfo.environment["PATH"]) -> String? {
        InstalledProgram.path(of: "pdftoppm", searchPath: searchPath, knownPlaces: ["/usr/bin/pdftoppm"])
    }

    /// The first page of `pdf` as a `format` picture at `resolution` dots per inch, scaled down
    /// to `longestSide` pixels on its longer side when it would be larger.
    ///
    /// - Throws: ``ConversionError`` `.unreadableInput` when `pdf` has no page that can be
    ///   drawn, `.timedOut` when the time limit passes, `.failed` when `pdftoppm` cannot start.
    public func firstPage(of pdf: [UInt8], as format: RasterFormat, resolution: Int = 96, longestSide: Int) async throws -> [UInt8] {
        let workspace = try ConversionWorkspace(in: program.scratchRoot)
        defer { workspace.remove() }
        let input = try workspace.write(pdf, named: "document.pdf")
        let scale =
            Self.fitsWithin(longestSide, pdf: pdf, resolution: resolution)
            ? ["-r", String(resolution)] : ["-scale-to", String(longestSide)]
        let status = try await workspace.run(
            [program.executable, "-f", "1", "-l", "1", "-singlefile", format == .png ? "-png" : "-jpeg"] + scale + [input.path, "page"],
            program: "pdftoppm", timeLimit: program.timeLimit
        )
        guard status == 0, let picture = workspace.output(named: format == .png ? "page.png" : "page.jpg") else {
            throw ConversionError(
                .unreadableInput, "the PDF's first page cannot be drawn (\(workspace.lastLine(prefixed: nil) ?? "pdftoppm made no picture"))")
        }
        return picture
    }

    /// Whether the first page of `pdf` drawn at `resolution` is at most `longestSide` pixels
    /// on either side; `false` when the page's size cannot be read.
    private static func fitsWithin(_ longestSide: Int, pdf: [UInt8], resolution: Int) -> Bool {
        guard let page = try? PDFFile(bytes: pdf).pages().first else { return false }
        let box = page.cropBox
        let pixels = max(abs(box.width), abs(box.height)) * Double(resolution) / 72
        return pixels <= Double(longestSide)
    }
}
