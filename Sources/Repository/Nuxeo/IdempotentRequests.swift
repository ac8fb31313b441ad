import Foundation
import HTTPTypes
import SQLKit
import Storage

/// The writes that clients named with an `Idempotency-Key`, and what they were answered, in
/// the database (`repo_idempotent_requests`), so that every instance of a deployment answers a
/// repeated write the same way.
///
/// A key belongs to the principal that sent it: another user's request with the same key is a
/// request of its own, and never sees the first one's answer. A key is *in progress* from the
/// moment its first request starts until that request's answer is recorded, or forgotten when
/// the answer was an error; an answer is kept for ``retention``. A key whose request never
/// ended (its instance was killed) is free again after ``abandonment``.
///
/// ```swift
/// switch try await requests.begin(key, principalID: user) {
/// case .started: … run the request, then requests.complete(…) or requests.forget(…)
/// case .inProgress: … 409
/// case .completed(let answer): … replay answer
/// }
/// ```
struct IdempotentRequests: Sendable {
    /// How long an answer is replayed.
    static let retention: TimeInterval = 24 * 3600
    /// How long a request may stay in progress before its key is free again.
    static let abandonment: TimeInterval = 3600
    /// The largest answer body that is kept; a larger answer is not replayed, and its key is
    /// free again once it is sent.
    static let largestBody = 5 * 1024 * 1024
    /// The longest key accepted.
    static let longestKey = 255

    /// A recorded answer.
    struct Answer: Sendable, Equatable {
        /// The status code.
        var status: Int
        /// The header fields, in order, without those of the connection.
        var headers: [[String]]
        /// The body.
        var body: Data
    }

    /// What ``begin(_:principalID:now:)`` found.
    enum Start: Sendable, Equatable {
        /// The key is this request's: run it.
        case started
        /// Another request with the key is running.
        case inProgress
        /// A request with the key was answered with this.
        case completed(Answer)
    }

    /// The database with the ``RepositoryMigrations`` applied.
    let database: Database

    /// Claims `key` for a request of `principalID`, unless a request with it is in progress or
    /// was answered.
    func begin(_ key: String, principalID: String, now: Date = Date()) async throws -> Start {
        try await database.withTransaction(serializedBy: Self.lock(key, principalID)) { sql in
            try await sql.delete(from: "repo_idempotent_requests").where("expires_at", .lessThan, now.millisecondsSince1970).run()
            let row = try await sql.select().columns(IdempotentRequestRow.columns).from("repo_idempotent_requests")
                .where("principal_id", .equal, principalID).where("request_key", .equal, key)
                .first(decoding: IdempotentRequestRow.self)
            if let row {
                guard let answer = try row.answer() else { return .inProgress }
                return .completed(answer)
            }
            try await sql.insert(into: "repo_idempotent_requests")
                .columns("principal_id", "request_key", "completed", "expires_at")
                .values(SQLBind(principalID), SQLBind(key), SQLBind(0), SQLBind(now.addingTimeInterval(Self.abandonment).millisecondsSince1970))
                .run()
            return .started
        }
    }

    /// Records `answer` as the answer to the request that holds `key`.
    func complete(_ key: String, principalID: String, with answer: Answer, now: Date = Date()) async throws {
        let headers = String(decoding: try JSONEncoder().encode(answer.headers), as: UTF8.self)
        try await database.withConnection { sql in
            try await sql.update("repo_idempotent_requests")
                .set("completed", to: SQLBind(1))
                .set("expires_at", to: SQLBind(now.addingTimeInterval(Self.retention).millisecondsSince1970))
                .set("status", to: SQLBind(answer.status))
                .set("headers", to: SQLBind(headers))
                .set("body", to: SQLBind(answer.body))
                .where("principal_id", .equal, principalID).where("request_key", .equal, key)
                .run()
        }
    }

    /// Frees `key` after its request failed or was answered with an error, or with more than
    /// can be kept.
    func forget(_ key: String, principalID: String) async throws {
        try await database.withConnection { sql in
            try await sql.delete(from: "repo_idempotent_requests")
                .where("principal_id", .equal, principalID).where("request_key", .equal, key)
                .run()
        }
    }

    private static func lock(_ key: String, _ principalID: String) -> Int64 {
        Database.lock(named: "idempotent request \(principalID) \(key)")
    }
}
