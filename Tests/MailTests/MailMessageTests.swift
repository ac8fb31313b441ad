import Foundation
import Mail
import Testing

@Suite struct MailMessageTests {
    private static let sender = try! MailAddress("notary@example.com", displayName: "Chancery")

    private static func message(
        to: [MailAddress]? = nil,
        subject: String = "Hello",
        text: String = "Hi.",
        html: String? = nil,
        attachments: [MailAttachment] = []
    ) throws -> MailMessage {
        try MailMessage(
            from: sender,
            to: to ?? [MailAddress("ada@example.com")],
            subject: subject,
            text: text,
            html: html,
            attachments: attachments
        )
    }

    private static func lines(of message: MailMessage) -> [Substring] {
        let text = String(decoding: message.encoded(), as: UTF8.self)
        #expect(text.hasSuffix("\r\n"))
        // CRLF is one Character.
        return text.dropLast().split(separator: "\r\n", omittingEmptySubsequences: false)
    }

    @Test(arguments: ["Hi\r\nBcc: eve@example.com", "Hi\nBcc: eve@example.com", "Hi\rX: y", "tab\there", "nul\u{0}"])
    func subjectWithControlCharactersIsRefused(subject: String) {
        #expect(throws: MailMessageError.lineBreakInHeader("subject")) { try Self.message(subject: subject) }
    }

    @Test func displayNameWithLineBreakIsRefused() {
        #expect(throws: MailMessageError.lineBreakInHeader("display name")) {
            try MailAddress("ada@example.com", displayName: "Ada\r\nBcc: eve@example.com")
        }
    }

    @Test(arguments: [
        "ada@example.com\r\nRCPT TO:<eve@example.com>", "ada@example.com>", "<ada@example.com", "ada lovelace@example.com",
        "ada@@example.com", "ada@", "@example.com", "example.com", "ada@exa@mple.com", "adä@example.com", "ada@example.com,eve@example.com", "",
    ])
    func malformedAddressesAreRefused(address: String) {
        #expect(throws: MailMessageError.invalidAddress(address)) { try MailAddress(address) }
    }

    @Test(
        arguments: [
            ("ada@example.com", "ada@example.com", nil),
            (" <ada@example.com> ", "ada@example.com", nil),
            ("Ada Lovelace <ada@example.com>", "ada@example.com", "Ada Lovelace"),
            ("\"Lovelace, Ada \\\"A.\\\"\" <ada@example.com>", "ada@example.com", "Lovelace, Ada \"A.\""),
            ("Zoë <zoe@example.com>", "zoe@example.com", "Zoë"),
        ] as [(String, String, String?)])
    func mailboxesAreParsed(text: String, address: String, displayName: String?) throws {
        let mailbox = try MailAddress(parsing: text)
        #expect(mailbox.address == address)
        #expect(mailbox.displayName == displayName)
    }

    @Test func parsedMailboxesAreChecked() {
        #expect(throws: MailMessageError.invalidAddress("ada")) { try MailAddress(parsing: "Ada <ada>") }
        #expect(throws: MailMessageError.invalidAddress("Ada ada@example.com")) { try MailAddress(parsing: "Ada ada@example.com") }
    }

    @Test func attachmentFieldsAreChecked() {
        #expect(throws: MailMessageError.lineBreakInHeader("attachment's file name")) {
            try MailAttachment(filename: "a.pdf\r\nX-Evil: 1", contentType: "application/pdf", data: [])
        }
        for type in ["application/pdf\r\nX-Evil: 1", "application/pdf; charset=x", "pdf", "application/", "text/plain/x"] {
            #expect(throws: MailMessageError.invalidContentType(type)) { try MailAttachment(filename: "a", contentType: type, data: []) }
        }
    }

    @Test func aMessageNeedsARecipient() {
        #expect(throws: MailMessageError.noRecipients) { try Self.message(to: []) }
    }

    @Test func encodingIsASCIIWithCRLFAndShortLines() throws {
        let longLine = String(repeating: "Zoë’s naïve café = 100 € ", count: 40)
        let message = try Self.message(
            to: (1...30).map { try MailAddress("recipient\($0)@example.com", displayName: "Récipient Nummer \($0)") },
            subject: String(repeating: "Überprüfung des Dokuments ", count: 8),
            text: longLine + "\n" + longLine,
            html: "<p>\(longLine)</p>",
            attachments: [
                MailAttachment(
                    filename: String(repeating: "Prüfbericht ", count: 10) + ".pdf", contentType: "application/pdf",
                    data: Array(repeating: 0xFF, count: 5000))
            ]
        )
        let encoded = message.encoded()
        #expect(encoded.allSatisfy { $0 < 0x80 })
        let lines = Self.lines(of: message)
        #expect(!lines.contains { $0.contains("\n") || $0.contains("\r") })
        let tooLong = lines.filter { $0.utf8.count > 78 }
        #expect(tooLong.isEmpty, "lines over 78: \(tooLong)")
    }

    @Test func headersCarryDateMessageIDAndMIMEVersion() throws {
        let message = try MailMessage(
            from: Self.sender,
            to: [MailAddress("ada@example.com")],
            subject: "Hello",
            text: "Hi.",
            date: Date(timeIntervalSince1970: 1_800_000_000),
            messageID: "fixed-id@example.com"
        )
        let lines = Self.lines(of: message)
        #expect(lines.contains("Date: Fri, 15 Jan 2027 08:00:00 +0000"))
        #expect(lines.contains("Message-ID: <fixed-id@example.com>"))
        #expect(lines.contains("MIME-Version: 1.0"))
        #expect(lines.contains("From: \"Chancery\" <notary@example.com>"))
        #expect(lines.contains("To: <ada@example.com>"))
        #expect(lines.contains("Subject: Hello"))
        #expect(lines.contains("Content-Type: text/plain; charset=utf-8"))
    }

    @Test func generatedMessageIDsAreUniqueAtTheSendersDomain() throws {
        let first = try Self.message()
        let second = try Self.message()
        #expect(first.messageID != second.messageID)
        #expect(first.messageID.hasSuffix("@example.com"))
    }

    @Test func quotedPrintableEncodesTrailingSpaceAndEqualsSign() throws {
        let lines = Self.lines(of: try Self.message(text: "a = b \nend"))
        let body = lines.drop { !$0.isEmpty }.dropFirst()
        #expect(Array(body) == ["a =3D b=20", "end"])
    }
}
