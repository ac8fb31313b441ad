import ChanceryTestSupport
import Crypto
import Foundation
import Mail
import NIOSSL
import Testing

@Suite(
    .enabled(if: TestSMTPServer.isInstalled, "needs aiosmtpd in .venv (scripts/test installs Tests/compat/requirements.txt)"), .timeLimit(.minutes(2))
)
struct SMTPClientTests {
    /// Runs `body` with a server started with `arguments`, and stops it.
    private func withServer(_ arguments: [String] = [], _ body: (TestSMTPServer) async throws -> Void) async throws {
        let server = try await TestSMTPServer.start(arguments)
        do {
            try await body(server)
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }

    private func message(
        to: [String] = ["ada@example.com"],
        subject: String = "Your document is sealed",
        text: String = "Hello Ada,\n\nyour document is sealed.\n",
        html: String? = nil,
        attachments: [MailAttachment] = []
    ) throws -> MailMessage {
        try MailMessage(
            from: MailAddress("notary@example.com", displayName: "Chancery Notary"),
            to: to.map { try MailAddress($0) },
            subject: subject,
            text: text,
            html: html,
            attachments: attachments
        )
    }

    private func hex(_ bytes: [UInt8]) -> String {
        SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined()
    }

    @Test func plainTextMailArrivesWithEnvelopeHeadersAndBody() async throws {
        try await withServer { server in
            let message = try message(to: ["ada@example.com", "grace@example.org"])
            try await SMTPClient(server: SMTPServerURL(server.url())).send(message)
            let received = try server.received()
            try #require(received.count == 1)
            let mail = received[0]
            #expect(mail.mailFrom == "notary@example.com")
            #expect(mail.rcptTos == ["ada@example.com", "grace@example.org"])
            #expect(mail.headers["From"] == "Chancery Notary <notary@example.com>")
            #expect(mail.headers["To"] == "ada@example.com, grace@example.org")
            #expect(mail.headers["Subject"] == "Your document is sealed")
            #expect(mail.headers["Message-ID"] == "<\(message.messageID)>")
            #expect(mail.headers["MIME-Version"] == "1.0")
            #expect(mail.headers["Date"]?.hasSuffix("+0000") == true)
            #expect(mail.contentType == "text/plain")
            #expect(mail.parts.first?.normalizedText == "Hello Ada,\n\nyour document is sealed.\n\n")
            #expect(mail.defects.isEmpty)
            #expect(mail.bareLineFeeds == 0)
            #expect(!mail.eightBit)
        }
    }

    @Test func textHTMLAndAttachmentsRoundTrip() async throws {
        var generator = SeededGenerator(seed: 28)
        let pdf = (0..<20_000).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let csv = Array("name;amount\nZoë;12,50 €\n".utf8)
        let message = try message(
            text: "Plain text for old readers.",
            html: "<p>Bonjour <b>Zoë</b> — 署名済み</p>",
            attachments: [
                MailAttachment(filename: "Prüfbericht März 2026 – endgültig.pdf", contentType: "application/pdf", data: pdf),
                MailAttachment(filename: "amounts.csv", contentType: "text/csv", data: csv),
            ]
        )
        try await withServer { server in
            try await SMTPClient(server: SMTPServerURL(server.url())).send(message)
            let mail = try #require(try server.received().first)
            #expect(mail.contentType == "multipart/mixed")
            #expect(mail.parts.map(\.contentType) == ["text/plain", "text/html", "application/pdf", "text/csv"])
            #expect(mail.parts[0].normalizedText == "Plain text for old readers.")
            #expect(mail.parts[1].normalizedText == "<p>Bonjour <b>Zoë</b> — 署名済み</p>")
            #expect(mail.parts[2].filename == "Prüfbericht März 2026 – endgültig.pdf")
            #expect(mail.parts[2].sha256 == hex(pdf))
            #expect(mail.parts[3].filename == "amounts.csv")
            #expect(mail.parts[3].sha256 == hex(csv))
            #expect(mail.defects.isEmpty)
            #expect(mail.longestLine <= 78)
            #expect(!mail.eightBit)
        }
    }

    @Test func linesStartingWithADotArriveIntact() async throws {
        let text = ".\n..\n.hidden\nmiddle\n.\n. \nend."
        try await withServer { server in
            try await SMTPClient(server: SMTPServerURL(server.url())).send(try message(text: text))
            let mail = try #require(try server.received().first)
            #expect(mail.parts.first?.normalizedText == text + "\n")
        }
    }

    @Test func nonASCIISubjectAndDisplayNameDecode() async throws {
        let subject = "Signé — 署名されました ✅ " + String(repeating: "Überprüfung ", count: 6)
        let message = try MailMessage(
            from: MailAddress("notary@example.com", displayName: "Zoë Ångström"),
            to: [MailAddress("ada@example.com", displayName: "Ada \"the Countess\" Lovelace")],
            subject: subject,
            text: "x"
        )
        try await withServer { server in
            try await SMTPClient(server: SMTPServerURL(server.url())).send(message)
            let mail = try #require(try server.received().first)
            #expect(mail.headers["Subject"] == subject)
            #expect(mail.headers["From"] == "Zoë Ångström <notary@example.com>")
            #expect(mail.headers["To"] == "\"Ada \\\"the Countess\\\" Lovelace\" <ada@example.com>")
            #expect(mail.defects.isEmpty)
        }
    }

    @Test func startTLSWithAuthDeliversTheMail() async throws {
        try await TemporaryDirectory.with { directory in
            let certificates = try TestMailCertificates(directory: directory)
            try await withServer(certificates.serverArguments + ["--user", "mailer", "--password", "s3cret:@"]) { server in
                let url = try SMTPServerURL(server.url(user: "mailer", password: "s3cret%3A%40"))
                try await SMTPClient(server: url, tls: certificates.clientConfiguration).send(try message())
                #expect(try server.received().map(\.rcptTos) == [["ada@example.com"]])
            }
        }
    }

    @Test func authLoginIsUsedWhenPlainIsNotOffered() async throws {
        try await TemporaryDirectory.with { directory in
            let certificates = try TestMailCertificates(directory: directory)
            try await withServer(certificates.serverArguments + ["--user", "mailer", "--password", "pw", "--auth-mechanisms", "LOGIN"]) { server in
                let url = try SMTPServerURL(server.url(user: "mailer", password: "pw"))
                try await SMTPClient(server: url, tls: certificates.clientConfiguration).send(try message())
                #expect(try server.received().count == 1)
            }
        }
    }

    @Test func implicitTLSDeliversTheMail() async throws {
        try await TemporaryDirectory.with { directory in
            let certificates = try TestMailCertificates(directory: directory)
            try await withServer(certificates.serverArguments + ["--implicit-tls", "--user", "mailer", "--password", "pw"]) { server in
                let url = try SMTPServerURL(server.url(scheme: "smtps", user: "mailer", password: "pw"))
                try await SMTPClient(server: url, tls: certificates.clientConfiguration).send(try message())
                #expect(try server.received().count == 1)
            }
        }
    }

    @Test func wrongPasswordIsAPermanentError() async throws {
        try await TemporaryDirectory.with { directory in
            let certificates = try TestMailCertificates(directory: directory)
            try await withServer(certificates.serverArguments + ["--user", "mailer", "--password", "right"]) { server in
                let url = try SMTPServerURL(server.url(user: "mailer", password: "wrong"))
                let error = try await #require(throws: SMTPError.self) {
                    try await SMTPClient(server: url, tls: certificates.clientConfiguration).send(try message())
                }
                #expect(error.reason == .rejected(code: 535))
                #expect(error.isPermanent)
                #expect(error.step == "AUTH PLAIN")
                #expect(!error.description.contains("wrong"))
                #expect(try server.received().isEmpty)
            }
        }
    }

    @Test func untrustedCertificateFailsTheHandshake() async throws {
        try await TemporaryDirectory.with { directory in
            let certificates = try TestMailCertificates(directory: directory)
            try await withServer(certificates.serverArguments) { server in
                let error = try await #require(throws: SMTPError.self) {
                    try await SMTPClient(server: SMTPServerURL(server.url())).send(try message())
                }
                #expect(error.reason == .tlsFailed, "\(error)")
                #expect(error.step == "STARTTLS handshake")
                #expect(error.detail.contains("CERTIFICATE_VERIFY_FAILED"), "\(error.detail)")
                #expect(!error.isPermanent)
                #expect(try server.received().isEmpty)
            }
        }
    }

    @Test func passwordWithoutTLSIsSentOnLoopbackOnly() async throws {
        try await withServer(["--user", "mailer", "--password", "pw"]) { server in
            try await SMTPClient(server: SMTPServerURL(server.url(user: "mailer", password: "pw"))).send(try message())
            #expect(try server.received().count == 1)
        }
    }

    @Test func refusedRecipientIsAPermanentErrorWithTheReply() async throws {
        try await withServer(["--refuse", "nobody@example.com"]) { server in
            let error = try await #require(throws: SMTPError.self) {
                try await SMTPClient(server: SMTPServerURL(server.url())).send(try message(to: ["ada@example.com", "nobody@example.com"]))
            }
            #expect(error.reason == .rejected(code: 550))
            #expect(error.isPermanent)
            #expect(error.step == "RCPT TO:<nobody@example.com>")
            #expect(error.detail == "550 5.1.1 <nobody@example.com>: recipient refused")
            #expect(try server.received().isEmpty)
        }
    }

    @Test func heloIsUsedWhenEHLOIsRefused() async throws {
        try await withServer(["--no-ehlo"]) { server in
            try await SMTPClient(server: SMTPServerURL(server.url())).send(try message())
            #expect(try server.received().count == 1)
        }
    }

    @Test func refusedConnectionIsATransientError() async throws {
        let server = try await TestSMTPServer.start()
        await server.stop()
        let error = try await #require(throws: SMTPError.self) {
            try await SMTPClient(server: SMTPServerURL(server.url())).send(try message())
        }
        #expect(error.reason == .connectionFailed)
        #expect(!error.isPermanent)
    }
}
