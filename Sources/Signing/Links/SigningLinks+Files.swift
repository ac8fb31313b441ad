import Accounts
import Crypto
import Foundation

extension SigningLinks {
    /// How long a `completed_pdf?url_only=true` link works.
    static let fileLinkLifetime: TimeInterval = 3600

    /// A token for downloading a completed document without credentials until `expiry`:
    /// `<document id>.<expiry, unix seconds>.<format>.<a|n (audit page or not)>.<MAC>`, the MAC
    /// (the link key, as for signing links) over everything before it. It is what SignWell's
    /// `file_url` is: a link that can be handed to something that has no API key.
    func fileToken(documentID: String, expiry: Date, format: CompletedFile.Format, auditPage: Bool) -> String {
        let payload = "\(documentID).\(Int(expiry.timeIntervalSince1970)).\(format.rawValue).\(auditPage ? "a" : "n")"
        return "\(payload).\(mac(of: "file|" + payload))"
    }

    /// What a file token grants, if its MAC holds and it has not expired at `now`.
    func fileGrant(_ token: String, now: Date = Date()) -> (documentID: String, format: CompletedFile.Format, auditPage: Bool)? {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 5, let expiry = Int(parts[1]), let format = CompletedFile.Format(rawValue: parts[2]),
            parts[3] == "a" || parts[3] == "n"
        else { return nil }
        let payload = parts[0..<4].joined(separator: ".")
        guard isMAC(parts[4], of: "file|" + payload), Double(expiry) > now.timeIntervalSince1970 else { return nil }
        return (parts[0], format, parts[3] == "a")
    }
}
