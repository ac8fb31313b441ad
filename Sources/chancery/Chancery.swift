import ArgumentParser

/// The `chancery` command: runs the server and administers its accounts.
@main
struct Chancery: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "chancery",
        abstract: "Trustworthy documents and device data: one self-hosted server.",
        discussion: """
            Every option can also be set with an environment variable named CHANCERY_ plus the \
            option name in upper case (CHANCERY_DATA, CHANCERY_PORT, CHANCERY_DATABASE, …). \
            A flag wins over the variable, the variable over the default.

            Start a server on the embedded default (SQLite + local files in ./chancery-data):
              chancery serve

            Create an API key for the administrator of that data directory:
              chancery apikey create --user Administrator --name my-app

            Send a PDF for signature and print the recipients' signing links:
              chancery sign create contract.pdf --recipient "Jane Doe:jane@example.com"
            """,
        subcommands: [
            ServeCommand.self, APIKeyCommand.self, UserCommand.self, GroupCommand.self, NotarizeCommand.self, VerifyCommand.self,
            RepoCommand.self, PDFCommand.self, SignCommand.self, EdgeCommand.self, MeasurementsCommand.self, StreamCommand.self, OAuth2Command.self,
            LockoutCommand.self, QuotaCommand.self, KeysCommand.self, IndexCommand.self, MailCommand.self,
        ]
    )
}
