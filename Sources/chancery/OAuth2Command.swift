import Accounts
import ArgumentParser
import ChanceryServer
import Foundation
import NuxeoSDK

/// `chancery oauth2`: the applications that may get tokens through the intdash OAuth2 flows.
struct OAuth2Command: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "oauth2",
        abstract: "Register the applications that sign people in with OAuth2.",
        discussion: """
            An application (an OAuth2 client) sends people to \
            /intdash/api/auth/oauth2/authorization to sign in, and gets its tokens from \
            /intdash/api/auth/oauth2/token. Devices (edges) get their clients when the edge is \
            created; register here the apps people use.

            Example:
              chancery oauth2 client create --name "Telemetry Viewer" --redirect-uri com.example.viewer:/oauth2/callback
            """,
        subcommands: [Client.self]
    )

    /// `chancery oauth2 client`.
    struct Client: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "client",
            abstract: "Register OAuth2 clients.",
            subcommands: [Create.self, List.self, Remove.self]
        )
    }

    /// `chancery oauth2 client create`.
    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Register an application and print {\"client_id\": …} as JSON, with \"client_secret\" for a confidential one.",
            discussion: """
                A public client (an app on a phone or in a browser) has no secret and must use \
                PKCE; a confidential client (a server) gets a secret, shown once.

                Examples:
                  chancery oauth2 client create --name Viewer --redirect-uri http://127.0.0.1:8765/callback
                  chancery oauth2 client create --name Backend --redirect-uri https://app.example/cb --confidential
                """
        )

        @OptionGroup var store: StoreOptions

        @Option(help: ArgumentHelp("The name people see on the consent page.", valueName: "name"))
        var name: String

        @Option(
            name: .customLong("redirect-uri"),
            help: ArgumentHelp(
                "An absolute URI, without a fragment, the codes may be sent to; repeat for several.", valueName: "uri"
            ))
        var redirectURIs: [String] = []

        @Flag(help: "Register a confidential client, which gets a secret.")
        var confidential = false

        func validate() throws {
            guard !name.trimmingCharacters(in: .whitespaces).isEmpty else { throw ValidationError("--name must not be empty") }
            guard confidential || !redirectURIs.isEmpty else {
                throw ValidationError("a public client needs at least one --redirect-uri")
            }
        }

        func run() async throws {
            let created = try await store.withAdministration {
                try await $0.registerOAuth2Client(name: name, kind: confidential ? .confidential : .public, redirectURIs: redirectURIs)
            }
            var output: [String: NUXJSONValue] = ["client_id": .string(created.client.id)]
            if let secret = created.secret { output["client_secret"] = .string(secret) }
            try JSONOutput.print(.object(output))
        }
    }

    /// `chancery oauth2 client ls`.
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "ls",
            abstract: "List the registered OAuth2 clients: id, kind, name, redirect URIs, creation time.",
            discussion: """
                Edges appear here too: their client id is the edge's UUID.

                Example:
                  chancery oauth2 client ls --data ./chancery-data
                """
        )

        @OptionGroup var store: StoreOptions

        func run() async throws {
            let clients = try await store.withAdministration { try await $0.oauth2Clients() }
            let rows = clients.map { client in
                [client.id, client.kind.rawValue, client.name, client.redirectURIs.joined(separator: " "), client.createdAt.formatted(.iso8601)]
            }
            print(Table(header: ["CLIENT ID", "KIND", "NAME", "REDIRECT URIS", "CREATED"], rows: rows).text, terminator: "")
        }
    }

    /// `chancery oauth2 client rm`.
    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "rm",
            abstract: "Remove a registered application with its codes and refresh tokens.",
            discussion: """
                An edge's client goes only with its edge (`chancery edge rm`).

                Example:
                  chancery oauth2 client rm 6f1c…
                """,
            aliases: ["remove"]
        )

        @OptionGroup var store: StoreOptions

        @Argument(help: ArgumentHelp("The client id.", valueName: "client-id"))
        var clientID: String

        func run() async throws {
            try await store.withAdministration { try await $0.deleteOAuth2Client(id: clientID) }
            print("removed \(clientID)")
        }
    }
}
