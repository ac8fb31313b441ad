import CProcessGroup
import Foundation
import Synchronization

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// A program run to its end, or killed with everything it started when its time is up or
/// the waiting task is cancelled.
///
/// Foundation starts a child in a process group of its own on Linux, so killing the group
/// also kills the processes the program started (LibreOffice's launcher starts
/// `soffice.bin`), and a run that killed returns only once every one of them has ended
/// (``groupEndLimit`` at most): nothing it started still holds its files. Where the child
/// shares its parent's group (macOS), only the child itself is killed. Output and errors go
/// to a file, so a chatty program never blocks on a pipe.
public struct ChildProcess: Sendable {
    /// How the run ended.
    public enum Termination: Equatable, Sendable {
        /// The program exited by itself, with this status.
        case exited(Int32)
        /// The time limit passed and the program was killed.
        case timedOut
    }

    /// The program's path.
    public let executable: String
    /// Its arguments.
    public let arguments: [String]
    /// Its whole environment.
    public let environment: [String: String]
    /// The directory it runs in.
    public let directory: URL
    /// The file its standard output and standard error are written to.
    public let outputFile: URL

    /// Creates a run of `executable` with `arguments`, in `directory`, with `environment` as
    /// its whole environment, writing what it prints to `outputFile`.
    public init(executable: String, arguments: [String], environment: [String: String], directory: URL, outputFile: URL) {
        self.executable = executable
        self.arguments = arguments
        self.environment = environment
        self.directory = directory
        self.outputFile = outputFile
    }

    /// Runs the program and waits for it, at most `timeLimit`.
    ///
    /// - Throws: when the program cannot be started.
    public func run(timeLimit: Duration) async throws -> Termination {
        guard FileManager.default.createFile(atPath: outputFile.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: outputFile.path])
        }
        let output = try FileHandle(forWritingTo: outputFile)
        defer { try? output.close() }

        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment
        process.currentDirectoryURL = directory
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = output
        let exit = ExitStatus()
        process.terminationHandler = { exit.record($0.terminationStatus) }
        try process.run()

        let identifier = process.processIdentifier
        let timer = Task {
            do {
                try await Task.sleep(for: timeLimit)
            } catch {
                return false
            }
            Self.kill(identifier)
            return true
        }
        let status = await withTaskCancellationHandler {
            await exit.value()
        } onCancel: {
            Self.kill(identifier)
        }
        timer.cancel()
        let timedOut = await timer.value
        if timedOut || Task.isCancelled { _ = await Self.waitForGroupEnd(identifier, limit: Self.groupEndLimit) }
        return timedOut ? .timedOut : .exited(status)
    }

    /// How long a run that killed its program waits for the rest of the program's process
    /// group to end.
    public static let groupEndLimit: Duration = .seconds(5)

    /// Waits, off the tasks' threads, until every process of the group led by `identifier` has
    /// ended (a zombie counts as ended), at most `limit`; returns at once where members cannot
    /// be watched. Returns whether they all ended.
    static func waitForGroupEnd(_ identifier: Int32, limit: Duration) async -> Bool {
        let milliseconds = Int32(clamping: limit.components.seconds * 1000 + limit.components.attoseconds / 1_000_000_000_000_000)
        return await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(returning: chancery_wait_for_process_group_exit(identifier, milliseconds) == 0)
            }
        }
    }

    /// Kills the process group led by `identifier`, or the process alone when it leads none.
    ///
    /// Called only before the exit is known. A kill that races the exit could in principle
    /// reach a process that took the identifier over in between; Linux hands out process
    /// identifiers in sequence, so that takes a wrap-around of the whole range in that instant.
    private static func kill(_ identifier: Int32) {
        #if canImport(Darwin)
        if Darwin.kill(-identifier, SIGKILL) != 0 {
            _ = Darwin.kill(identifier, SIGKILL)
        }
        #else
        if Glibc.kill(-identifier, SIGKILL) != 0 {
            _ = Glibc.kill(identifier, SIGKILL)
        }
        #endif
    }
}

/// The exit status of a process, delivered by Foundation's termination handler to whoever
/// waits for it, whichever comes first.
private final class ExitStatus: Sendable {
    /// Either the task waiting for the exit, or the status once known.
    private enum State {
        case running(waiter: CheckedContinuation<Int32, Never>?)
        case exited(Int32)
    }

    private let state = Mutex<State>(.running(waiter: nil))

    /// Records that the process exited with `status`, and wakes the waiting task.
    func record(_ status: Int32) {
        let waiter = state.withLock { state -> CheckedContinuation<Int32, Never>? in
            guard case .running(let waiter) = state else { return nil }
            state = .exited(status)
            return waiter
        }
        waiter?.resume(returning: status)
    }

    /// The exit status, once the process has exited. Only one task may wait.
    func value() async -> Int32 {
        await withCheckedContinuation { continuation in
            let status = state.withLock { state -> Int32? in
                switch state {
                case .exited(let status):
                    return status
                case .running:
                    state = .running(waiter: continuation)
                    return nil
                }
            }
            if let status {
                continuation.resume(returning: status)
            }
        }
    }
}
