import Logging
import Synchronization

/// A log that keeps every message with its metadata, for tests that check what is logged.
///
/// ```swift
/// let log = RecordedLog()
/// someService(logger: log.logger)
/// #expect(log.lines.contains { $0.contains("mail=") })
/// ```
final class RecordedLog: Sendable {
    /// The lines logged so far: the level, the message, and the metadata as `key=value`, sorted.
    private let recorded = Mutex<[String]>([])

    /// The lines logged so far.
    var lines: [String] { recorded.withLock { $0 } }

    /// A logger that writes here, every level.
    var logger: Logger {
        var logger = Logger(label: "chancery.test.recorded") { _ in Handler(log: self) }
        logger.logLevel = .trace
        return logger
    }

    /// Adds `line`.
    fileprivate func append(_ line: String) {
        recorded.withLock { $0.append(line) }
    }

    /// The handler that writes to a ``RecordedLog``.
    private struct Handler: LogHandler {
        let log: RecordedLog
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            let all = metadata.merging(event.metadata ?? [:]) { $1 }
            let pairs = all.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
            log.append(([event.level.rawValue, "\(event.message)"] + pairs).joined(separator: " "))
        }
    }
}
