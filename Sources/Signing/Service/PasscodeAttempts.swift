import Foundation
import SQLKit
import Storage

/// Counts passcode attempts per signing link and locks a link out for ``lockout`` after
/// ``limit`` wrong passcodes in a row, so that a short passcode cannot be guessed by trying.
///
/// An attempt is counted when it starts, before bcrypt has answered, so that guesses sent in
/// parallel cannot outrun the limit; a right passcode forgets the count, and so does a quiet
/// ``lockout`` period after the last attempt.
///
/// The counts live in the database (`signing_passcode_attempts`), so a restart keeps them and
/// every instance on a shared database counts together. Each attempt is one transaction; on
/// PostgreSQL it holds an advisory lock of its link, so that two instances never count one
/// attempt twice or lose one.
///
/// ```swift
/// if let lockedUntil = try await attempts.begin(on: link) { … 429 until lockedUntil … }
/// if passcodeIsRight { try await attempts.succeeded(on: link) }
/// ```
struct PasscodeAttempts: Sendable {
    /// Wrong passcodes in a row that lock a link out.
    static let limit = 5
    /// How long a link stays locked out, and how long a count lasts without attempts.
    static let lockout: TimeInterval = 15 * 60

    /// The database with the ``SigningMigrations`` applied.
    let database: Database

    /// Counts an attempt on `link` (any string that names one recipient's current link) at
    /// `now`.
    ///
    /// - Returns: When the link may be tried again, if it is locked out and this attempt must
    ///   be refused; `nil` when the passcode may be checked.
    func begin(on link: String, now: Date = Date()) async throws -> Date? {
        try await database.withTransaction(serializedBy: Database.lock(named: "passcode attempts " + link)) { sql in
            try await sql.delete(from: "signing_passcode_attempts")
                .where("updated_at", .lessThan, now.addingTimeInterval(-Self.lockout))
                .run()
            let row = try await sql.select().columns(PasscodeAttemptRow.columns).from("signing_passcode_attempts")
                .where("link", .equal, link)
                .first(decoding: PasscodeAttemptRow.self)
            var attempts = row?.attempts ?? 0
            if let lockedUntil = row?.lockedUntil {
                if lockedUntil > now { return lockedUntil }
                attempts = 0
            }
            attempts += 1
            let lockedUntil = attempts >= Self.limit ? now.addingTimeInterval(Self.lockout) : nil
            try await sql.insert(into: "signing_passcode_attempts")
                .columns("link", "attempts", "locked_until", "updated_at")
                .values([link, attempts, lockedUntil, now] as [any Encodable & Sendable])
                .onConflict(with: ["link"]) { update in
                    update.set(excludedValueOf: "attempts").set(excludedValueOf: "locked_until").set(excludedValueOf: "updated_at")
                }
                .run()
            return nil
        }
    }

    /// Forgets the attempts on `link` after a right passcode.
    func succeeded(on link: String) async throws {
        try await database.withConnection { sql in
            try await sql.delete(from: "signing_passcode_attempts").where("link", .equal, link).run()
        }
    }
}
