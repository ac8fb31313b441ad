import Foundation

/// Writes lines to a file or standard output, 64 KiB at a time.
struct LineWriter {
    private let handle: FileHandle
    private var buffer: [UInt8] = []

    /// A writer to `path`, created or truncated, or to standard output when `nil`.
    init(path: String?) throws {
        guard let path else {
            handle = .standardOutput
            return
        }
        guard FileManager.default.createFile(atPath: path, contents: nil) else {
            throw ConfigurationError("cannot create \(path)")
        }
        handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    }

    /// Writes `line` and a newline.
    mutating func write(_ line: String) throws {
        buffer += line.utf8
        buffer.append(UInt8(ascii: "\n"))
        if buffer.count >= 64 << 10 { try flush() }
    }

    /// Writes what is buffered.
    mutating func flush() throws {
        try handle.write(contentsOf: buffer)
        buffer.removeAll(keepingCapacity: true)
    }
}
