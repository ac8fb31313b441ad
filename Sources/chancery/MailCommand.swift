import ArgumentParser
import Foundation
import Mail

/// `chancery mail`: checks the outbound mail settings.
struct MailCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mail",
        abstract: "Check the SMTP settings the server sends mail with.",
        discussion: """
            The server sends mail through the SMTP server that --smtp-url (CHANCERY_SMTP_URL) \
            names, from the address of --mail-from (CHANCERY_MAIL_FROM). `mail test` sends one \
            message with the same settings, so that an operator sees at once whether they work.

            Examples:
              chancery mail test --smtp-url smtp://mailer:secret@mail.example.com --mail-from chancery@example.com --to me@example.com
              CHANCERY_SMTP_URL=smtps://mail.example.com CHANCERY_MAIL_FROM='Chancery <chancery@example.com>' chancery mail test --to me@example.com
            """,
        subcommands: [Test.self]
    )

    struct Test: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Send a test message through the SMTP server, and say how it went.")

        @OptionGroup var mail: MailOptions

        @Option(help: ArgumentHelp("The address to send the test message to.", valueName: "address"))
        var to: String

        func run() async throws {
            guard let settings = try mail.settings() else {
                throw ConfigurationError("no SMTP server: give --smtp-url or set CHANCERY_SMTP_URL")
            }
            let message: MailMessage
            do {
                message = try MailMessage(
                    from: settings.from, to: [try MailAddress(parsing: to)], subject: "Chancery test message",
                    text: """
                        This message was sent by `chancery mail test` through \(settings.server).
                        If you can read it, the server can send mail with these settings.
                        """
                )
            } catch {
                throw ConfigurationError("--to: \(error)")
            }
            do {
                try await SMTPClient(server: settings.server).send(message)
            } catch {
                throw ConfigurationError("the test message was not sent: \(error)")
            }
            print("sent a test message to \(message.to.map(\.address).joined(separator: ", ")) through \(settings.server)")
        }
    }
}
