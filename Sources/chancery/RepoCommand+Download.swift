import ArgumentParser
import Foundation
import NuxeoSDK

extension RepoCommand {
    /// `chancery repo download PATH|ID`: saves a document's file.
    struct Download: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "download",
            abstract: "Save a document's file to disk.",
            discussion: """
                Streams the blob at --xpath to -o FILE, or to the blob's file name in the \
                current directory; into a directory if FILE is one. An existing file is \
                replaced. Files of 16 MiB or more show progress on standard error. Prints \
                "saved FILE SIZE bytes".

                Examples:
                  chancery repo download /default-domain/workspaces/reports/q3.pdf
                  chancery repo download 6f1c2a9e-… --xpath files:files/0/file -o annex.pdf
                """
        )

        @OptionGroup var connection: RepositoryConnection

        @Argument(help: ArgumentHelp("The document: a path or a uid.", valueName: "path|id"))
        var reference: String

        @Option(help: ArgumentHelp("The blob property.", valueName: "xpath"))
        var xpath = "file:content"

        @Option(name: [.customShort("o"), .long], help: ArgumentHelp("Where to save the file. (default: its name, here)", valueName: "file"))
        var output: String?

        func run() async throws {
            let client = try connection.client()
            let document = try await client.document(DocumentReference.normalized(reference))
            guard let blob = document.blob(at: xpath) else { throw RepositoryFailure("\(document.path) has no file at \(xpath)") }
            let fileName = Self.safeFileName(blob["name"]?.stringValue ?? document.document.name ?? "")
            let destination = destination(for: fileName)

            let request = client.session.requestDownloadBlob(from: document.document.uid ?? document.path, inMetadata: xpath)
            request.downloadDestinationPath = destination.path
            let bar = TransferProgressBar.forTransfer(of: document.blobLength(at: xpath) ?? 0, label: "downloading \(fileName)")
            do {
                _ = try await client.about(document.path) {
                    if let bar {
                        try await request.response { bar.update($0.bytesReceived) }
                    } else {
                        try await request.response()
                    }
                }
                bar?.finish()
            } catch {
                bar?.finish()
                throw error
            }
            let size = (try? FileManager.default.attributesOfItem(atPath: destination.path)[.size] as? NSNumber)?.int64Value ?? 0
            print("saved \(destination.path)  \(size) bytes")
        }

        /// Where the file goes: `--output`, inside it if it is a directory, or `fileName` in the
        /// current directory.
        private func destination(for fileName: String) -> URL {
            guard let output else { return URL(fileURLWithPath: fileName) }
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: output, isDirectory: &isDirectory), isDirectory.boolValue {
                return URL(fileURLWithPath: output, isDirectory: true).appendingPathComponent(fileName)
            }
            return URL(fileURLWithPath: output)
        }

        /// `name` as a file name in a directory: its last path segment, or `download` when that
        /// is empty, `.` or `..` (a blob's name comes from whoever uploaded it).
        private static func safeFileName(_ name: String) -> String {
            let last = name.split(separator: "/").last.map(String.init) ?? ""
            return last.isEmpty || last == "." || last == ".." ? "download" : last
        }
    }
}
