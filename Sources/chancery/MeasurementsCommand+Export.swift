import ArgumentParser
import ChanceryServer
import Foundation
import ISCP

extension MeasurementsCommand {
    /// `chancery measurements export`: every stored point of a measurement, read offline from
    /// the data directory.
    struct Export: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write every stored point of a measurement as CSV or NDJSON, in time order.",
            discussion: """
                Reads the data directory directly (the server may be running or not). CSV has \
                the header `time,elapsed,data_type,data_name,value`: time is the base time plus \
                elapsed (RFC 3339, nanoseconds; empty without a base time), then the columns \
                `chancery stream up` reads. NDJSON has {time, elapsed_time (ns), data_type, \
                data_name, value}. Values: numbers for float64 and int64, text for string, \
                hexadecimal for anything else.

                Examples:
                  chancery measurements export 0b7d… --data ./chancery-data > run.csv
                  chancery measurements export 0b7d… --format ndjson --output run.ndjson
                """
        )

        @OptionGroup var store: StoreOptions

        @Argument(help: ArgumentHelp("The measurement's UUID.", valueName: "uuid"))
        var uuid: String

        @Option(help: "csv or ndjson.")
        var format = TelemetryPointFormat.csv

        @Option(help: ArgumentHelp("The file to write. (default: standard output)", valueName: "file"))
        var output: String?

        func validate() throws {
            guard UUID(uuidString: uuid) != nil else { throw ValidationError("'\(uuid)' is not a UUID") }
        }

        func run() async throws {
            let measurementUUID = UUID(uuidString: uuid)!
            let count = try await store.withAdministration { administration in
                var writer = try LineWriter(path: output)
                if format == .csv { try writer.write(MeasurementExportPoint.csvHeader) }
                let count = try await administration.exportPoints(of: measurementUUID) { try writer.write(line($0)) }
                try writer.flush()
                return count
            }
            if let output { FileHandle.standardError.write(Data("exported \(count) points to \(output)\n".utf8)) }
        }

        /// One output line for a point.
        private func line(_ point: MeasurementExportPoint) -> String {
            format == .csv ? point.csvLine : point.ndjsonLine
        }
    }
}
