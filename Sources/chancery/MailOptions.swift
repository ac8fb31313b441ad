import ArgumentParser
import Mail

/// The options that name the SMTP server mail goes out through, and the sender's address.
struct MailOptions: ParsableArguments {
    @Option(
        name: .customLong("smtp-url"),
        help: ArgumentHelp(
            "The SMTP server: smtp://[USER:PASSWORD@]HOST[:PORT] (STARTTLS when the server offers it, port 587 by default) or smtps://… (TLS from the start, port 465). [env: CHANCERY_SMTP_URL]",
            valueName: "url"
        ))
    var smtpURL: String?

    @Option(
        name: .customLong("mail-from"),
        help: ArgumentHelp(
            "The address mail is sent from, such as 'Chancery <chancery@example.com>'. [env: CHANCERY_MAIL_FROM]", valueName: "address"))
    var mailFrom: String?

    @Option(
        name: .customLong("mail-daily-limit"),
        help: ArgumentHelp(
            "How many messages one account's documents may have mailed in 24 hours; more are not sent. (default: \(OutboundMailSettings.defaultAccountDailyLimit)) [env: CHANCERY_MAIL_DAILY_LIMIT]",
            valueName: "count"))
    var mailDailyLimit: Int?

    /// The SMTP server and the sender, or `nil` when no SMTP server is named.
    ///
    /// - Throws: ``ConfigurationError`` for a URL or an address that cannot be used, or a
    ///   server named without a sender.
    func settings() throws -> OutboundMailSettings? {
        guard let url = Setting.resolve(smtpURL, environment: "CHANCERY_SMTP_URL") else { return nil }
        let server: SMTPServerURL
        do {
            server = try SMTPServerURL(url)
        } catch {
            throw ConfigurationError("--smtp-url: \(error)")
        }
        guard let from = Setting.resolve(mailFrom, environment: "CHANCERY_MAIL_FROM") else {
            throw ConfigurationError("--smtp-url needs --mail-from (or CHANCERY_MAIL_FROM): the address mail is sent from")
        }
        let limit = try Setting.resolve(
            mailDailyLimit, environment: "CHANCERY_MAIL_DAILY_LIMIT", default: OutboundMailSettings.defaultAccountDailyLimit)
        guard limit >= 0 else { throw ConfigurationError("--mail-daily-limit: \(limit) is not a count of messages") }
        do {
            return OutboundMailSettings(server: server, from: try MailAddress(parsing: from), accountDailyLimit: limit)
        } catch {
            throw ConfigurationError("--mail-from: \(error)")
        }
    }
}
