import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One open segment file of a measurement: the blocking POSIX calls the store makes on it.
///
/// Every method blocks, so callers run them on `NIOThreadPool`, never on the cooperative pool.
/// The descriptor is the only state and never changes after `init`, so the type is `Sendable`:
/// `pread`/`pwrite` take explicit offsets and are safe to call from several threads.
struct TelemetrySegmentFile: Sendable {
    /// The file's path, for error messages.
    let path: String
    private let descriptor: Int32

    /// Opens the file at `path` for reading, or for reading and writing (created, mode 0600,
    /// when it does not exist).
    init(path: String, writable: Bool) throws {
        let flags = writable ? O_RDWR | O_CREAT | O_CLOEXEC : O_RDONLY | O_CLOEXEC
        let descriptor = open(path, flags, 0o600)
        guard descriptor >= 0 else { throw TelemetryDataStoreError.io(operation: "open", path: path, errno: errno) }
        self.path = path
        self.descriptor = descriptor
    }

    /// The file's size in bytes.
    func size() throws -> Int {
        let end = lseek(descriptor, 0, SEEK_END)
        guard end >= 0 else { throw TelemetryDataStoreError.io(operation: "lseek", path: path, errno: errno) }
        return Int(end)
    }

    /// Cuts the file to `length` bytes and makes the cut durable.
    func truncate(to length: Int) throws {
        guard ftruncate(descriptor, off_t(length)) == 0 else { throw TelemetryDataStoreError.io(operation: "ftruncate", path: path, errno: errno) }
        try synchronize()
    }

    /// Writes all of `bytes` at `offset`.
    func write(_ bytes: [UInt8], at offset: Int) throws {
        var written = 0
        while written < bytes.count {
            let result = bytes.withUnsafeBytes { buffer in
                pwrite(descriptor, buffer.baseAddress! + written, buffer.count - written, off_t(offset + written))
            }
            if result < 0 {
                if errno == EINTR { continue }
                throw TelemetryDataStoreError.io(operation: "pwrite", path: path, errno: errno)
            }
            written += result
        }
    }

    /// Reads `count` bytes at `offset`; fewer only when the file ends first.
    func read(count: Int, at offset: Int) throws -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let result = bytes.withUnsafeMutableBytes { buffer in
                pread(descriptor, buffer.baseAddress! + done, count - done, off_t(offset + done))
            }
            if result < 0 {
                if errno == EINTR { continue }
                throw TelemetryDataStoreError.io(operation: "pread", path: path, errno: errno)
            }
            if result == 0 { break }
            done += result
        }
        return Array(bytes.prefix(done))
    }

    /// Waits until everything written is on stable storage (`fdatasync`: the data and the size,
    /// not the access times).
    func synchronize() throws {
        #if canImport(Darwin)
        let result = fsync(descriptor)
        #else
        let result = fdatasync(descriptor)
        #endif
        guard result == 0 else { throw TelemetryDataStoreError.io(operation: "fdatasync", path: path, errno: errno) }
    }

    /// Closes the descriptor. The value must not be used afterwards.
    func close() {
        _ = Self.closeDescriptor(descriptor)
    }

    /// Makes the entries of directory `path` (a new file's name) durable.
    static func synchronizeDirectory(_ path: String) throws {
        let file = try TelemetrySegmentFile(path: path, writable: false)
        defer { file.close() }
        guard fsync(file.descriptor) == 0 else { throw TelemetryDataStoreError.io(operation: "fsync", path: path, errno: errno) }
    }

    private static func closeDescriptor(_ descriptor: Int32) -> Int32 {
        #if canImport(Glibc)
        Glibc.close(descriptor)
        #elseif canImport(Musl)
        Musl.close(descriptor)
        #else
        Darwin.close(descriptor)
        #endif
    }
}
