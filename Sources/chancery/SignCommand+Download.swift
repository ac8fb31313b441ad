import ArgumentParser
import Foundation
import SignWellSDK
import Synchronization

extension SignCommand {
    /// `chancery sign download ID`: saves a completed document.
    struct Download: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "download",
            abstract: "Save a completed document: its signed PDF, or a ZIP of one PDF per file.",
            discussion: """
                Saves to -o FILE, or to the document's name with .pdf (or .zip) in the current \
                directory; an existing file is replaced. Downloads of 16 MiB or more show \
                progress on standard error. Prints "saved FILE SIZE bytes". A document that is \
                not completed yet has nothing to download: the command says so and exits 1.

                Examples:
                  chancery sign download 6f1c2a9e4d
                  chancery sign download 6f1c2a9e4d --zip --no-audit-page -o signed.zip
                """
        )

        @OptionGroup var connection: Connection

        @Argument(help: ArgumentHelp("The document's id.", valueName: "id"))
        var id: String

        @Option(
            name: [.customShort("o"), .long], help: ArgumentHelp("Where to save the file. (default: the document's name, here)", valueName: "file"))
        var output: String?

        @Flag(name: .customLong("no-audit-page"), help: "Leave out the audit trail's page.")
        var noAuditPage = false

        @Flag(help: "Save a ZIP of one PDF per file instead of one PDF.")
        var zip = false

        func run() async throws {
            let client = try connection.client()
            let format: CompletedFileFormat = zip ? .zip : .pdf
            let destination: URL
            if let output {
                destination = URL(fileURLWithPath: output)
            } else {
                let document = try await client.document(id)
                destination = URL(fileURLWithPath: Self.fileName(for: document, format: format))
            }
            let progress = DownloadProgress(label: "downloading \(destination.lastPathComponent)")
            let contents: Data
            do {
                contents = try await client.completedPDF(id, auditPage: !noAuditPage, fileFormat: format) { received, total in
                    progress.update(received, of: total)
                }
                progress.finish()
            } catch let error as SignWellError where error.statusCode == 404 {
                progress.finish()
                throw ConfigurationError("document \(id) has no completed file: it is not completed yet, or there is no such document (\(error))")
            }
            try contents.write(to: destination, options: .atomic)
            print("saved \(destination.path)  \(contents.count) bytes")
        }

        /// The document's name as a file name in the current directory, with the format's
        /// extension: its last path segment, or the id when the name is empty or `.`/`..`.
        static func fileName(for document: Document, format: CompletedFileFormat) -> String {
            var base = (document.name ?? "").split(separator: "/").last.map(String.init) ?? ""
            if base.lowercased().hasSuffix(".pdf") { base.removeLast(4) }
            if base.isEmpty || base == "." || base == ".." { base = document.id }
            return base + "." + format.rawValue
        }
    }

    /// The progress bar of a download, made once the size is known, and only for downloads of
    /// at least ``TransferProgressBar/threshold`` bytes.
    final class DownloadProgress: Sendable {
        private let label: String
        private let bar = Mutex<(decided: Bool, bar: TransferProgressBar?)>((false, nil))

        /// Creates the progress of a download called `label`.
        init(label: String) {
            self.label = label
        }

        /// Shows that `received` of `total` bytes came in.
        func update(_ received: Int64, of total: Int64?) {
            let bar = bar.withLock { state -> TransferProgressBar? in
                if !state.decided, let total {
                    state = (true, TransferProgressBar.forTransfer(of: total, label: label))
                }
                return state.bar
            }
            bar?.update(received)
        }

        /// Ends the bar, if there is one.
        func finish() {
            bar.withLock { $0.bar }?.finish()
        }
    }
}
