import ArgumentParser
import ChanceryServer
import Foundation

/// `chancery index`: indexes on document properties, which NXQL comparisons on them use.
struct IndexCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "index",
        abstract: "List, add and remove indexes on document properties.",
        discussion: """
            An indexed property makes NXQL comparisons on it (=, IN, <, BETWEEN, STARTSWITH) \
            index lookups instead of scans of every document; queries on other properties work \
            as before, and answers are the same with or without an index. dc:title, dc:creator, \
            dc:created, dc:modified, file:content/name and file:content/digest are indexed from \
            the start. These commands work next to a running server (with the same --data or \
            --database): on PostgreSQL an index is built while writes go on, on SQLite writes \
            wait for the build, reads go on.

            Examples:
              chancery index list
              chancery index add dc:source
              chancery index add files:files/0/file/name
              chancery index remove dc:source
            """,
        subcommands: [List.self, Add.self, Remove.self]
    )

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the indexed properties.")

        @OptionGroup var store: StoreOptions

        func run() async throws {
            let indexed = try await store.withAdministration { try await $0.indexedProperties() }
            let rows = indexed.map { [$0.property, $0.indexName, $0.createdAt.formatted(.iso8601)] }
            print(Table(header: ["PROPERTY", "INDEX", "CREATED"], rows: rows).text, terminator: "")
        }
    }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Index a property, reporting the build's progress.",
            discussion: """
                The property is named as NXQL names it: a schema property (dc:source) or a \
                field inside one (file:content/mime-type), holding one value per document (not \
                a list such as dc:subjects).
                """
        )

        @OptionGroup var store: StoreOptions

        @Argument(help: ArgumentHelp("The property, such as dc:source.", valueName: "property"))
        var property: String

        func run() async throws {
            let start = ContinuousClock.now
            let property = property
            let added = try await store.withAdministration { administration in
                try await administration.addIndex(property) { progress in
                    FileHandle.standardError.write(Data((Self.describe(progress, of: property, since: start) + "\n").utf8))
                }
            }
            let elapsed = (ContinuousClock.now - start).formatted(.units(allowed: [.seconds, .milliseconds], width: .narrow))
            print(added ? "indexed \(property) in \(elapsed)" : "\(property) is indexed already")
        }

        /// One line of progress: `indexing dc:source: building 41% (410000 of 1000000 rows), 3 s`.
        static func describe(_ progress: Administration.IndexBuildProgress, of property: String, since start: ContinuousClock.Instant) -> String {
            let seconds = Int((ContinuousClock.now - start).components.seconds)
            var line = "indexing \(property): \(progress.phase)"
            switch (progress.rowsDone, progress.rowsTotal) {
            case (let done?, let total?) where total > 0: line += " \(done * 100 / total)% (\(done) of \(total) rows)"
            case (nil, let total?): line += " (\(total) rows)"
            default: break
            }
            return line + ", \(seconds) s"
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Drop the index of a property.")

        @OptionGroup var store: StoreOptions

        @Argument(help: ArgumentHelp("The property, such as dc:source.", valueName: "property"))
        var property: String

        func run() async throws {
            let property = property
            let removed = try await store.withAdministration { try await $0.removeIndex(property) }
            print(removed ? "removed the index of \(property)" : "\(property) is not indexed")
        }
    }
}
