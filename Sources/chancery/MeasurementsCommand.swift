import ArgumentParser
import Foundation
import JSON
import Telemetry

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
            var query = MeasurementQuery()
            query.edgeUUID = edge
            query.name = name.map(MeasurementQuery.NameMatch.containing)
            query.page = PageRequest(limit: limit)
            let page = try await store.withCatalog { _, _, measurements in try await measurements.list(query, scope: .everything) }
            if json {
                try CatalogOutput.print(.array(try page.items.map(IntdashJSON.measurement)))
                return
            }
            let rows = page.items.map { measurement in
                [
                    measurement.uuid, measurement.name.isEmpty ? "-" : measurement.name, measurement.edgeUUID,
                    measurement.basetime.map { IntdashTimestamp.string(nanoseconds: $0) } ?? "-",
                    String(format: "%.3f s", Double(measurement.maxElapsedTime) / 1e9), measurement.status.rawValue,
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
            let value = try await store.withCatalog { _, _, measurements in
                let measurement = try await measurements.measurement(uuid: uuid)
                var object = try IntdashJSON.measurement(measurement).objectValue ?? [:]
                object["basetimes"] = .array(try await measurements.baseTimes(of: uuid).map(IntdashJSON.baseTime))
                object["markers"] = .array(try await measurements.markers(of: uuid, scope: .everything).map(IntdashJSON.marker))
                return JSONValue.object(object)
            }
            try CatalogOutput.print(value)
        }
    }
}
