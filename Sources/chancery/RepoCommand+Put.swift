import ArgumentParser
import Foundation
import NuxeoSDK

extension RepoCommand {
    /// `chancery repo put FILE FOLDER`: uploads a file as a document.
    struct Put: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "put",
            abstract: "Upload a file as a new document, or as the new content of an existing one.",
            discussion: """
                Sends the file in a batch upload — in chunks of --chunk-size MiB when it is \
                larger, so no request is bigger than that — then creates a document of --type \
                in the folder, named and titled after the file (or --name), whose file:content \
                is the file. If the folder has a document of that name already, put fails, \
                unless --replace is given: then that document's file:content is replaced (its \
                type stays). Files of 16 MiB or more show progress on standard error.

                Prints "created PATH UID" or "replaced PATH UID".

                Examples:
                  chancery repo put report.pdf /default-domain/workspaces/reports
                  chancery repo put scan.png /default-domain/workspaces --name cover.png
                  chancery repo put report.pdf /default-domain/workspaces/reports --replace
                """
        )

        @OptionGroup var connection: RepositoryConnection

        @Argument(help: ArgumentHelp("The file to upload.", valueName: "local-file"))
        var localFile: String

        @Argument(help: ArgumentHelp("The folder to put it in: a path or a uid.", valueName: "remote-folder"))
        var remoteFolder: String

        @Option(help: ArgumentHelp("The document's name (and title). (default: the file's name)", valueName: "name"))
        var name: String?

        @Option(help: ArgumentHelp("The type of a new document.", valueName: "type"))
        var type = "File"

        @Flag(help: "Replace the content of the document of that name if there is one.")
        var replace = false

        @Option(name: .customLong("chunk-size"), help: ArgumentHelp("The largest piece of the file one request sends, in MiB.", valueName: "mib"))
        var chunkSize = 8

        func validate() throws {
            guard chunkSize >= 1 else { throw ValidationError("--chunk-size must be at least 1 (MiB)") }
        }

        func run() async throws {
            let file = URL(fileURLWithPath: localFile)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: file.path, isDirectory: &isDirectory), !isDirectory.boolValue,
                FileManager.default.isReadableFile(atPath: file.path),
                let size = (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? NSNumber)?.int64Value
            else { throw ConfigurationError("\(localFile) is not a readable file") }
            let name = self.name ?? file.lastPathComponent
            guard !name.isEmpty, !name.contains("/"), name != ".", name != ".." else {
                throw ConfigurationError("'\(name)' cannot be a document name")
            }

            let client = try connection.client()
            let folder = try await client.document(DocumentReference.normalized(remoteFolder))
            guard folder.isFolderish, let folderUID = folder.document.uid else { throw RepositoryFailure("\(folder.path) is not a folder") }
            let target = DocumentReference.child(name, of: folder.path)
            let existing = try await client.documentIfAny(at: target)
            if existing != nil, !replace { throw RepositoryFailure("\(target) exists: pass --replace to replace its content") }

            let batch = try await client.about(nil) { try await NUXBatchUpload.create(in: client.session) }
            do {
                try await upload(file, size: size, as: name, into: batch, client: client)
                let document = try await client.about(existing == nil ? folder.path : target) {
                    let request =
                        if let uid = existing?.document.uid {
                            try client.session.requestUpdateDocument([
                                "entity-type": "document", "uid": .string(uid), "properties": ["file:content": batch.blobReference()],
                            ])
                        } else {
                            try client.session.requestCreateDocument(
                                NUXDocument(type: type, name: name, properties: ["dc:title": .string(name), "file:content": batch.blobReference()]),
                                withParent: folderUID
                            )
                        }
                    return try RemoteDocument(json: try await request.response().json())
                }
                try? await batch.drop()
                print("\(existing == nil ? "created" : "replaced") \(document.path)  \(document.document.uid ?? "")")
            } catch {
                try? await batch.drop()
                throw error
            }
        }

        /// Sends `file` of `size` bytes into `batch` as `name`, with a progress bar if it is
        /// large.
        private func upload(_ file: URL, size: Int64, as name: String, into batch: NUXBatchUpload, client: RepositoryClient) async throws {
            let chunkBytes = Int64(chunkSize) << 20
            let chunks = size > chunkBytes ? (size + chunkBytes - 1) / chunkBytes : 1
            let bar = TransferProgressBar.forTransfer(of: size, label: "uploading \(name) (\(chunks) \(chunks == 1 ? "chunk" : "chunks"))")
            var progress: NUXProgressBlock?
            if let bar { progress = { bar.update($0.bytesSent) } }
            do {
                try await client.about(nil) {
                    try await batch.upload(fileAt: file.path, name: name, chunkSize: chunkBytes, progress: progress)
                }
                bar?.finish()
            } catch {
                bar?.finish()
                throw error
            }
        }
    }
}
