import Accounts
import Foundation

/// Checks a user name and password for the intdash sign-in points (the sign-in page, the
/// `password` grant and `/api/v1/authn`), through the accounts' ``Accounts/CredentialThrottle``:
/// the same count of failures as HTTP Basic everywhere else.
struct OAuth2PasswordSignIn: Sendable {
    /// What a check found.
    enum Outcome: Sendable {
        /// The password is right: the user.
        case signedIn(Principal)
        /// The name or the password is wrong.
        case refused
        /// The name or the client's address is locked out after too many failures; the
        /// password was not checked.
        case locked(TooManyFailedAttempts)
    }

    /// The accounts the passwords are checked against.
    let accounts: AccountStore

    /// Checks `password` for `userName`, sent from `clientAddress` (`nil` when the caller
    /// counts the address itself), unless either is locked out.
    func check(userName: String, password: String, clientAddress: String?) async throws -> Outcome {
        do {
            guard let principal = try await accounts.authenticate(userName: userName, password: password, clientAddress: clientAddress) else {
                return .refused
            }
            return .signedIn(principal)
        } catch let locked as TooManyFailedAttempts {
            return .locked(locked)
        }
    }
}
