import Crypto
import Foundation
import SQLKit
import Storage

/// Device tokens: long-lived credentials for one (user, application, device), the scheme of
/// Nuxeo's `authentication/token` endpoint.
///
/// The same device must get the same token each time it asks, yet tokens are stored only as
/// hashes. So a token is derived, not stored: an HMAC under a server key (kept outside the
/// database) of the user, application, device and a random nonce. Asking again recomputes it
/// from the stored nonce; revoking deletes the row, and the next request draws a new nonce.
extension AccountStore {
    /// The token of `principal` for `application` on `deviceID`, created on first request.
    ///
    /// - Parameters:
    ///   - key: The server's token-derivation key; the same key must be passed every time.
    ///   - permission: The permission the client asked for (recorded, for operators).
    ///   - description: The client's description of the device, if any.
    public func deviceToken(
        for principal: Principal, application: String, deviceID: String, permission: String,
        description: String?, key: SymmetricKey
    ) async throws -> DeviceToken {
        try await database.withTransaction { sql in
            if let nonce = try await sql.select().column("nonce").from("account_device_tokens")
                .where("user_id", .equal, principal.userID).where("application", .equal, application)
                .where("device_id", .equal, deviceID).first(decodingColumn: "nonce", as: String.self)
            {
                return DeviceToken(token: Self.deriveToken(principal.userID, application, deviceID, nonce, key: key), isNew: false)
            }
            let nonce = Secret.randomText(byteCount: 16)
            let token = Self.deriveToken(principal.userID, application, deviceID, nonce, key: key)
            try await sql.insert(into: "account_device_tokens")
                .columns("secret_hash", "user_id", "application", "device_id", "permission", "description", "nonce", "created_at")
                .values(
                    SQLBind(Secret.hash(token)), SQLBind(principal.userID), SQLBind(application), SQLBind(deviceID),
                    SQLBind(permission), SQLBind(description), SQLBind(nonce), SQLBind(Date())
                )
                .run()
            return DeviceToken(token: token, isNew: true)
        }
    }

    /// Revokes the token of `principal` for `application` on `deviceID`.
    ///
    /// - Returns: Whether there was one.
    public func revokeDeviceToken(for principal: Principal, application: String, deviceID: String) async throws -> Bool {
        try await changeAccess { sql in
            let query = sql.select().column("secret_hash").from("account_device_tokens")
                .where("user_id", .equal, principal.userID).where("application", .equal, application)
                .where("device_id", .equal, deviceID)
            guard try await query.first() != nil else { return false }
            try await sql.delete(from: "account_device_tokens")
                .where("user_id", .equal, principal.userID).where("application", .equal, application)
                .where("device_id", .equal, deviceID).run()
            return true
        }
    }

    /// The principal a device token belongs to, or `nil` when it is unknown or revoked.
    public func authenticate(deviceToken: String) async throws -> Principal? {
        try await authenticate(secret: deviceToken, table: "account_device_tokens", condition: SQLLiteral.boolean(true), credential: .deviceToken)
    }

    private static func deriveToken(_ userID: String, _ application: String, _ deviceID: String, _ nonce: String, key: SymmetricKey) -> String {
        let message = [userID, application, deviceID, nonce].joined(separator: "\n")
        let mac = HMAC<SHA256>.authenticationCode(for: Data(message.utf8), using: key)
        return "nxt_" + Base64URL.encode(mac)
    }
}
