import SwiftASN1

/// The object identifiers that RFC 3161 time-stamping and its CMS wrapping (RFC 5652, RFC 5035)
/// use, gathered in one namespace.
public enum TimeStampingOID {
    /// `id-signedData` (RFC 5652 §5.1): the content type of a time-stamp token's `ContentInfo`.
    public static let signedData: ASN1ObjectIdentifier = [1, 2, 840, 113549, 1, 7, 2]
    /// `id-ct-TSTInfo` (RFC 3161 §2.4.2): the encapsulated content type of a time-stamp token.
    public static let tstInfo: ASN1ObjectIdentifier = [1, 2, 840, 113549, 1, 9, 16, 1, 4]
    /// The `contentType` signed attribute (RFC 5652 §11.1).
    public static let contentTypeAttribute: ASN1ObjectIdentifier = [1, 2, 840, 113549, 1, 9, 3]
    /// The `messageDigest` signed attribute (RFC 5652 §11.2).
    public static let messageDigestAttribute: ASN1ObjectIdentifier = [1, 2, 840, 113549, 1, 9, 4]
    /// The ESS `signingCertificateV2` attribute (RFC 5035 §3).
    public static let signingCertificateV2Attribute: ASN1ObjectIdentifier = [1, 2, 840, 113549, 1, 9, 16, 2, 47]
    /// SHA-256 (FIPS 180-4).
    public static let sha256: ASN1ObjectIdentifier = [2, 16, 840, 1, 101, 3, 4, 2, 1]
    /// SHA-384 (FIPS 180-4).
    public static let sha384: ASN1ObjectIdentifier = [2, 16, 840, 1, 101, 3, 4, 2, 2]
    /// SHA-512 (FIPS 180-4).
    public static let sha512: ASN1ObjectIdentifier = [2, 16, 840, 1, 101, 3, 4, 2, 3]
    /// ECDSA with SHA-256 (RFC 5758 §3.2).
    public static let ecdsaWithSHA256: ASN1ObjectIdentifier = [1, 2, 840, 10045, 4, 3, 2]
    /// ECDSA with SHA-384 (RFC 5758 §3.2).
    public static let ecdsaWithSHA384: ASN1ObjectIdentifier = [1, 2, 840, 10045, 4, 3, 3]
    /// ECDSA with SHA-512 (RFC 5758 §3.2).
    public static let ecdsaWithSHA512: ASN1ObjectIdentifier = [1, 2, 840, 10045, 4, 3, 4]
    /// `id-kp-timeStamping` (RFC 5280 §4.2.1.12): the one extended key usage of a TSA certificate.
    public static let timeStampingKeyPurpose: ASN1ObjectIdentifier = [1, 3, 6, 1, 5, 5, 7, 3, 8]
}
