import Foundation

/// Converts documents to PDF with LibreOffice:
/// `soffice --headless --convert-to pdf --outdir OUT document.EXT`.
///
/// Each conversion runs in a temporary directory of its own, removed afterwards, with its
/// own LibreOffice profile (`-env:UserInstallation`), so that conversions can run in
/// parallel (LibreOffice hands a second start on one profile over to the first) and never
/// share state. The profile hardens LibreOffice against hostile documents:
///
/// - `BlockUntrustedRefererLinks`: images and other resources a document links to (an
///   `<img src="http://169.254.169.254/…">` in HTML, `file:///` links) are not loaded.
/// - Macros are switched off (`DisableMacrosExecution`, `MacroSecurityLevel` 3).
///
/// And where the system allows it, LibreOffice runs without a network
/// (``NetworkIsolation``). The program is killed, with everything it started, after
/// its program's time limit; its first start on a machine can take 10 seconds or more.
public struct OfficeConverter: Sendable {
    /// `soffice`, and how it is run.
    public let program: ConversionProgram

    /// Creates a converter that runs `program`.
    public init(_ program: ConversionProgram) {
        self.program = program
    }

    /// The first executable `soffice` in the directories of `searchPath` (a `PATH` value),
    /// else at the places LibreOffice installs it on Debian and macOS; `nil` when there is
    /// none.
    public static func installedExecutable(searchPath: String? = ProcessInfo.processInfo.environment["PATH"]) -> String? {
        InstalledProgram.path(
            of: "soffice", searchPath: searchPath,
            knownPlaces: ["/usr/bin/soffice", "/usr/lib/libreoffice/program/soffice", "/Applications/LibreOffice.app/Contents/MacOS/soffice"]
        )
    }

    /// The profile settings every conversion runs with (`registrymodifications.xcu`).
    static let profileSettings = """
        <?xml version="1.0" encoding="UTF-8"?>
        <oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" \
        xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
        <item oor:path="/org.openoffice.Office.Common/Security/Scripting"><prop oor:name="BlockUntrustedRefererLinks" oor:op="fuse"><value>true</value></prop></item>
        <item oor:path="/org.openoffice.Office.Common/Security/Scripting"><prop oor:name="DisableMacrosExecution" oor:op="fuse"><value>true</value></prop></item>
        <item oor:path="/org.openoffice.Office.Common/Security/Scripting"><prop oor:name="MacroSecurityLevel" oor:op="fuse"><value>3</value></prop></item>
        </oor:items>

        """

    /// The PDF LibreOffice makes of `bytes`, a document saved as `document.<fileExtension>`
    /// (the extension tells LibreOffice which import filter to try first).
    ///
    /// - Throws: ``ConversionError`` `.timedOut` when the time limit passes, `.failed` when
    ///   LibreOffice cannot start or makes no PDF; `CancellationError` when the task is
    ///   cancelled (LibreOffice is killed).
    public func pdf(from bytes: [UInt8], fileExtension: String) async throws -> [UInt8] {
        let workspace = try ConversionWorkspace(in: program.scratchRoot)
        defer { workspace.remove() }
        let profile = workspace.url.appendingPathComponent("profile")
        _ = try workspace.write(Data(Self.profileSettings.utf8), named: "profile/user/registrymodifications.xcu")
        let input = try workspace.write(bytes, named: "document.\(fileExtension)")
        let outputDirectory = try workspace.makeDirectory(named: "out")
        try await workspace.run(
            [program.executable, "-env:UserInstallation=\(profile.absoluteString)", "--headless", "--norestore", "--nolockcheck"]
                + Self.filterArguments(for: fileExtension) + ["--outdir", outputDirectory.path, input.path],
            program: "LibreOffice", timeLimit: program.timeLimit
        )
        guard let pdf = workspace.output(named: "out/document.pdf") else {
            let complaint = workspace.lastLine(prefixed: "Error:") ?? "it made no PDF"
            throw ConversionError(.failed, "LibreOffice could not convert the file to PDF (\(complaint))")
        }
        return pdf
    }

    /// How LibreOffice is told to import a `fileExtension` file and export it as PDF.
    ///
    /// HTML is imported as a Writer document rather than a Writer/Web one: converting from
    /// Writer/Web, LibreOffice 7.4 leaves the first block of the body out of the PDF.
    /// Everything else is imported by the filter LibreOffice detects.
    static func filterArguments(for fileExtension: String) -> [String] {
        if ["html", "htm"].contains(fileExtension) {
            return ["--infilter=HTML (StarWriter)", "--convert-to", "pdf:writer_pdf_Export"]
        }
        return ["--convert-to", "pdf"]
    }
}
