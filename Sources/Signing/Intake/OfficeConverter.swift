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
/// ``timeLimit``; its first start on a machine can take 10 seconds or more.
struct OfficeConverter: Sendable {
    /// The path of `soffice`.
    let executable: String
    /// How long one conversion may take.
    let timeLimit: Duration
    /// The directory each conversion makes its temporary directory in.
    var scratchRoot = FileManager.default.temporaryDirectory

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
    /// - Throws: ``IntakeFailure`` `.conversionTimedOut` when the time limit passes,
    ///   `.conversionFailed` when LibreOffice cannot start or makes no PDF;
    ///   `CancellationError` when the task is cancelled (LibreOffice is killed).
    func pdf(from bytes: [UInt8], fileExtension: String) async throws -> [UInt8] {
        let fileManager = FileManager.default
        let directory = scratchRoot.appendingPathComponent("chancery-conversion-\(UUID().uuidString)")
        let profile = directory.appendingPathComponent("profile")
        let outputDirectory = directory.appendingPathComponent("out")
        let temporary = directory.appendingPathComponent("tmp")
        let input = directory.appendingPathComponent("document.\(fileExtension)")
        defer { try? fileManager.removeItem(at: directory) }
        do {
            for path in [profile.appendingPathComponent("user"), outputDirectory, temporary] {
                try fileManager.createDirectory(at: path, withIntermediateDirectories: true)
            }
            try Data(Self.profileSettings.utf8).write(to: profile.appendingPathComponent("user/registrymodifications.xcu"))
            try Data(bytes).write(to: input)
        } catch {
            throw IntakeFailure(.conversionFailed, "the server could not prepare the conversion to PDF: \(error.localizedDescription)")
        }

        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = directory.path
        environment["TMPDIR"] = temporary.path
        let command = await NetworkIsolation.command(
            [executable, "-env:UserInstallation=\(profile.absoluteString)", "--headless", "--norestore", "--nolockcheck"]
                + Self.filterArguments(for: fileExtension) + ["--outdir", outputDirectory.path, input.path]
        )
        let log = directory.appendingPathComponent("soffice.log")
        let process = ChildProcess(
            executable: command[0], arguments: Array(command.dropFirst()), environment: environment,
            directory: directory, outputFile: log
        )
        let termination: ChildProcess.Termination
        do {
            termination = try await process.run(timeLimit: timeLimit)
        } catch {
            throw IntakeFailure(.conversionFailed, "LibreOffice (\(executable)) could not be started: \(error.localizedDescription)")
        }
        try Task.checkCancellation()
        if termination == .timedOut {
            throw IntakeFailure(.conversionTimedOut, "converting the file to PDF took longer than the \(timeLimit.components.seconds) s this server allows; upload a PDF")
        }
        guard let pdf = try? Data(contentsOf: outputDirectory.appendingPathComponent("document.pdf")), !pdf.isEmpty else {
            throw IntakeFailure(.conversionFailed, "LibreOffice could not convert the file to PDF (\(Self.complaint(in: log))); it may be damaged, or need a LibreOffice component this server lacks; upload a PDF")
        }
        return [UInt8](pdf)
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

    /// LibreOffice's last error line in `log` ("Error: source file could not be loaded"),
    /// without the prefix; a generic phrase when there is none.
    private static func complaint(in log: URL) -> String {
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        let errorLine = text.split(whereSeparator: \.isNewline).last { $0.hasPrefix("Error:") }
        guard let errorLine else { return "it made no PDF" }
        return errorLine.dropFirst("Error:".count).trimmingCharacters(in: .whitespaces)
    }
}
