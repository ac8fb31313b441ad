import ArgumentParser
import ChanceryServer
import Foundation
import JSON

/// `chancery measurements`: the recorded telemetry sessions.
struct MeasurementsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "measurements",
        abstract: "List measurements, show one with its base times and markers, export its points.",
        discussion: """
            Examples:
              chancery measurements ls
              chancery measurements ls --edge 6f1c2a9e-… --json
              chancery measurements show 0b7d…
              chancery measurements export 0b7d… --format ndjson --output run.ndjson
            """,
        subcommands: [List.self, Show.self, Export.self]
    )

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "ls",
            abstract: "List measurements, newest base time first: uuid, name, edge, base time, duration, status.",
            discussion: """
                Example:
                  chancery measurements ls --data ./chancery-data --edge 6f1c2a9e-… --limit 20
                """,
            aliases: ["list"]
        )

        @OptionGroup var store: StoreOptions

        @Option(help: ArgumentHelp("Only the measurements of this edge (its UUID).", valueName: "uuid"))
        var edge: String?

        @Option(help: ArgumentHelp("Only measurements whose name contains this text.", valueName: "text"))
        var name: String?

        @Option(help: ArgumentHelp("At most this many measurements.", valueName: "n"))
        var limit: Int = 100

        @Flag(help: "Print the measurements as a JSON array instead of a table.")
        var json = false

        func validate() throws {
            guard limit > 0 else { throw ValidationError("--limit must be at least 1") }
        }

        func run() async throws {
            let page = try await store.withAdministration { try await $0.measurements(edgeUUID: edge, nameContaining: name, limit: limit) }
            if json {
                try JSONOutput.print(.array(page.items.map(\.json)))
                return
            }
            let rows = page.items.map { measurement in
                [
                    measurement.uuid, measurement.name.isEmpty ? "-" : measurement.name, measurement.edgeUUID, measurement.basetime ?? "-",
                    String(format: "%.3f s", Double(measurement.duration) / 1e9), measurement.status,
                ]
            }
            print(Table(header: ["UUID", "NAME", "EDGE", "BASETIME", "DURATION", "STATUS"], rows: rows).text, terminator: "")
            if page.totalCount > page.items.count {
                print("(\(page.items.count) of \(page.totalCount); raise --limit for more)")
            }
        }
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print a measurement as JSON, with its base times and markers.",
            discussion: """
                Example:
                  chancery measurements show --data ./chancery-data 0b7d…
                """
        )

        @OptionGroup var store: StoreOptions

        @Argument(help: ArgumentHelp("The measurement's UUID.", valueName: "uuid"))
        var uuid: String

        func run() async throws {
            try JSONOutput.print(try await store.withAdministration { try await $0.measurement(uuid: uuid) })
        }
    }
}
