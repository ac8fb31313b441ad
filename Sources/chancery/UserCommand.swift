import Accounts
import ArgumentParser
import Foundation

/// `chancery user`: the people and services that sign in.
struct UserCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "user",
        abstract: "Add users, change passwords, disable and enable users, list users.",
        discussion: """
            Examples:
              echo 'a long secret' | chancery user add alice --password-stdin
              chancery user passwd alice
              chancery user disable alice
              chancery user list
            """,
        subcommands: [Add.self, Passwd.self, Disable.self, Enable.self, List.self]
    )

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Add a user. New users join the group members unless --group says otherwise.",
            discussion: """
                Examples:
                  chancery user add alice                       # prints a generated password
                  echo 'a long secret' | chancery user add bob --password-stdin --group administrators
                  chancery user add carol --email carol@example.com   # mailed when her documents are declined or expire
                """
        )

        @OptionGroup var store: StoreOptions
        @OptionGroup var input: PasswordInput

        @Argument(help: ArgumentHelp("The login name.", valueName: "name"))
        var name: String

        @Option(name: .customLong("group"), help: ArgumentHelp("A group to join; repeat for several. (default: members)", valueName: "group"))
        var groups: [String] = []

        @Option(help: ArgumentHelp("The user's email address, where signing mail to a document's sender goes.", valueName: "address"))
        var email: String?

        func validate() throws {
            if let email, !EmailAddress.isPlausible(email) {
                throw ValidationError("'\(email)' is not an email address")
            }
        }

        func run() async throws {
            let (password, generated) = try input.password()
            let user = try await store.withAccounts { accounts in
                let user = try await accounts.createUser(name: name, password: password, groups: groups.isEmpty ? [Group.members] : groups)
                if let email { try await accounts.setProfile(UserProfile(email: email), ofUser: name) }
                return user
            }
            print("added \(user.name) (\(user.groups.joined(separator: ", ")))")
            if generated { print("password: \(password)") }
        }
    }

    struct Passwd: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Set a user's password.",
            discussion: """
                Examples:
                  chancery user passwd Administrator            # prints a generated password
                  echo 'a long secret' | chancery user passwd alice --password-stdin
                """
        )

        @OptionGroup var store: StoreOptions
        @OptionGroup var input: PasswordInput

        @Argument(help: ArgumentHelp("The login name.", valueName: "name"))
        var name: String

        func run() async throws {
            let (password, generated) = try input.password()
            try await store.withAccounts { try await $0.setPassword(userName: name, to: password) }
            print("changed the password of \(name)")
            if generated { print("password: \(password)") }
        }
    }

    struct Disable: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Disable a user: their password, API keys and tokens stop working, their sessions end.",
            discussion: """
                The user, their groups, keys and documents stay; `chancery user enable` lets them in again.

                Example:
                  chancery user disable alice --data ./chancery-data
                """
        )

        @OptionGroup var store: StoreOptions

        @Argument(help: ArgumentHelp("The login name.", valueName: "name"))
        var name: String

        func run() async throws {
            try await store.withAccounts { try await $0.setDisabled(true, userName: name) }
            print("disabled \(name)")
        }
    }

    struct Enable: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Enable a disabled user again: their password and API keys work again.",
            discussion: """
                Example:
                  chancery user enable alice --data ./chancery-data
                """
        )

        @OptionGroup var store: StoreOptions

        @Argument(help: ArgumentHelp("The login name.", valueName: "name"))
        var name: String

        func run() async throws {
            try await store.withAccounts { try await $0.setDisabled(false, userName: name) }
            print("enabled \(name)")
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List users with their groups and whether they are disabled.",
            discussion: """
                Example:
                  chancery user list --data ./chancery-data
                """
        )

        @OptionGroup var store: StoreOptions

        func run() async throws {
            let users = try await store.withAccounts { try await $0.users() }
            let rows = users.map {
                [$0.name, $0.groups.joined(separator: ","), $0.isDisabled ? "disabled" : "enabled", $0.createdAt.formatted(.iso8601)]
            }
            print(Table(header: ["NAME", "GROUPS", "STATE", "CREATED"], rows: rows).text, terminator: "")
        }
    }
}
