import Foundation

/// A text signed by one or more keys, in the C2SP signed-note format:
///
/// ```text
/// <text, ending in a newline>
///
/// — <key name> <base64(key ID || signature)>
/// ```
///
/// Parsing never trusts: read the text only through ``verified(by:)``, which checks the
/// signatures against the keys you trust.
public struct SignedNote: Sendable, Equatable {
    /// One signature line.
    public struct Signature: Sendable, Hashable {
        /// The name of the key that signed.
        public let keyName: String
        /// The key's 32-bit identifier.
        public let keyID: UInt32
        /// The signature bytes, without the key ID.
        public let bytes: [UInt8]

        /// Creates a signature line value.
        public init(keyName: String, keyID: UInt32, bytes: [UInt8]) {
            self.keyName = keyName
            self.keyID = keyID
            self.bytes = bytes
        }
    }

    /// The most signatures a note may carry before it is refused as malformed.
    public static let maxSignatures = 100

    /// The signed text, including its final newline.
    public let text: String
    /// The signatures, in the order they appear.
    public let signatures: [Signature]

    /// Signs `text` with each of `signers`.
    public static func sign(_ text: String, with signers: [any NoteSigner]) throws -> SignedNote {
        try validate(text: text)
        let bytes = Array(text.utf8)
        let signatures = try signers.map { signer in
            Signature(keyName: signer.keyName, keyID: signer.keyID, bytes: try signer.signature(for: bytes))
        }
        return SignedNote(text: text, signatures: signatures)
    }

    private init(text: String, signatures: [Signature]) {
        self.text = text
        self.signatures = signatures
    }

    /// Parses a note. Any byte string gives a note or a ``NoteError``; none crashes.
    public init(parsing note: String) throws {
        guard note.hasSuffix("\n") else { throw NoteError.malformed("a note ends with a newline") }
        guard let separator = note.range(of: "\n\n", options: .backwards) else {
            throw NoteError.malformed("no blank line between the text and the signatures")
        }
        let text = String(note[..<separator.lowerBound]) + "\n"
        try Self.validate(text: text)
        var signatures: [Signature] = []
        for line in note[separator.upperBound...].split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
            signatures.append(try Self.signature(from: line))
            guard signatures.count <= Self.maxSignatures else { throw NoteError.malformed("more than \(Self.maxSignatures) signatures") }
        }
        guard !signatures.isEmpty else { throw NoteError.malformed("a note needs at least one signature") }
        self.init(text: text, signatures: signatures)
    }

    /// The note's text after checking its signatures against trusted keys.
    ///
    /// Signatures from unknown keys are ignored. A signature from a trusted key that does not
    /// verify rejects the whole note, and so does a note with no signature from a trusted key.
    ///
    /// - Returns: The signatures that verified.
    @discardableResult
    public func verified(by verifiers: [any NoteVerifier]) throws -> [Signature] {
        let text = Array(self.text.utf8)
        var verified: [Signature] = []
        for signature in signatures {
            guard let verifier = verifiers.first(where: { $0.keyName == signature.keyName && $0.keyID == signature.keyID }) else {
                continue
            }
            guard verifier.isValidSignature(signature.bytes, for: text) else {
                throw NoteError.invalidSignature(keyName: signature.keyName)
            }
            verified.append(signature)
        }
        guard !verified.isEmpty else { throw NoteError.noTrustedSignature }
        return verified
    }

    /// The note in its wire form.
    public var formatted: String {
        text + "\n"
            + signatures.map { signature in
                let id = withUnsafeBytes(of: signature.keyID.bigEndian) { Array($0) }
                return "\u{2014} \(signature.keyName) \(Data(id + signature.bytes).base64EncodedString())\n"
            }.joined()
    }

    private static func validate(text: String) throws {
        guard text.hasSuffix("\n") else { throw NoteError.malformed("the text must end with a newline") }
        guard text.unicodeScalars.allSatisfy({ $0 == "\n" || ($0.value >= 0x20 && $0.value != 0x7F) }) else {
            throw NoteError.malformed("the text has control characters")
        }
    }

    private static func signature(from line: Substring) throws -> Signature {
        let prefix = "\u{2014} "
        guard line.hasPrefix(prefix) else { throw NoteError.malformed("signature lines start with an em dash and a space") }
        let fields = line.dropFirst(prefix.count).split(separator: " ", omittingEmptySubsequences: false)
        guard fields.count == 2, NoteKey.isValidName(String(fields[0])) else {
            throw NoteError.malformed("a signature line is '— NAME BASE64'")
        }
        guard let data = Data(base64Encoded: String(fields[1])), data.count > 4 else {
            throw NoteError.malformed("the signature of \(fields[0]) is not base64 of a key ID and a signature")
        }
        let bytes = Array(data)
        let keyID = bytes[0..<4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        return Signature(keyName: String(fields[0]), keyID: keyID, bytes: Array(bytes[4...]))
    }
}
