import ArgumentParser
import NuxeoSDK

extension RepoCommand {
    /// `chancery repo mkdir PATH`: creates a folder.
    struct Mkdir: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "mkdir",
            abstract: "Create a folder.",
            discussion: """
                The folder's parent must exist, and the folder must not. With -p, missing \
                parents are created too, all of --type, and a folder that exists already is not \
                an error. Prints "created PATH" for each folder created.

                Examples:
                  chancery repo mkdir /default-domain/workspaces/reports
                  chancery repo mkdir -p /default-domain/workspaces/2025/q3 --type Workspace
                """
        )

        @OptionGroup var connection: RepositoryConnection

        @Argument(help: ArgumentHelp("The folder's path.", valueName: "path"))
        var path: String

        @Option(help: ArgumentHelp("The document type: Folder, Workspace or another folderish type.", valueName: "type"))
        var type = "Folder"

        @Flag(name: .customShort("p"), help: "Create missing parents; no error if the folder exists.")
        var parents = false

        func run() async throws {
            let path = DocumentReference.normalized(path)
            guard DocumentReference.isPath(path) else {
                throw ConfigurationError("'\(path)' is not a path: mkdir needs one, such as /default-domain/workspaces/reports")
            }
            let client = try connection.client()
            guard parents else {
                guard let parent = DocumentReference.parent(of: path) else { throw RepositoryFailure("/ exists") }
                _ = try await client.document(parent)
                if try await client.documentIfAny(at: path) != nil { throw RepositoryFailure("\(path) exists") }
                try await create(path, in: parent, client: client)
                return
            }
            var missing: [String] = []
            var current: String? = path
            while let candidate = current, try await client.documentIfAny(at: candidate) == nil {
                missing.insert(candidate, at: 0)
                current = DocumentReference.parent(of: candidate)
            }
            for folder in missing {
                // Only the root has no parent: a server that hides it from the user.
                guard let parent = DocumentReference.parent(of: folder) else { throw RepositoryFailure("no document at /") }
                try await create(folder, in: parent, client: client)
            }
        }

        /// Creates the folder `path` in `parent` and says so.
        private func create(_ path: String, in parent: String, client: RepositoryClient) async throws {
            let name = DocumentReference.name(of: path)
            let created = try await client.about(parent) {
                let folder = NUXDocument(type: type, name: name, properties: ["dc:title": .string(name)])
                return try RemoteDocument(json: try await client.session.requestCreateDocument(folder, withParent: parent).response().json())
            }
            print("created \(created.path)")
        }
    }
}
