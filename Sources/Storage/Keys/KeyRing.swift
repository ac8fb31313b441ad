import Foundation

/// A key that can be rotated without a moment in which what it made stops being accepted: the
/// key that makes (tokens, MACs) and the keys that are accepted as well — the next key while a
/// rotation is prepared, the previous one after it.
///
/// A ring of the key file `name` is up to three ``KeyFile``s in the keys directory: `name`
/// itself (the current key), and beside it `name` with `.next` or `.previous` before its
/// extension (`signing/link.next.key`, `oauth2-signing.previous.pem`). ``rotate(in:name:format:make:)``
/// takes one step at a time:
///
/// 1. *prepare*: a new key becomes the next key. Every instance restarted from then on accepts
///    it, while all of them still make with the current key.
/// 2. *promote*: the current key becomes the previous one and the next key the current one.
///    Instances restarted from then on make with the new key; every instance accepts both.
///
/// Between the steps every instance is restarted once, so no instance ever meets something
/// made with a key it does not accept. What was made with the previous key stays accepted
/// until the next promotion. Files are only created or replaced, never removed (after a
/// promotion the next key is the current one), so that a deployment's shared keys
/// (``DeploymentKeys``) carry every step to the other instances.
///
/// ```swift
/// let ring = try KeyRing.load(in: keysDirectory, name: "signing/link.key", format: .symmetricKey256) { SymmetricKey(size: .bits256) }
/// let mac = HMAC<SHA256>.authenticationCode(for: message, using: ring.current)
/// let accepted = ring.accepted.contains { HMAC<SHA256>.isValidAuthenticationCode(code, authenticating: message, using: $0) }
/// ```
public struct KeyRing<Key: Sendable>: Sendable {
    /// The key that makes.
    public let current: Key
    /// Every key accepted: the current one first, then the next and the previous ones when
    /// there are such keys.
    public let accepted: [Key]

    /// A ring whose current key is `current`, accepting also `others`.
    public init(current: Key, others: [Key] = []) {
        self.current = current
        self.accepted = [current] + others
    }

    /// The ring of key file `name` in `directory`, whose current key is made with `make` when
    /// there is none yet.
    ///
    /// - Throws: ``KeyFileError``, or what `make` throws.
    public static func load(in directory: String, name: String, format: KeyFileFormat<Key>, make: () throws -> Key) throws -> KeyRing {
        let files = Files(directory: directory, name: name)
        let current = try files.current.loadOrCreate(format, make: make)
        let currentBytes = try files.current.load(.bytes)
        var others: [Key] = []
        for file in [files.next, files.previous] {
            guard let bytes = try file.load(.bytes), bytes != currentBytes, let key = try file.load(format) else { continue }
            others.append(key)
        }
        return KeyRing(current: current, others: others)
    }

    /// Takes the next step of the rotation of key file `name` in `directory`: prepares one
    /// with a key from `make` when none is prepared, else promotes the prepared key.
    ///
    /// - Returns: The step taken.
    /// - Throws: ``KeyFileError``, or what `make` throws; ``KeyFileError`` also when there is
    ///   no current key (the server has not started once).
    public static func rotate(in directory: String, name: String, format: KeyFileFormat<Key>, make: () throws -> Key) throws -> KeyRotationStep {
        let files = Files(directory: directory, name: name)
        guard let current = try files.current.load(.bytes) else {
            throw KeyFileError.unreadable(path: files.current.path, reason: "there is no key to rotate yet; start the server once first")
        }
        guard let next = try files.next.load(.bytes), next != current else {
            let key = try make()
            if try !files.next.create(with: key, as: format) { try files.next.replace(with: key, as: format) }
            return .prepared
        }
        // The next key must be one of this format before it is made current.
        _ = try files.next.load(format)
        if try !files.previous.create(with: current, as: .bytes) { try files.previous.replace(with: current, as: .bytes) }
        try files.current.replace(with: next, as: .bytes)
        return .promoted
    }

    /// The files of a ring.
    private struct Files {
        let current: KeyFile
        let next: KeyFile
        let previous: KeyFile

        init(directory: String, name: String) {
            current = KeyFile(directory: directory, name: name)
            // The extension starts at the last dot of the file's own name, not of a directory's.
            let nameStart = name.lastIndex(of: "/").map { name.index(after: $0) } ?? name.startIndex
            let dot = name[nameStart...].lastIndex(of: ".").flatMap { $0 == nameStart ? nil : $0 } ?? name.endIndex
            next = KeyFile(directory: directory, name: name[..<dot] + ".next" + name[dot...])
            previous = KeyFile(directory: directory, name: name[..<dot] + ".previous" + name[dot...])
        }
    }
}

/// A step of a key's rotation, as ``KeyRing/rotate(in:name:format:make:)`` took it.
public enum KeyRotationStep: String, Sendable {
    /// A new key became the next key.
    case prepared
    /// The next key became the current one, the current one the previous one.
    case promoted
}
