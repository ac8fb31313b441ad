import BenchmarkSupport
import CFileWriteback
import Foundation
import NIOCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Plain file operations for the blob measurements and their reference, with POSIX calls so
/// that the reference is the disk's rate and nothing else.
enum Files {
    /// The size of one read or write.
    static let chunkSize = 1 << 20

    /// Writes `size` pseudo-random bytes to `path`, durably.
    static func writeRandom(_ path: String, size: Int64) throws {
        let descriptor = try open(path, flags: O_WRONLY | O_CREAT | O_TRUNC)
        defer { close(descriptor) }
        var generator = SystemRandomNumberGenerator()
        var block = [UInt8](repeating: 0, count: chunkSize)
        var written: Int64 = 0
        while written < size {
            for index in stride(from: 0, to: block.count, by: 8) {
                withUnsafeBytes(of: generator.next() as UInt64) { bytes in
                    for offset in 0..<8 { block[index + offset] = bytes[offset] }
                }
            }
            let count = Int(min(Int64(chunkSize), size - written))
            try block.withUnsafeBytes { try writeAll(descriptor, $0.baseAddress!, count) }
            written += Int64(count)
        }
        guard fsync(descriptor) == 0 else { throw BenchmarkError("fsync \(path): errno \(errno)") }
    }

    /// Copies `source` to `destination` 1 MiB at a time and fsyncs it: the reference for
    /// moving these bytes through the disk durably, as the blob store does. With `direct`, the
    /// writes go past the page cache (`O_DIRECT`, the last partial block through it), as the
    /// blob store's do where the file system allows.
    static func streamedCopy(from source: String, to destination: String, direct: Bool = false) throws {
        let input = try open(source, flags: O_RDONLY)
        defer { close(input) }
        let output = try open(destination, flags: O_WRONLY | O_CREAT | O_TRUNC)
        defer { close(output) }
        if direct, chancery_set_direct_io(output, 1) != 0 { throw BenchmarkError("O_DIRECT on \(destination): errno \(errno)") }
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: chunkSize, alignment: 4096)
        defer { buffer.deallocate() }
        while true {
            let count = read(input, buffer, chunkSize)
            guard count >= 0 else { throw BenchmarkError("read \(source): errno \(errno)") }
            if count == 0 { break }
            if direct, count % 4096 != 0 { _ = chancery_set_direct_io(output, 0) }
            try writeAll(output, buffer, count)
        }
        guard fsync(output) == 0 else { throw BenchmarkError("fsync \(destination): errno \(errno)") }
    }

    /// Flushes `path` to disk.
    static func sync(_ path: String) throws {
        let descriptor = try open(path, flags: O_RDONLY)
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw BenchmarkError("fsync \(path): errno \(errno)") }
    }

    static func open(_ path: String, flags: Int32) throws -> Int32 {
        let descriptor = Glibc.open(path, flags, 0o600)
        guard descriptor >= 0 else { throw BenchmarkError("open \(path): errno \(errno)") }
        return descriptor
    }

    static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) throws {
        var offset = 0
        while offset < count {
            let written = write(descriptor, bytes + offset, count - offset)
            guard written > 0 else { throw BenchmarkError("write: errno \(errno)") }
            offset += written
        }
    }

    /// The size of the file at `path`.
    static func size(of path: String) throws -> Int64 {
        (try FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.int64Value ?? 0
    }
}

/// A file's bytes as an async sequence of 1 MiB buffers, read as they are consumed: the body
/// of an upload a client streams from disk.
struct FileChunks: AsyncSequence, Sendable {
    typealias Element = ByteBuffer
    let path: String

    func makeAsyncIterator() -> Iterator { Iterator(path: path) }

    struct Iterator: AsyncIteratorProtocol {
        let path: String
        var descriptor: Int32 = -1
        var done = false

        init(path: String) { self.path = path }

        mutating func next() async throws -> ByteBuffer? {
            if done { return nil }
            if descriptor < 0 { descriptor = try Files.open(path, flags: O_RDONLY) }
            var buffer = ByteBufferAllocator().buffer(capacity: Files.chunkSize)
            let descriptor = descriptor
            let count = buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: Files.chunkSize) { pointer in
                Swift.max(0, read(descriptor, pointer.baseAddress!, Files.chunkSize))
            }
            if count == 0 {
                close(descriptor)
                done = true
                return nil
            }
            return buffer
        }
    }
}

/// `count` bytes cut from one 1 MiB block of random bytes sent over and over, in buffers of
/// `chunkSize` bytes, generated as they are consumed: a large upload that exists on no disk
/// and in no memory.
struct RepeatedBlock: AsyncSequence, Sendable {
    typealias Element = ByteBuffer
    let count: Int64
    let chunkSize: Int
    let block: ByteBuffer

    init(count: Int64, chunkSize: Int = Files.chunkSize) {
        self.count = count
        self.chunkSize = Swift.min(chunkSize, Files.chunkSize)
        var generator = SystemRandomNumberGenerator()
        var block = ByteBufferAllocator().buffer(capacity: Files.chunkSize)
        for _ in 0..<(Files.chunkSize / 8) { block.writeInteger(generator.next() as UInt64) }
        self.block = block
    }

    func makeAsyncIterator() -> Iterator { Iterator(remaining: count, chunkSize: chunkSize, block: block) }

    struct Iterator: AsyncIteratorProtocol {
        var remaining: Int64
        let chunkSize: Int
        let block: ByteBuffer
        var offset = 0

        mutating func next() async throws -> ByteBuffer? {
            guard remaining > 0 else { return nil }
            if offset + chunkSize > block.readableBytes { offset = 0 }
            let length = Int(Swift.min(Int64(chunkSize), remaining))
            remaining -= Int64(length)
            defer { offset += length }
            return block.getSlice(at: block.readerIndex + offset, length: length)
        }
    }
}

/// The process's resident set size, sampled in the background.
final class ResidentMemory: @unchecked Sendable {
    private let lock = NSLock()
    private var samples: [(time: Double, bytes: Int64)] = []
    private var task: Task<Void, Never>?

    /// The current VmRSS of this process, from `/proc/self/status`.
    static func current() -> Int64 {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
            let digits = line.dropFirst(6).trimmingCharacters(in: .whitespaces).split(separator: " ").first ?? "0"
            return (Int64(digits) ?? 0) * 1024
        }
        return 0
    }

    /// Starts sampling every `interval`.
    func start(every interval: Duration = .milliseconds(20)) {
        let begin = ContinuousClock.now
        task = Task.detached { [self] in
            while !Task.isCancelled {
                let sample = (ContinuousClock.now - begin)
                let bytes = Self.current()
                lock.withLock { samples.append((Double(sample.components.seconds) + Double(sample.components.attoseconds) / 1e18, bytes)) }
                try? await Task.sleep(for: interval)
            }
        }
    }

    /// Stops sampling and returns the samples, oldest first.
    func stop() async -> [(time: Double, bytes: Int64)] {
        task?.cancel()
        await task?.value
        return lock.withLock { samples }
    }
}
