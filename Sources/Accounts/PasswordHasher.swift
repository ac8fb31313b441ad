import Crypto
import Foundation
import HummingbirdBcrypt
import Metrics
import NIOPosix
import Synchronization

/// Hashes and checks passwords with bcrypt, off the async executors.
///
/// bcrypt is slow by design (about a quarter of a second at cost 12), and HTTP Basic sends
/// the password with every request. So a successful check is remembered for
/// ``verifiedLifetime``, keyed by a SHA-256 of the stored hash and the password: repeating
/// the same credentials costs one hash, while a changed password (a new stored hash) or a
/// wrong one always goes through bcrypt. Every bcrypt check counts in the metric
/// `chancery_password_bcrypt_checks_total`.
public final class PasswordHasher: Sendable {
    /// The bcrypt cost factor of new hashes.
    public let cost: UInt8
    /// How long a successful check is remembered.
    public let verifiedLifetime: Duration
    private let verified = Mutex<[String: ContinuousClock.Instant]>([:])
    private static let verifiedCapacity = 10_000

    /// Creates a hasher. Tests may lower `cost`; production keeps the default.
    public init(cost: UInt8 = 12, verifiedLifetime: Duration = .seconds(300)) {
        self.cost = cost
        self.verifiedLifetime = verifiedLifetime
    }

    /// The bcrypt hash of `password`.
    public func hash(_ password: String) async throws -> String {
        let cost = self.cost
        return try await NIOThreadPool.singleton.runIfActive { Bcrypt.hash(password, cost: cost) }
    }

    /// Whether `password` matches the bcrypt `hash`.
    public func verify(_ password: String, hash: String) async throws -> Bool {
        let key = Secret.hash(hash + "\u{0}" + password)
        let now = ContinuousClock.now
        if let until = verified.withLock({ $0[key] }), until > now { return true }
        Counter(label: "chancery_password_bcrypt_checks_total").increment()
        let matches = try await NIOThreadPool.singleton.runIfActive { Bcrypt.verify(password, hash: hash) }
        if matches {
            verified.withLock { cache in
                if cache.count >= Self.verifiedCapacity { cache.removeAll() }
                cache[key] = now + verifiedLifetime
            }
        }
        return matches
    }
}
