import Mail
import Testing

@Suite struct SMTPServerURLTests {
    @Test func smtpDefaultsToSubmissionPortWithStartTLS() throws {
        let server = try SMTPServerURL("smtp://mail.example.com")
        #expect(server == SMTPServerURL(host: "mail.example.com", port: 587, security: .startTLSWhenOffered))
        #expect(server.credentials == nil)
    }

    @Test func smtpsDefaultsToImplicitTLSOn465() throws {
        let server = try SMTPServerURL("SMTPS://mail.example.com")
        #expect(server.port == 465)
        #expect(server.security == .implicitTLS)
    }

    @Test func credentialsArePercentDecodedOnce() throws {
        let server = try SMTPServerURL("smtp://mailer%40example.com:p%40ss%3Aw%2541rd@mail.example.com:2525")
        #expect(server.credentials == SMTPServerURL.Credentials(user: "mailer@example.com", password: "p@ss:w%41rd"))
        #expect(server.port == 2525)
    }

    @Test func descriptionNeverShowsThePassword() throws {
        let server = try SMTPServerURL("smtp://mailer:Sup3rSecret@mail.example.com")
        #expect(server.description == "smtp://mailer:***@mail.example.com:587")
        #expect(!"\(server)".contains("Sup3rSecret"))
        #expect(!String(reflecting: server).contains("Sup3rSecret"))
        #expect(server.credentials?.description == "mailer:***")
    }

    @Test func ipv6LiteralLosesItsBrackets() throws {
        let server = try SMTPServerURL("smtp://[::1]:2525")
        #expect(server.host == "::1")
        #expect(server.isLoopback)
        #expect(server.description == "smtp://[::1]:2525")
    }

    @Test(arguments: [
        ("localhost", true), ("LOCALHOST", true), ("127.0.0.1", true), ("127.1.2.3", true), ("::1", true),
        ("mail.example.com", false), ("127.example.com", false), ("128.0.0.1", false), ("10.0.0.1", false),
    ])
    func loopbackHosts(host: String, isLoopback: Bool) {
        #expect(SMTPServerURL(host: host, port: 25, security: .startTLSWhenOffered).isLoopback == isLoopback)
    }

    @Test(arguments: [
        ("mail.example.com", SMTPServerURLError.notAURL),
        ("http://mail.example.com", .unsupportedScheme("http")),
        ("smtp://", .missingHost),
        ("smtp://mail.example.com:0", .invalidPort),
        ("smtp://mail.example.com:70000", .invalidPort),
        ("smtp://mailer@mail.example.com", .invalidCredentials),
        ("smtp://:secret@mail.example.com", .invalidCredentials),
        ("smtp://mail.example.com/inbox", .unexpectedPart),
        ("smtp://mail.example.com?tls=no", .unexpectedPart),
    ])
    func badURLsAreRefused(url: String, error: SMTPServerURLError) {
        #expect(throws: error) { try SMTPServerURL(url) }
    }

    @Test func errorsSayWhatToWrite() {
        #expect(SMTPServerURLError.notAURL.description.contains("smtp[s]://[user:password@]host[:port]"))
    }
}
