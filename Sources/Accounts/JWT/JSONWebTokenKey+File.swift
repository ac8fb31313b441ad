import Crypto
import Foundation
import Storage

extension JSONWebTokenKey {
    /// The name of the key's file inside the keys directory.
    public static let fileName = "oauth2-signing.pem"

    /// How the key is kept: its P-256 private key as PKCS #8 PEM.
    static let fileFormat = KeyFileFormat<JSONWebTokenKey>(
        contents: "a PEM P-256 private key",
        encode: { Data($0.privateKey.pemRepresentation.utf8) },
        decode: { data in JSONWebTokenKey(privateKey: try P256.Signing.PrivateKey(pemRepresentation: String(decoding: data, as: UTF8.self))) }
    )

    /// The key stored in `<directory>/oauth2-signing.pem`, a ``Storage/KeyFile`` made on
    /// first use.
    ///
    /// - Throws: ``Storage/KeyFileError`` when the file is unreadable or damaged.
    public static func loadOrCreate(in directory: String) throws -> JSONWebTokenKey {
        try KeyFile(directory: directory, name: fileName).loadOrCreate(fileFormat, make: make)
    }

    /// The ring of `<directory>/oauth2-signing.pem`: the key that signs, made on first use,
    /// and the keys a rotation also accepts (``Storage/KeyRing``).
    ///
    /// - Throws: ``Storage/KeyFileError`` when a file is unreadable or damaged.
    public static func loadRing(in directory: String) throws -> KeyRing<JSONWebTokenKey> {
        try KeyRing.load(in: directory, name: fileName, format: fileFormat, make: make)
    }

    /// Takes the next step of the rotation of `<directory>/oauth2-signing.pem`.
    ///
    /// - Throws: ``Storage/KeyFileError``.
    public static func rotate(in directory: String) throws -> KeyRotationStep {
        try KeyRing.rotate(in: directory, name: fileName, format: fileFormat, make: make)
    }

    /// A new key.
    private static func make() -> JSONWebTokenKey {
        JSONWebTokenKey(privateKey: P256.Signing.PrivateKey())
    }
}
