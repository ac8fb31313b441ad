import Foundation

/// One MIME entity of a message's body: its content headers and its encoded content, or the
/// parts of a multipart.
struct MIMEPart {
    /// The header lines, each ending with CRLF.
    let headers: String
    /// The encoded content, without a CRLF at the end.
    let content: String

    /// UTF-8 text of type `text/<subtype>`, quoted-printable.
    static func text(_ text: String, subtype: String) -> MIMEPart {
        MIMEPart(
            headers: "Content-Type: text/\(subtype); charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n",
            content: QuotedPrintable.encode(text)
        )
    }

    /// A file, base64, with its name in `Content-Disposition`.
    static func attachment(_ attachment: MailAttachment) -> MIMEPart {
        var disposition = HeaderField("Content-Disposition")
        disposition.append("attachment;")
        for parameter in filenameParameters(attachment.filename) { disposition.append(parameter) }
        return MIMEPart(
            headers: "Content-Type: \(attachment.contentType)\r\nContent-Transfer-Encoding: base64\r\n" + disposition.rendered,
            content: Base64Lines.encode(attachment.data)
        )
    }

    /// A `multipart/<subtype>` of `parts`, separated by a boundary that no encoded content can
    /// hold: `=_` never appears in quoted-printable or base64.
    static func multipart(_ subtype: String, _ parts: [MIMEPart]) -> MIMEPart {
        let boundary = "=_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(24)
        let content = parts.map { "--\(boundary)\r\n\($0.rendered)\r\n" }.joined() + "--\(boundary)--"
        return MIMEPart(headers: "Content-Type: multipart/\(subtype); boundary=\"\(boundary)\"\r\n", content: content)
    }

    /// The headers, an empty line, and the content.
    var rendered: String {
        headers + "\r\n" + content
    }

    /// The `filename` parameter: quoted when the name is short plain ASCII, otherwise
    /// RFC 2231's percent-encoded UTF-8, continued over several parameters of at most 50
    /// characters (`filename*0*=UTF-8''…; filename*1*=…`).
    private static func filenameParameters(_ filename: String) -> [String] {
        if EncodedWords.isPlain(filename, limit: 60), !filename.contains("\""), !filename.contains("\\") {
            return ["filename=\"\(filename)\""]
        }
        let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8)
        let pieces = filename.utf8.map { unreserved.contains($0) ? String(UnicodeScalar($0)) : String(format: "%%%02X", $0) }
        var chunks = [""]
        for piece in pieces {
            if chunks[chunks.count - 1].utf8.count + piece.utf8.count > 50 { chunks.append("") }
            chunks[chunks.count - 1] += piece
        }
        return chunks.enumerated().map { index, chunk in
            "filename*\(index)*=\(index == 0 ? "UTF-8''" : "")\(chunk)\(index < chunks.count - 1 ? ";" : "")"
        }
    }
}
