import ArgumentParser
import NuxeoSDK

extension RepoCommand {
    /// `chancery repo tree PATH`: a folder and what is below it.
    struct Tree: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "tree",
            abstract: "Show a folder and the documents below it, as a tree.",
            discussion: """
                Each line is a document's name and, in parentheses, its type. Without --depth \
                the whole subtree is shown; each folder costs one request.

                Examples:
                  chancery repo tree /default-domain
                  chancery repo tree / --depth 2
                """
        )

        @OptionGroup var connection: RepositoryConnection

        @Argument(help: ArgumentHelp("The folder: a path or a uid.", valueName: "path"))
        var path: String

        @Option(help: ArgumentHelp("How many levels below the folder to show. (default: all)", valueName: "n"))
        var depth: Int?

        func validate() throws {
            if let depth, depth < 0 { throw ValidationError("--depth must be 0 or more") }
        }

        func run() async throws {
            let client = try connection.client()
            let root = try await client.document(DocumentReference.normalized(path))
            print("\(root.path) (\(root.document.type ?? "?"))")
            try await printChildren(of: root, indent: "", level: 1, client: client)
        }

        /// Prints the children of `folder` at `level`, and theirs below them, each line
        /// after `indent` and the tree's branches.
        private func printChildren(of folder: RemoteDocument, indent: String, level: Int, client: RepositoryClient) async throws {
            guard folder.isFolderish, depth.map({ level <= $0 }) ?? true, let uid = folder.document.uid else { return }
            let children = try await client.children(of: uid)
            for (index, child) in children.enumerated() {
                let isLast = index == children.count - 1
                print("\(indent)\(isLast ? "└── " : "├── ")\(child.document.name ?? child.path) (\(child.document.type ?? "?"))")
                try await printChildren(of: child, indent: indent + (isLast ? "    " : "│   "), level: level + 1, client: client)
            }
        }
    }
}
