import Foundation

/// A temporary directory that one conversion runs in, and the run itself: the program gets
/// the directory as its home and its own `tmp` inside it, runs without a network where the
/// system allows it (``NetworkIsolation``), and is killed with everything it started after
/// its time limit. ``remove()`` deletes the directory and everything the program left.
struct ConversionWorkspace {
    /// The directory.
    let url: URL
    /// The file the program's output and errors are written to.
    var log: URL { url.appendingPathComponent("program.log") }

    /// Makes a new directory in `scratchRoot`.
    ///
    /// - Throws: ``ConversionError`` `.failed` when it cannot be made.
    init(in scratchRoot: URL) throws {
        url = scratchRoot.appendingPathComponent("chancery-conversion-\(UUID().uuidString)")
        do {
            try FileManager.default.createDirectory(at: url.appendingPathComponent("tmp"), withIntermediateDirectories: true)
        } catch {
            throw ConversionError(.failed, "the server could not prepare the conversion: \(error.localizedDescription)")
        }
    }

    /// Writes `bytes` to the file `name` in the directory and returns its URL.
    ///
    /// - Throws: ``ConversionError`` `.failed` when it cannot be written.
    func write(_ bytes: some DataProtocol, named name: String) throws -> URL {
        let file = url.appendingPathComponent(name)
        do {
            let parent = file.deletingLastPathComponent()
            try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
            try Data(bytes).write(to: file)
        } catch {
            throw ConversionError(.failed, "the server could not prepare the conversion: \(error.localizedDescription)")
        }
        return file
    }

    /// Makes the directory `name` in the directory and returns its URL.
    ///
    /// - Throws: ``ConversionError`` `.failed` when it cannot be made.
    func makeDirectory(named name: String) throws -> URL {
        let directory = url.appendingPathComponent(name)
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw ConversionError(.failed, "the server could not prepare the conversion: \(error.localizedDescription)")
        }
        return directory
    }

    /// Runs `command` (a program and its arguments) in the directory, at most `timeLimit`,
    /// and returns its exit status; `program` names it in errors.
    ///
    /// - Throws: ``ConversionError`` `.failed` when it cannot be started, `.timedOut` when it
    ///   was killed; `CancellationError` when the task is cancelled (the program is killed).
    @discardableResult
    func run(_ command: [String], program: String, timeLimit: Duration) async throws -> Int32 {
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = url.path
        environment["TMPDIR"] = url.appendingPathComponent("tmp").path
        let isolated = await NetworkIsolation.command(command)
        let process = ChildProcess(
            executable: isolated[0], arguments: Array(isolated.dropFirst()), environment: environment, directory: url, outputFile: log
        )
        let termination: ChildProcess.Termination
        do {
            termination = try await process.run(timeLimit: timeLimit)
        } catch {
            throw ConversionError(.failed, "\(program) (\(command[0])) could not be started: \(error.localizedDescription)")
        }
        try Task.checkCancellation()
        guard case .exited(let status) = termination else {
            throw ConversionError(.timedOut, "the conversion took longer than the \(timeLimit.components.seconds) s this server allows")
        }
        return status
    }

    /// The bytes of the file `name` the program made, when it made a non-empty one.
    func output(named name: String) -> [UInt8]? {
        guard let data = try? Data(contentsOf: url.appendingPathComponent(name)), !data.isEmpty else { return nil }
        return [UInt8](data)
    }

    /// The last line the program printed that starts with `prefix` (any line when `nil`),
    /// without the prefix; `nil` when there is none.
    func lastLine(prefixed prefix: String?) -> String? {
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        let line = text.split(whereSeparator: \.isNewline).last { prefix.map($0.hasPrefix) ?? !$0.isEmpty }
        return line.map { $0.dropFirst(prefix?.count ?? 0).trimmingCharacters(in: .whitespaces) }
    }

    /// Deletes the directory and everything in it.
    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}
