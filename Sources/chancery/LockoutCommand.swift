import Accounts
import ArgumentParser
import Foundation

/// `chancery lockout`: the user names and client addresses that failed too many password,
/// API key or OAuth2 client checks, and clearing them.
struct LockoutCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lockout",
        abstract: "List and clear lock-outs after failed sign-ins.",
        discussion: """
            Failed checks are kept in the database, so these commands work next to a running \
            server (with the same --data or --database) and take effect at its next check.

            Examples:
              chancery lockout list
              chancery lockout clear --user alice
              chancery lockout clear --address 192.0.2.7
            """,
        subcommands: [List.self, Clear.self]
    )

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List user names and addresses with failed checks, locked ones first.",
            discussion: """
                Example:
                  chancery lockout list --data ./chancery-data
                """
        )

        @OptionGroup var store: StoreOptions

        func run() async throws {
            let now = Date()
            let lockouts = try await store.withAccounts { try await $0.throttle.lockouts(now: now) }
            let rows = lockouts.map { lockout in
                [
                    lockout.subject.kind.rawValue, lockout.subject.name, "\(lockout.failures)",
                    lockout.lastFailureAt.formatted(.iso8601),
                    lockout.isLocked(at: now) ? lockout.lockedUntil?.formatted(.iso8601) ?? "" : "not locked",
                ]
            }
            print(Table(header: ["KIND", "SUBJECT", "FAILURES", "LAST FAILURE", "LOCKED UNTIL"], rows: rows).text, terminator: "")
        }
    }

    struct Clear: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Forget the failures of a user name or a client address, ending its lock-out.",
            discussion: """
                Examples:
                  chancery lockout clear --user alice
                  chancery lockout clear --address 127.0.0.1
                """
        )

        @OptionGroup var store: StoreOptions

        @Option(name: .long, help: ArgumentHelp("The user name to clear.", valueName: "name"))
        var user: String?

        @Option(name: .long, help: ArgumentHelp("The client address to clear.", valueName: "address"))
        var address: String?

        func validate() throws {
            guard (user == nil) != (address == nil) else { throw ValidationError("give exactly one of --user and --address") }
        }

        func run() async throws {
            let subject = user.map(LockoutSubject.user) ?? .address(address ?? "")
            let cleared = try await store.withAccounts { try await $0.throttle.clear(subject) }
            print(cleared ? "cleared \(subject)" : "no failures recorded for \(subject)")
        }
    }
}
