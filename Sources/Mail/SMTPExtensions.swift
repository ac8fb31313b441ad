/// What a server offers in its reply to `EHLO` (RFC 5321 §4.1.1.1): a keyword per line after
/// the first, such as `STARTTLS` or `AUTH PLAIN LOGIN`.
struct SMTPExtensions {
    /// The keywords, in upper case.
    let keywords: Set<String>
    /// The mechanisms of `AUTH`, in upper case (the old `AUTH=` form included).
    let authenticationMechanisms: Set<String>

    /// No extensions, as after `HELO`.
    init() {
        keywords = []
        authenticationMechanisms = []
    }

    /// The extensions of a reply to `EHLO`.
    init(_ reply: SMTPReply) {
        let lines = reply.lines.dropFirst().map { $0.uppercased().split(whereSeparator: { $0 == " " || $0 == "=" }) }
        keywords = Set(lines.compactMap { $0.first.map(String.init) })
        authenticationMechanisms = Set(lines.filter { $0.first == "AUTH" }.flatMap { $0.dropFirst().map(String.init) })
    }
}
