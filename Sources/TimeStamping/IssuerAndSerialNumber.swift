import SwiftASN1
import X509

/// Names a certificate by its issuer and serial number (RFC 5652 §10.2.4); the signer
/// identifier of a `SignerInfo`.
///
/// ```asn1
/// IssuerAndSerialNumber ::= SEQUENCE { issuer Name, serialNumber CertificateSerialNumber }
/// ```
public struct IssuerAndSerialNumber: DERImplicitlyTaggable, Hashable, Sendable {
    /// The structure's tag: a universal SEQUENCE.
    public static var defaultIdentifier: ASN1Identifier { .sequence }

    /// The certificate's issuer.
    public var issuer: DistinguishedName
    /// The certificate's serial number.
    public var serialNumber: Certificate.SerialNumber

    /// Creates the identifier from its parts.
    public init(issuer: DistinguishedName, serialNumber: Certificate.SerialNumber) {
        self.issuer = issuer
        self.serialNumber = serialNumber
    }

    /// Identifies `certificate`.
    public init(_ certificate: Certificate) {
        self.init(issuer: certificate.issuer, serialNumber: certificate.serialNumber)
    }

    /// Whether this names `certificate`.
    public func identifies(_ certificate: Certificate) -> Bool {
        certificate.issuer == issuer && certificate.serialNumber == serialNumber
    }

    /// Parses the identifier from its DER node.
    public init(derEncoded rootNode: ASN1Node, withIdentifier identifier: ASN1Identifier) throws {
        self = try DER.sequence(rootNode, identifier: identifier) { nodes in
            // From its node: the iterator's initializer goes through the implicitly tagged
            // form, which a name must not take.
            guard let issuerNode = nodes.next() else { throw ASN1Error.invalidASN1Object(reason: "an issuer and serial number without an issuer") }
            let issuer = try DistinguishedName(derEncoded: issuerNode)
            let serial = try ArraySlice<UInt8>(derEncoded: &nodes)
            return IssuerAndSerialNumber(issuer: issuer, serialNumber: Certificate.SerialNumber(bytes: serial))
        }
    }

    /// Writes the identifier as DER.
    public func serialize(into coder: inout DER.Serializer, withIdentifier identifier: ASN1Identifier) throws {
        try coder.appendConstructedNode(identifier: identifier) { coder in
            try coder.serialize(issuer)
            try coder.serialize(serialNumber.bytes)
        }
    }
}
