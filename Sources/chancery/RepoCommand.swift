import ArgumentParser

/// `chancery repo`: the documents of a Chancery server's repository, through its Nuxeo API
/// and NuxeoSDK.
struct RepoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "repo",
        abstract: "List, read, upload, download, move and delete documents in a server's repository.",
        discussion: """
            Talks to a running server through its Nuxeo REST API (SERVER/nuxeo). A document is \
            named by its path (/default-domain/workspaces/report.pdf; the leading / may be left \
            out) or by its uid. Results go to standard output, errors and progress to standard \
            error; a command exits 0 only when it did all it was asked.

            Every command takes --server URL (CHANCERY_SERVER, default http://127.0.0.1:8080) \
            and --user NAME (CHANCERY_USER, default Administrator). The password comes from \
            CHANCERY_PASSWORD, or from the first line of standard input with --password-stdin; \
            instead of a password, a device token can be set in CHANCERY_NUXEO_TOKEN.

            Examples:
              export CHANCERY_PASSWORD='a long secret'
              chancery repo ls /default-domain/workspaces
              chancery repo mkdir -p /default-domain/workspaces/reports/2025
              chancery repo put q3.pdf /default-domain/workspaces/reports/2025
              chancery repo download /default-domain/workspaces/reports/2025/q3.pdf
              chancery repo query "SELECT * FROM File WHERE dc:title LIKE 'q3%'" --json
            """,
        subcommands: [List.self, Tree.self, Get.self, Put.self, Mkdir.self, Move.self, Remove.self, Query.self, Download.self]
    )
}
