import Accounts
import ArgumentParser

/// `chancery group`: groups of users, the unit permissions are granted to.
struct GroupCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "group",
        abstract: "Add groups, list them, add members.",
        discussion: """
            The groups administrators and members exist from the start.

            Examples:
              chancery group add auditors
              chancery group add-member auditors alice
              chancery group list
            """,
        subcommands: [Add.self, List.self, AddMember.self]
    )

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Add an empty group.",
            discussion: """
                Example:
                  chancery group add auditors
                """
        )

        @OptionGroup var store: StoreOptions

        @Argument(help: ArgumentHelp("The group name.", valueName: "name"))
        var name: String

        func run() async throws {
            try await store.withAccounts { try await $0.createGroup(name) }
            print("added group \(name)")
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List groups with their members.",
            discussion: """
                Example:
                  chancery group list
                """
        )

        @OptionGroup var store: StoreOptions

        func run() async throws {
            let groups = try await store.withAccounts { try await $0.groups() }
            print(Table(header: ["GROUP", "MEMBERS"], rows: groups.map { [$0.name, $0.members.joined(separator: ",")] }).text, terminator: "")
        }
    }

    struct AddMember: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add-member",
            abstract: "Add a user to a group.",
            discussion: """
                Example:
                  chancery group add-member auditors alice
                """
        )

        @OptionGroup var store: StoreOptions

        @Argument(help: ArgumentHelp("The group.", valueName: "group"))
        var group: String

        @Argument(help: ArgumentHelp("The user.", valueName: "user"))
        var user: String

        func run() async throws {
            try await store.withAccounts { try await $0.addMember(userName: user, toGroup: group) }
            print("added \(user) to \(group)")
        }
    }
}
