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
    /// What was read so far, and whether the end was.
    private struct Collected {
        var text = ""
        var ended = false
    }

    private let collected = Mutex(Collected())
    /// Changed after each read, and at the end.
    private let reads = StateChanges()

    /// Starts reading `handle` until its end.
    public init(reading handle: FileHandle) {
        Thread.detachNewThread { [self] in
            while true {
                let data = handle.availableData
                self.collected.withLock { collected in
                    if data.isEmpty { collected.ended = true } else { collected.text += String(decoding: data, as: UTF8.self) }
                }
                self.reads.changed()
                if data.isEmpty { return }
            }
        }
    }

    /// Everything read so far.
    public var text: String { collected.withLock { $0.text } }

    /// The first whole line read (ended by a newline) that `matches`, waiting for it while
    /// `process` runs and its output is open, at most `timeout`; `nil` when none came. Each
    /// read wakes the wait, and so does the end of the output when the process exits.
    ///
    /// - Throws: `CancellationError` when the task is cancelled first.
    public func firstLine(of process: Process, timeout: Duration, where matches: (Substring) -> Bool) async throws -> Substring? {
        var found: Substring?
        _ = await reads.wait(timeout: timeout) {
            // Read before the lines, as a stop seen after them could hide a line read in between.
            let running = process.isRunning && !collected.withLock { $0.ended }
            found = wholeLines().first(where: matches)
            return found != nil || !running || Task.isCancelled
        }
        try Task.checkCancellation()
        return found
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
