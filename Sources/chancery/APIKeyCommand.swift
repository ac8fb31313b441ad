import Accounts
import ArgumentParser
import Foundation

/// `chancery apikey`: API keys for apps and services.
struct APIKeyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "apikey",
        abstract: "Create, list and revoke API keys.",
        discussion: """
            An API key acts for one user. Clients send it as "X-Api-Key: KEY" or \
            "Authorization: app-token KEY". Chancery stores only a hash: the key is shown once.

            Examples:
              chancery apikey create --user Administrator --name ci
              chancery apikey list
              chancery apikey revoke 6f1c2a9e-…
            """,
        subcommands: [Create.self, List.self, Revoke.self]
    )

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Create an API key and print it (and nothing else) on standard output.",
            discussion: """
                Example:
                  KEY=$(chancery apikey create --data ./chancery-data --user Administrator --name ci)
                  curl -H "X-Api-Key: $KEY" http://127.0.0.1:8080/api/v1/me
                """
        )

        @OptionGroup var store: StoreOptions

        @Option(help: ArgumentHelp("The user the key acts for.", valueName: "name"))
        var user: String

        @Option(help: ArgumentHelp("A label that says who uses the key.", valueName: "label"))
        var name: String

        func run() async throws {
            let created = try await store.withAccounts { try await $0.createAPIKey(userName: user, label: name) }
            print(created.secret)
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List API keys, newest first: id, user, label, creation time, status.",
            discussion: """
                Example:
                  chancery apikey list --data ./chancery-data --user Administrator
                """
        )

        @OptionGroup var store: StoreOptions

        @Option(help: ArgumentHelp("Only the keys of this user.", valueName: "name"))
        var user: String?

        func run() async throws {
            let keys = try await store.withAccounts { try await $0.apiKeys(userName: user) }
            let rows = keys.map { key in
                [key.id, key.userName, key.label, key.createdAt.formatted(.iso8601), key.revokedAt == nil ? "active" : "revoked"]
            }
            print(Table(header: ["ID", "USER", "LABEL", "CREATED", "STATUS"], rows: rows).text, terminator: "")
        }
    }

    struct Revoke: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Revoke an API key; requests that carry it are refused at once.",
            discussion: """
                Example:
                  chancery apikey revoke --data ./chancery-data 6f1c2a9e-…
                """
        )

        @OptionGroup var store: StoreOptions

        @Argument(help: ArgumentHelp("The id of the key, as `apikey list` shows it.", valueName: "id"))
        var id: String

        func run() async throws {
            try await store.withAccounts { try await $0.revokeAPIKey(id: id) }
            print("revoked \(id)")
        }
    }
}
