import Foundation
import Synchronization

/// What a child process that keeps running (a server) prints on a pipe, collected by a
/// thread of its own, so that a test waiting for a line holds no thread of Swift
/// concurrency's pool and the text is gathered even while the pool is busy.
///
/// ```swift
/// let output = PrintedOutput(reading: pipe.fileHandleForReading)
/// let line = await output.firstLine(of: process, timeout: .seconds(20)) { $0.hasPrefix("listening on ") }
/// ```
public final class PrintedOutput: Sendable {
    private let collected = Mutex("")

    /// Starts reading `handle` until its end.
    public init(reading handle: FileHandle) {
        Thread.detachNewThread { [self] in
            while true {
                let data = handle.availableData
                if data.isEmpty { return }
                self.collected.withLock { $0 += String(decoding: data, as: UTF8.self) }
            }
        }
    }

    /// Everything read so far.
    public var text: String { collected.withLock { $0 } }

    /// The first whole line read (ended by a newline) that `matches`, waiting for it while
    /// `process` runs, at most `timeout`; `nil` when none came.
    public func firstLine(of process: Process, timeout: Duration, where matches: (Substring) -> Bool) async throws -> Substring? {
        let started = ContinuousClock.now
        while true {
            let running = process.isRunning
            if let line = wholeLines().first(where: matches) { return line }
            guard running, ContinuousClock.now - started < timeout else { return nil }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    /// The lines read so far that a newline ended.
    private func wholeLines() -> [Substring] {
        let text = self.text
        guard let end = text.lastIndex(of: "\n") else { return [] }
        return text[..<end].split(separator: "\n")
    }

    /// The last `count` lines read, joined on one line, for an error that summaries show
    /// by its first line only.
    public func lastLines(_ count: Int) -> String {
        text.split(separator: "\n").suffix(count).joined(separator: " ⏎ ")
    }
}
