import BenchmarkSupport
import Foundation

/// The command line of the benchmark.
///
///     RepositoryBenchmark [DOCUMENTS[,DOCUMENTS…]] [--folders N] [--creates N] [--clients 1,16,64]
///                         [--blob-mib N] [--large-mib N] [--samples N] [--query-seconds S]
///                         [--data DIR] [--database URL] [--keep] [--trace-sql] [--only creation|blobs]
struct Options {
    /// Repository sizes to measure the listings and queries at, ascending; the corpus grows
    /// from one to the next (`100000,1000000` measures at 100k, then seeds 900k more).
    var documentCounts = [100_000]
    /// Folders the corpus is spread over.
    var folders = 1000
    /// Every how many folders one is closed to the plain member.
    var restrictedEvery = 10
    /// Documents created per concurrency level in the creation measurement.
    var creates = 2000
    /// Concurrent clients of the creation measurement.
    var clients = [1, 16, 64]
    /// Size of the blob of the throughput measurement, in MiB.
    var blobMiB = 256
    /// Size of the upload of the memory measurement, in MiB; 0 skips it.
    var largeMiB = 2048
    /// Most requests per latency measurement.
    var samples = 300
    /// Time budget of one latency measurement, in seconds (at least 20 requests are sent).
    var querySeconds = 20.0
    /// Where the data directory goes; the system's temporary directory when `nil`.
    var root: String?
    /// The database, as `serve --database` takes it (a PostgreSQL URL, which must name an
    /// empty database); the embedded SQLite file in the data directory when `nil`.
    var database: String?
    /// Whether to leave the data directory in place.
    var keep = false
    /// Whether to log at trace level (every SQL statement) to standard error: for finding
    /// the statements behind a request, not for measuring.
    var traceSQL = false
    /// The one part to measure (`--only creation`, `--only blobs`), for short profiling runs;
    /// every part when `nil`.
    var only: Part?

    /// A part of the benchmark that runs alone.
    enum Part: String {
        case creation, blobs
    }

    static let usage = """
        usage: RepositoryBenchmark [DOCUMENTS[,DOCUMENTS…]] [--folders N] [--creates N] [--clients 1,16,64]
                                   [--blob-mib N] [--large-mib N] [--samples N] [--query-seconds S]
                                   [--data DIR] [--database URL] [--keep] [--trace-sql] [--only creation|blobs]
        """

    init(arguments: [String]) throws {
        var arguments = arguments[...]
        func value(_ flag: String) throws -> String {
            guard let value = arguments.popFirst() else { throw BenchmarkError("\(flag) needs a value\n\(Self.usage)") }
            return value
        }
        func integers(_ text: String) throws -> [Int] {
            let values = text.split(separator: ",").map { Int($0.replacingOccurrences(of: "_", with: "")) }
            guard !values.isEmpty, values.allSatisfy({ $0 != nil && $0! >= 0 }) else {
                throw BenchmarkError("'\(text)' is not a list of counts\n\(Self.usage)")
            }
            return values.map { $0! }
        }
        func integer(_ flag: String) throws -> Int {
            let text = try value(flag)
            guard let number = Int(text), number >= 0 else { throw BenchmarkError("\(flag): '\(text)' is not a count\n\(Self.usage)") }
            return number
        }
        while let argument = arguments.popFirst() {
            switch argument {
            case "--folders": folders = max(1, try integer(argument))
            case "--restricted-every": restrictedEvery = max(2, try integer(argument))
            case "--creates": creates = max(1, try integer(argument))
            case "--clients": clients = try integers(try value(argument)).filter { $0 > 0 }
            case "--blob-mib": blobMiB = max(1, try integer(argument))
            case "--large-mib": largeMiB = try integer(argument)
            case "--samples": samples = max(20, try integer(argument))
            case "--query-seconds":
                guard let seconds = Double(try value(argument)), seconds > 0 else { throw BenchmarkError(Self.usage) }
                querySeconds = seconds
            case "--data": root = try value(argument)
            case "--database": database = try value(argument)
            case "--keep": keep = true
            case "--trace-sql": traceSQL = true
            case "--only":
                let part = try value(argument)
                guard let known = Part(rawValue: part) else {
                    throw BenchmarkError("--only: '\(part)' is not a part that runs alone (creation, blobs)\n\(Self.usage)")
                }
                only = known
            case "-h", "--help": throw BenchmarkError(Self.usage)
            default:
                guard !argument.hasPrefix("-") else { throw BenchmarkError("unknown option \(argument)\n\(Self.usage)") }
                documentCounts = try integers(argument).sorted()
            }
        }
    }
}
