import Crypto
import Foundation

/// How one kind of key is kept in a ``KeyFile``: the bytes written for a key, the key read
/// from the bytes, and a phrase that names what the file should hold for error messages.
///
/// ```swift
/// let format = KeyFileFormat<SymmetricKey>.symmetricKey256
/// let key = try KeyFile(directory: keys, name: "device-token.key").loadOrCreate(format) { SymmetricKey(size: .bits256) }
/// ```
public struct KeyFileFormat<Key>: Sendable {
    /// What a good file holds, such as "32 random bytes".
    public let contents: String
    /// The bytes of the file for a key.
    let encode: @Sendable (Key) throws -> Data
    /// The key in a file's bytes; throws when they are not one.
    let decode: @Sendable (Data) throws -> Key

    /// A format that holds `contents`, written with `encode` and read with `decode`.
    public init(contents: String, encode: @escaping @Sendable (Key) throws -> Data, decode: @escaping @Sendable (Data) throws -> Key) {
        self.contents = contents
        self.encode = encode
        self.decode = decode
    }

    /// Why a file's bytes are not a key of a format.
    public struct Malformed: Error, CustomStringConvertible {
        /// What is wrong with them.
        public let description: String

        /// The problem `description`.
        public init(_ description: String) {
            self.description = description
        }
    }
}

extension KeyFileFormat where Key == Data {
    /// The file's bytes as they are, for code that moves key files without reading them.
    public static var bytes: KeyFileFormat<Data> {
        KeyFileFormat(contents: "key material", encode: { $0 }) { data in
            guard !data.isEmpty else { throw Malformed("it is empty") }
            return data
        }
    }
}

extension KeyFileFormat where Key == SymmetricKey {
    /// A 256-bit secret as its 32 raw bytes.
    public static var symmetricKey256: KeyFileFormat<SymmetricKey> {
        KeyFileFormat(contents: "32 random bytes", encode: { key in key.withUnsafeBytes { Data($0) } }) { data in
            guard data.count == 32 else { throw Malformed("it holds \(data.count) bytes") }
            return SymmetricKey(data: data)
        }
    }
}

extension KeyFileFormat where Key == String {
    /// PEM text of one or more complete blocks (`-----BEGIN LABEL-----`, base64,
    /// `-----END LABEL-----`), such as a private key or a certificate chain. What the blocks
    /// mean is for the caller to check; this catches a truncated or garbled file.
    public static func pem(_ contents: String) -> KeyFileFormat<String> {
        KeyFileFormat(contents: contents, encode: { Data($0.utf8) }) { data in
            guard let text = String(data: data, encoding: .utf8) else { throw Malformed("it is not text") }
            try checkPEMBlocks(text)
            return text
        }
    }

    /// Throws unless `text` is one or more whole PEM blocks with base64 bodies.
    private static func checkPEMBlocks(_ text: String) throws {
        var label: Substring?
        var body = ""
        var blocks = 0
        for line in text.split(whereSeparator: \.isNewline).map({ $0.trimmingCharacters(in: .whitespaces) }) where !line.isEmpty {
            if let open = label {
                if line == "-----END \(open)-----" {
                    guard Data(base64Encoded: body) != nil, !body.isEmpty else { throw Malformed("the \(open) block is not base64") }
                    label = nil
                    body = ""
                    blocks += 1
                } else {
                    body += line
                }
            } else if line.hasPrefix("-----BEGIN "), line.hasSuffix("-----") {
                label = Substring(line.dropFirst("-----BEGIN ".count).dropLast(5))
            } else {
                throw Malformed("it has text outside PEM blocks")
            }
        }
        if let open = label { throw Malformed("the \(open) block has no END line (the file is cut short)") }
        guard blocks > 0 else { throw Malformed("it holds no PEM block") }
    }
}
