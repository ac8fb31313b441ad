import Crypto
import Foundation
import SQLKit

/// The server's key files, shared by every instance of a deployment through the database.
///
/// Each instance keeps its keys where a single server does (``KeyFile``s in `DIR/keys`); the
/// database holds a copy of each file sealed (AES-256-GCM, bound to the file's name) with the
/// key-encryption key that the operator gives every instance. At start-up
/// ``synchronize(_:)`` writes the deployment's keys that this instance lacks into its keys
/// directory, lets the capabilities load or create their keys there, and seals into the
/// database every key file that is not there yet. On PostgreSQL the whole step holds an
/// advisory lock, so instances that start together on an empty database agree on one key of
/// each name: the first makes it, the others receive it. A local file that differs from the
/// deployment's key of its name stops start-up (``DeploymentKeysError/conflict(path:name:)``);
/// neither is overwritten.
///
/// The one exception is a deliberate rotation (``KeyFile/replace(with:as:)``, such as the seal
/// certificate renewed before it expires): a key file that `body` replaced becomes the
/// deployment's key of its name, recorded as replacing the one before; an instance that still
/// has that one takes the new key at its next start. An instance that missed two rotations of
/// a key stops with the conflict.
///
/// The key-encryption key itself rotates without downtime: an instance given the new key and
/// the previous one opens keys sealed with either and seals those it opened with the previous
/// key again with the new one. Restarted one by one with both, the instances all end up on the
/// new key (those not restarted yet keep running on the keys they loaded); the previous key can
/// then be dropped.
///
/// ```swift
/// let keys = DeploymentKeys(database: database, directory: keysDirectory, encryptionKey: kek)
/// let capabilities = try await keys.synchronize { try await openCapabilities() }
/// ```
public struct DeploymentKeys: Sendable {
    /// The advisory lock that serialises start-ups of a deployment's instances.
    static let lockID: Int64 = 0x4368_616E_4B65_7973
    /// The database that holds the sealed keys.
    public let database: Database
    /// This instance's keys directory.
    public let directory: String
    private let encryptionKey: SymmetricKey
    private let previousEncryptionKey: SymmetricKey?

    /// The keys of `directory`, shared through `database`, sealed with `encryptionKey`; keys
    /// still sealed with `previousEncryptionKey`, during a rotation of the key-encryption key,
    /// are opened with it and sealed again with `encryptionKey`.
    public init(database: Database, directory: String, encryptionKey: SymmetricKey, previousEncryptionKey: SymmetricKey? = nil) {
        self.database = database
        self.directory = directory
        self.encryptionKey = encryptionKey
        self.previousEncryptionKey = previousEncryptionKey
    }

    /// Writes the deployment's keys into the directory, runs `body`, which loads or creates
    /// the keys it needs there, and seals the key files the database lacks into it.
    ///
    /// - Returns: What `body` returns.
    /// - Throws: ``DeploymentKeysError``, ``KeyFileError``, a database error, or what `body` throws.
    public func synchronize<Result>(_ body: () async throws -> Result) async throws -> Result {
        guard database.engine == .postgres else { return try await exchange(on: nil, body) }
        // The lock's connection also reads and writes the keys, so that a start-up waiting for
        // the lock never holds a connection the one holding it needs.
        return try await database.withConnection { lockHolder in
            try await lockHolder.raw("SELECT pg_advisory_lock(\(bind: Self.lockID))").run()
            do {
                let result = try await exchange(on: lockHolder, body)
                try await lockHolder.raw("SELECT pg_advisory_unlock(\(bind: Self.lockID))").run()
                return result
            } catch {
                try? await lockHolder.raw("SELECT pg_advisory_unlock(\(bind: Self.lockID))").run()
                throw error
            }
        }
    }

    /// The three steps of ``synchronize(_:)``, without the lock, on `connection` or, when it
    /// is `nil`, on connections of the pool taken for each statement.
    private func exchange<Result>(on connection: (any SQLDatabase)?, _ body: () async throws -> Result) async throws -> Result {
        let shared = try await sharedKeys(on: connection)
        for (name, key) in shared {
            let file = KeyFile(directory: directory, name: name)
            guard let local = try file.load(.bytes) else {
                try file.create(with: key.contents, as: .bytes)
                continue
            }
            if local == key.contents { continue }
            guard key.replaces == Self.digest(of: local) else { throw DeploymentKeysError.conflict(path: file.path, name: name) }
            // Another instance rotated this key since this one last started.
            try file.replace(with: key.contents, as: .bytes)
        }
        let result = try await body()
        for name in try localKeyNames() {
            guard let contents = try KeyFile(directory: directory, name: name).load(.bytes) else { continue }
            if let known = shared[name] {
                // `body` replaced the file: a deliberate rotation.
                if contents != known.contents { try await rotate(name, to: contents, replacing: known.contents, on: connection) }
            } else {
                try await store(contents, as: name, on: connection)
            }
        }
        return result
    }

    /// Runs `work` on `connection`, or on a connection of the pool when it is `nil`.
    private func run<Value>(on connection: (any SQLDatabase)?, _ work: (any SQLDatabase) async throws -> Value) async throws -> Value {
        if let connection { return try await work(connection) }
        return try await database.withConnection(work)
    }

    /// The deployment's keys in the database, opened, by name, each with the digest of the key
    /// it replaced when it was rotated. A key that opens only with the previous key-encryption
    /// key is sealed again with the current one.
    private func sharedKeys(on connection: (any SQLDatabase)?) async throws -> [String: (contents: Data, replaces: String?)] {
        let rows = try await run(on: connection) { sql in
            try await sql.select().columns("name", "sealed", "replaces").from("deployment_keys").orderBy("name").all()
        }
        var keys: [String: (contents: Data, replaces: String?)] = [:]
        for row in rows {
            let name = try row.decode(column: "name", as: String.self)
            let sealed = try row.decode(column: "sealed", as: Data.self)
            let replaces = try row.decode(column: "replaces", as: String?.self)
            if let contents = Self.open(sealed, as: name, with: encryptionKey) {
                keys[name] = (contents, replaces)
            } else if let previousEncryptionKey, let contents = Self.open(sealed, as: name, with: previousEncryptionKey) {
                try await reseal(name, contents, replacing: sealed, on: connection)
                keys[name] = (contents, replaces)
            } else {
                throw DeploymentKeysError.cannotUnseal(name: name)
            }
        }
        return keys
    }

    /// The contents of key `name` sealed as `sealed`, or `nil` when it does not open with `key`.
    private static func open(_ sealed: Data, as name: String, with key: SymmetricKey) -> Data? {
        try? AES.GCM.open(AES.GCM.SealedBox(combined: sealed), using: key, authenticating: Data(name.utf8))
    }

    /// Seals key `name` again with the current key-encryption key, unless its row changed
    /// since it was read as `previous`.
    private func reseal(_ name: String, _ contents: Data, replacing previous: Data, on connection: (any SQLDatabase)?) async throws {
        let sealed = try AES.GCM.seal(contents, using: encryptionKey, authenticating: Data(name.utf8)).combined!
        try await run(on: connection) { sql in
            try await sql.update("deployment_keys")
                .set("sealed", to: SQLBind(sealed))
                .where("name", .equal, name)
                .where("sealed", .equal, SQLBind(previous))
                .run()
        }
    }

    /// Makes `contents` the deployment's key `name`, recorded as replacing `previous`.
    private func rotate(_ name: String, to contents: Data, replacing previous: Data, on connection: (any SQLDatabase)?) async throws {
        let sealed = try AES.GCM.seal(contents, using: encryptionKey, authenticating: Data(name.utf8)).combined!
        try await run(on: connection) { sql in
            try await sql.update("deployment_keys")
                .set("sealed", to: SQLBind(sealed))
                .set("replaces", to: Self.digest(of: previous))
                .set("created_at", to: Int64(Date().timeIntervalSince1970))
                .where("name", .equal, name)
                .run()
        }
    }

    /// The SHA-256 of `contents`, in hex: how a rotated key names the one it replaced.
    private static func digest(of contents: Data) -> String {
        SHA256.hash(data: contents).hex
    }

    /// Seals `contents` and stores it as key `name`, unless the database has that key.
    private func store(_ contents: Data, as name: String, on connection: (any SQLDatabase)?) async throws {
        let sealed = try AES.GCM.seal(contents, using: encryptionKey, authenticating: Data(name.utf8)).combined!
        try await run(on: connection) { sql in
            try await sql.insert(into: "deployment_keys")
                .columns("name", "sealed", "created_at")
                .values(SQLBind(name), SQLBind(sealed), SQLBind(Int64(Date().timeIntervalSince1970)))
                .ignoringConflicts(with: ["name"])
                .run()
        }
    }

    /// The names of the key files under the directory (`log.key`, `signing/link.key`, …),
    /// without the temporary files of a write in progress.
    private func localKeyNames() throws -> [String] {
        guard let paths = FileManager.default.enumerator(atPath: directory)?.allObjects as? [String] else { return [] }
        return paths.filter { path in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: directory + "/" + path, isDirectory: &isDirectory)
                && !isDirectory.boolValue && !path.hasSuffix(".tmp")
        }.sorted()
    }
}
