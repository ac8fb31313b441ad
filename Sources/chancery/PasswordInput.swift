import Accounts
import ArgumentParser
import Foundation

/// Where a command gets a new password: the first line of standard input with
/// `--password-stdin`, or a random one that the command prints once.
struct PasswordInput: ParsableArguments {
    @Flag(name: .customLong("password-stdin"), help: "Read the password from the first line of standard input instead of generating one.")
    var fromStandardInput = false

    /// The password, and whether it was generated (and so must be shown).
    func password() throws -> (password: String, generated: Bool) {
        guard fromStandardInput else { return (Secret.randomText(byteCount: 18), true) }
        guard let line = readLine(strippingNewline: true), !line.isEmpty else {
            throw ConfigurationError("--password-stdin was given but standard input has no password")
        }
        return (line, false)
    }
}
