import ArgumentParser
import Foundation

extension PDFCommand {
    /// `chancery pdf info FILE [--json]`.
    struct Info: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show a PDF file's pages, encryption and signatures.",
            discussion: """
                Page sizes are those of the crop box in points, before rotation; the rotation \
                is given apart. Encrypted or unreadable files are refused with a one-line error.
                """
        )

        @Argument(help: ArgumentHelp("The PDF file.", valueName: "file"))
        var file: String

        @Flag(help: "Print JSON instead of text.")
        var json = false

        func run() async throws {
            let bytes = try PDFCommand.read(file)
            let summary: PDFInfoSummary
            do {
                summary = try await PDFInfoSummary(bytes: bytes)
            } catch {
                throw ConfigurationError("\(file): \(error)")
            }
            if json {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
                print(String(decoding: try encoder.encode(summary), as: UTF8.self))
            } else {
                print(summary.text)
            }
        }
    }
}
