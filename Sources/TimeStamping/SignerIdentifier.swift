import SwiftASN1
import X509

/// Names the certificate of a `SignerInfo`'s signer (RFC 5652 §5.3).
///
/// ```asn1
/// SignerIdentifier ::= CHOICE { issuerAndSerialNumber IssuerAndSerialNumber,
///     subjectKeyIdentifier [0] SubjectKeyIdentifier }
/// ```
public enum SignerIdentifier: DERParseable, DERSerializable, Hashable, Sendable {
    /// The certificate's issuer and serial number; used with `SignerInfo` version 1.
    case issuerAndSerialNumber(IssuerAndSerialNumber)
    /// The certificate's subject key identifier extension value; used with `SignerInfo` version 3.
    case subjectKeyIdentifier(ArraySlice<UInt8>)

    /// The context-specific tag of the `subjectKeyIdentifier` choice.
    private static let subjectKeyIdentifierTag = ASN1Identifier(tagWithNumber: 0, tagClass: .contextSpecific)

    /// Identifies `certificate` by its issuer and serial number.
    public init(_ certificate: Certificate) {
        self = .issuerAndSerialNumber(IssuerAndSerialNumber(certificate))
    }

    /// Whether this names `certificate`. A subject key identifier matches only a certificate that
    /// carries the same identifier in its extension.
    public func identifies(_ certificate: Certificate) -> Bool {
        switch self {
        case .issuerAndSerialNumber(let name):
            return name.identifies(certificate)
        case .subjectKeyIdentifier(let identifier):
            guard let extensionValue = try? certificate.extensions.subjectKeyIdentifier else { return false }
            return extensionValue.keyIdentifier == identifier
        }
    }

    /// Parses either choice from its DER node.
    public init(derEncoded node: ASN1Node) throws {
        if node.identifier == Self.subjectKeyIdentifierTag {
            self = .subjectKeyIdentifier(try ASN1OctetString(derEncoded: node, withIdentifier: Self.subjectKeyIdentifierTag).bytes)
        } else {
            self = .issuerAndSerialNumber(try IssuerAndSerialNumber(derEncoded: node))
        }
    }

    /// Writes the chosen alternative as DER.
    public func serialize(into coder: inout DER.Serializer) throws {
        switch self {
        case .issuerAndSerialNumber(let name):
            try coder.serialize(name)
        case .subjectKeyIdentifier(let identifier):
            try ASN1OctetString(contentBytes: identifier).serialize(into: &coder, withIdentifier: Self.subjectKeyIdentifierTag)
        }
    }
}
