import Accounts
import HTTPSupport
import Hummingbird
import Logging
import Storage

/// The Signing capability as the server assembles it.
public struct SigningCapability: Sendable {
}
