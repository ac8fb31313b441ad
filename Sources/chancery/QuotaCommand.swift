import ArgumentParser
import ChanceryServer
import Foundation
import Storage

/// `chancery quota`: per-user and per-group storage quotas, and what each user holds.
struct QuotaCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "quota",
        abstract: "Set, list and clear storage quotas.",
        discussion: """
            Quotas are off until one is set. A user's own quota wins; without one, the largest \
            quota of the user's groups applies. A user's usage is what the user's upload batches \
            hold plus the blobs of the documents the user created (each document counts its \
            blobs). An upload that would go past the quota is refused with 507. Quotas are kept \
            in the database, so these commands work next to a running server (with the same \
            --data or --database) and take effect at its next upload.

            Examples:
              chancery quota set --user alice 10GiB
              chancery quota set --group staff 1GiB
              chancery quota list
              chancery quota clear --group staff
            """,
        subcommands: [Set.self, List.self, Clear.self]
    )

    /// The `--user` or `--group` a subcommand names, exactly one of them.
    struct SubjectOptions: ParsableArguments {
        @Option(name: .long, help: ArgumentHelp("The user the quota is for.", valueName: "name"))
        var user: String?

        @Option(name: .long, help: ArgumentHelp("The group whose members the quota is for.", valueName: "name"))
        var group: String?

        func validate() throws {
            guard (user == nil) != (group == nil) else { throw ValidationError("give exactly one of --user and --group") }
        }

        /// The subject named.
        var subject: QuotaSubject {
            user.map(QuotaSubject.user) ?? .group(group ?? "")
        }
    }

    struct Set: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Set (or replace) the quota of a user or a group.",
            discussion: """
                The size is a number of bytes, optionally with a unit: KB, MB, GB, TB (powers \
                of 1000) or KiB, MiB, GiB, TiB (powers of 1024).

                Examples:
                  chancery quota set --user alice 10GiB
                  chancery quota set --group staff 500MB
                """
        )

        @OptionGroup var store: StoreOptions
        @OptionGroup var subject: SubjectOptions

        @Argument(help: ArgumentHelp("The most bytes allowed, such as 10GiB.", valueName: "size"))
        var size: ByteSize

        func run() async throws {
            let subject = subject.subject
            try await store.withAdministration { try await $0.setQuota(StorageQuota(subject: subject, bytes: size.bytes)) }
            print("set the quota of \(subject) to \(size.bytes) bytes")
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the quotas, with each user's usage and the limit that governs it.",
            discussion: """
                Every user with a quota of their own or a member of a group with one is listed.

                Example:
                  chancery quota list --data ./chancery-data
                """
        )

        @OptionGroup var store: StoreOptions

        func run() async throws {
            let (quotas, usage) = try await store.withAdministration { (try await $0.quotas(), try await $0.quotaUsage()) }
            let quotaRows = quotas.map { ["\($0.subject)", "\($0.bytes)"] }
            let usageRows = usage.map { [$0.userName, "\($0.usedBytes)", $0.limitBytes.map { "\($0)" } ?? "-"] }
            print(Table(header: ["QUOTA OF", "BYTES"], rows: quotaRows).text)
            print(Table(header: ["USER", "USED BYTES", "LIMIT BYTES"], rows: usageRows).text, terminator: "")
        }
    }

    struct Clear: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Remove the quota of a user or a group.",
            discussion: """
                Examples:
                  chancery quota clear --user alice
                  chancery quota clear --group staff
                """
        )

        @OptionGroup var store: StoreOptions
        @OptionGroup var subject: SubjectOptions

        func run() async throws {
            let subject = subject.subject
            let cleared = try await store.withAdministration { try await $0.clearQuota(subject) }
            print(cleared ? "cleared the quota of \(subject)" : "\(subject) has no quota")
        }
    }
}

/// A size argument (`10GiB`) on the command line.
extension ByteSize: ExpressibleByArgument {
    /// The size `argument` states (``ByteSize/init(parsing:)``).
    public init?(argument: String) {
        self.init(parsing: argument)
    }
}
