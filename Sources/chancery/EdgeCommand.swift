import ArgumentParser
import ChanceryServer
import Foundation
import JSON

/// `chancery edge`: the devices that stream telemetry (intdash edges).
struct EdgeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edge",
        abstract: "Create, list, disable, enable and remove edges, the devices that send telemetry.",
        discussion: """
            An edge has an account user named after its UUID and an OAuth2 client whose id is \
            that UUID: the device gets tokens with grant_type=client_credentials and the client \
            secret, which `edge create` prints once. An API key of the edge's user \
            (`chancery apikey create --user UUID`) serves as intdash's X-Edge-Token.

            Examples:
              chancery edge create --name truck-7 --owner alice
              chancery edge ls
              chancery edge disable 0f8c…
            """,
        subcommands: [Create.self, List.self, Disable.self, Enable.self, Notarize.self, Remove.self]
    )

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Create an edge and print it as JSON, with its uuid and client_secret (shown only now).",
            discussion: """
                Example:
                  chancery edge create --data ./chancery-data --name truck-7 --nickname 'Truck 7' --owner alice
                """
        )

        @OptionGroup var store: StoreOptions

        @Option(help: ArgumentHelp("The edge's unique name.", valueName: "name"))
        var name: String

        @Option(help: ArgumentHelp("The name shown to people. (default: the name)", valueName: "text"))
        var nickname: String?

        @Option(help: ArgumentHelp("Free text about the edge.", valueName: "text"))
        var description: String = ""

        @Option(help: ArgumentHelp("The user who owns the edge and sees its measurements.", valueName: "user"))
        var owner: String?

        func run() async throws {
            let created = try await store.withAdministration {
                try await $0.createEdge(name: name, nickname: nickname, description: description, ownerName: owner)
            }
            try JSONOutput.print(created)
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "ls",
            abstract: "List edges by name: uuid, name, nickname, type, owner, state, whether measurements are notarized, creation time.",
            discussion: """
                Examples:
                  chancery edge ls --data ./chancery-data
                  chancery edge ls --owner alice --json
                """,
            aliases: ["list"]
        )

        @OptionGroup var store: StoreOptions

        @Option(help: ArgumentHelp("Only the edges of this user.", valueName: "user"))
        var owner: String?

        @Option(help: ArgumentHelp("Only edges whose name contains this text.", valueName: "text"))
        var name: String?

        @Flag(help: "Print the edges as a JSON array instead of a table.")
        var json = false

        func run() async throws {
            let edges = try await store.withAdministration { try await $0.edges(ownerName: owner, nameContaining: name) }
            if json {
                try JSONOutput.print(.array(edges.map(\.json)))
                return
            }
            let rows = edges.map { edge in
                [
                    edge.uuid, edge.name, edge.nickname, edge.type, edge.owner ?? "-", edge.isEnabled ? "enabled" : "disabled",
                    edge.notarizesMeasurements ? "yes" : "no", edge.createdAt.formatted(.iso8601),
                ]
            }
            print(Table(header: ["UUID", "NAME", "NICKNAME", "TYPE", "OWNER", "STATE", "NOTARIZED", "CREATED"], rows: rows).text, terminator: "")
        }
    }

    /// The edge a subcommand acts on.
    struct EdgeArgument: ParsableArguments {
        @Argument(help: ArgumentHelp("The edge's UUID.", valueName: "uuid"))
        var uuid: String
    }

    struct Disable: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Refuse an edge's sign-in and streams until it is enabled; its measurements stay readable.",
            discussion: """
                Example:
                  chancery edge disable 0f8c… --data ./chancery-data
                """
        )

        @OptionGroup var store: StoreOptions
        @OptionGroup var edge: EdgeArgument

        func run() async throws {
            try await store.withAdministration { try await $0.setEdgeEnabled(uuid: edge.uuid, false) }
            print("disabled \(edge.uuid)")
        }
    }

    struct Enable: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Let a disabled edge sign in and stream again.",
            discussion: """
                Example:
                  chancery edge enable 0f8c… --data ./chancery-data
                """
        )

        @OptionGroup var store: StoreOptions
        @OptionGroup var edge: EdgeArgument

        func run() async throws {
            try await store.withAdministration { try await $0.setEdgeEnabled(uuid: edge.uuid, true) }
            print("enabled \(edge.uuid)")
        }
    }

    struct Notarize: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Notarize an edge's measurements when they end (or, with --off, no longer).",
            discussion: """
                When a measurement of the edge ends, the server hashes its NDJSON export (what \
                `chancery measurements export UUID --format ndjson` writes) and records the \
                SHA-256 with the Notary, as a report of the edge's owner; the telemetry console \
                links the report from the measurement's page.

                Examples:
                  chancery edge notarize 0f8c… --data ./chancery-data
                  chancery edge notarize 0f8c… --off
                """
        )

        @OptionGroup var store: StoreOptions
        @OptionGroup var edge: EdgeArgument

        @Flag(help: "Stop notarizing the edge's measurements.")
        var off = false

        func run() async throws {
            try await store.withAdministration { try await $0.setEdgeNotarizesMeasurements(uuid: edge.uuid, !off) }
            print(off ? "measurements of \(edge.uuid) are no longer notarized" : "measurements of \(edge.uuid) are notarized when they end")
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "rm",
            abstract: "Remove an edge with its OAuth2 client and account user; its measurements stay.",
            discussion: """
                Example:
                  chancery edge rm 0f8c… --data ./chancery-data
                """,
            aliases: ["remove"]
        )

        @OptionGroup var store: StoreOptions
        @OptionGroup var edge: EdgeArgument

        func run() async throws {
            try await store.withAdministration { try await $0.deleteEdge(uuid: edge.uuid) }
            print("removed \(edge.uuid)")
        }
    }
}
