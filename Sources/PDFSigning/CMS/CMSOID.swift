import SwiftASN1

/// The object identifiers of PDF signature CMS that `TimeStampingOID` does not already name.
public enum CMSOID {
    /// `id-data` (RFC 5652 §4): the content type of the detached PDF bytes.
    public static let data: ASN1ObjectIdentifier = [1, 2, 840, 113549, 1, 7, 1]
    /// The `signingTime` signed attribute (RFC 5652 §11.3).
    public static let signingTimeAttribute: ASN1ObjectIdentifier = [1, 2, 840, 113549, 1, 9, 5]
    /// The `CMSAlgorithmProtection` signed attribute (RFC 6211 §2).
    public static let algorithmProtectionAttribute: ASN1ObjectIdentifier = [1, 2, 840, 113549, 1, 9, 52]
    /// The `signatureTimeStampToken` unsigned attribute (RFC 3161 Appendix A): a time-stamp token
    /// over the signature value, which makes a PAdES B-B signature B-T.
    public static let signatureTimeStampTokenAttribute: ASN1ObjectIdentifier = [1, 2, 840, 113549, 1, 9, 16, 2, 14]
    /// `rsaEncryption` (RFC 8017 Appendix C), which OpenSSL writes as a signer's signature
    /// algorithm, leaving the hash to the digest algorithm.
    public static let rsaEncryption: ASN1ObjectIdentifier = [1, 2, 840, 113549, 1, 1, 1]
    /// `sha256WithRSAEncryption` (RFC 8017 Appendix C).
    public static let sha256WithRSAEncryption: ASN1ObjectIdentifier = [1, 2, 840, 113549, 1, 1, 11]
    /// `sha384WithRSAEncryption` (RFC 8017 Appendix C).
    public static let sha384WithRSAEncryption: ASN1ObjectIdentifier = [1, 2, 840, 113549, 1, 1, 12]
    /// `sha512WithRSAEncryption` (RFC 8017 Appendix C).
    public static let sha512WithRSAEncryption: ASN1ObjectIdentifier = [1, 2, 840, 113549, 1, 1, 13]
    /// `id-RSASSA-PSS` (RFC 8017 Appendix C); its parameters name the hash, mask and salt length.
    public static let rsassaPSS: ASN1ObjectIdentifier = [1, 2, 840, 113549, 1, 1, 10]
    /// `id-mgf1` (RFC 8017 Appendix B.2.1), the mask generation function of RSA-PSS.
    public static let mgf1: ASN1ObjectIdentifier = [1, 2, 840, 113549, 1, 1, 8]
}
