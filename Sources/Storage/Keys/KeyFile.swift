import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One file of key material in the server's keys directory, such as `keys/log.key` or
/// `keys/signing/ca.pem`: the one way every key of the server is read and written.
///
/// - A new file is written whole to a temporary file (mode 0600, fsynced) in the same
///   directory and hard-linked to its name, which fails when the name exists: the file
///   appears complete or not at all, and an existing key is never overwritten. When two
///   processes start at once on a shared directory, one key wins and both use it.
/// - The directory is created with mode 0700.
/// - An existing file that cannot be read or does not hold a key of its format is an error
///   (``KeyFileError``) that names the file and what to do: never "absent, so make a new one",
///   which would silently replace a key clients have pinned.
/// - ``replace(with:as:)`` is for a deliberate rotation only (a seal certificate renewed
///   before it expires): the new file is renamed over the old one, again whole or not at all.
///
/// ```swift
/// let file = KeyFile(directory: keysDirectory, name: "signing/link.key")
/// let key = try file.loadOrCreate(.symmetricKey256) { SymmetricKey(size: .bits256) }
/// ```
public struct KeyFile: Sendable, CustomStringConvertible {
    /// The file's path.
    public let path: String

    /// The file `name` (which may include directories, such as `signing/link.key`) in
    /// `directory`.
    public init(directory: String, name: String) {
        path = URL(fileURLWithPath: directory).appendingPathComponent(name).path
    }

    /// The file's path.
    public var description: String { path }

    /// The directory that holds the file.
    public var directory: String { URL(fileURLWithPath: path).deletingLastPathComponent().path }

    // MARK: Reading

    /// The key in the file, or `nil` when there is no file.
    ///
    /// - Throws: ``KeyFileError/unreadable(path:reason:)`` or
    ///   ``KeyFileError/malformed(path:expected:reason:)``.
    public func load<Key>(_ format: KeyFileFormat<Key>) throws(KeyFileError) -> Key? {
        guard let data = try contents() else { return nil }
        do {
            return try format.decode(data)
        } catch {
            throw .malformed(path: path, expected: format.contents, reason: "\(error)")
        }
    }

    /// The key in the file, after creating the file with the key `make` returns when there is
    /// none. When another process creates the file first, its key is returned.
    ///
    /// - Throws: ``KeyFileError``, or what `make` throws.
    public func loadOrCreate<Key>(_ format: KeyFileFormat<Key>, make: () throws -> Key) throws -> Key {
        if let existing = try load(format) { return existing }
        let key = try make()
        if try create(with: key, as: format) { return key }
        guard let winner = try load(format) else {
            throw KeyFileError.unwritable(path: path, reason: "it vanished as it was created")
        }
        return winner
    }

    /// The file's bytes, or `nil` when there is no file.
    private func contents() throws(KeyFileError) -> Data? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let error = errno
            var status = stat()
            // A symbolic link to nothing is a file that cannot be read, not an absent one.
            if error == ENOENT, lstat(path, &status) != 0 { return nil }
            throw .unreadable(path: path, reason: Self.systemError(error))
        }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        do {
            return try handle.readToEnd() ?? Data()
        } catch {
            throw .unreadable(path: path, reason: "\(error.localizedDescription)")
        }
    }

    // MARK: Writing

    /// Writes `key` to the file unless it exists.
    ///
    /// - Returns: Whether this call created the file (`false`: it existed and is untouched).
    @discardableResult
    public func create<Key>(with key: Key, as format: KeyFileFormat<Key>) throws(KeyFileError) -> Bool {
        let temporary = try writeTemporary(try encode(key, as: format))
        defer { unlink(temporary) }
        guard link(temporary, path) == 0 else {
            if errno == EEXIST { return false }
            throw .unwritable(path: path, reason: Self.systemError(errno))
        }
        syncDirectory()
        return true
    }

    /// Replaces the file's key by `key` in one step (a rename): for a deliberate rotation.
    public func replace<Key>(with key: Key, as format: KeyFileFormat<Key>) throws(KeyFileError) {
        let temporary = try writeTemporary(try encode(key, as: format))
        guard rename(temporary, path) == 0 else {
            let error = errno
            unlink(temporary)
            throw .unwritable(path: path, reason: Self.systemError(error))
        }
        syncDirectory()
    }

    /// The bytes of `key` in `format`.
    private func encode<Key>(_ key: Key, as format: KeyFileFormat<Key>) throws(KeyFileError) -> Data {
        do {
            return try format.encode(key)
        } catch {
            throw .unwritable(path: path, reason: "the key cannot be encoded: \(error)")
        }
    }

    /// Writes `data` to a new temporary file (mode 0600) next to the file, fsynced, after
    /// creating the directory (mode 0700); returns its path.
    private func writeTemporary(_ data: Data) throws(KeyFileError) -> String {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw .unwritable(path: path, reason: "its directory cannot be created: \(error.localizedDescription)")
        }
        let temporary = "\(path).\(UUID().uuidString).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .unwritable(path: path, reason: Self.systemError(errno)) }
        var written = 0
        var failure: Int32?
        data.withUnsafeBytes { buffer in
            while written < buffer.count, failure == nil {
                let count = write(descriptor, buffer.baseAddress! + written, buffer.count - written)
                if count > 0 {
                    written += count
                } else if errno != EINTR {
                    failure = errno
                }
            }
        }
        if failure == nil, fsync(descriptor) != 0 { failure = errno }
        close(descriptor)
        if let failure {
            unlink(temporary)
            throw .unwritable(path: path, reason: Self.systemError(failure))
        }
        return temporary
    }

    /// Flushes the directory, so that a new name survives a crash as well as the file does.
    private func syncDirectory() {
        let descriptor = open(directory, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }

    /// The text of the system error `code`.
    private static func systemError(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
