import ArgumentParser

/// How the telemetry commands print points: `--format csv` (the lines of
/// ``TelemetryPointText``) or `--format ndjson` (the objects of ``TelemetryPointJSON``).
enum TelemetryPointFormat: String, ExpressibleByArgument, CaseIterable {
    case csv, ndjson
}
