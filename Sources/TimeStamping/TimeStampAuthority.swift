import Crypto
import Foundation
import SwiftASN1
import X509

/// An RFC 3161 time-stamp authority: turns requests into signed responses.
///
/// Tokens are CMS `SignedData` (version 3) over a DER `TSTInfo`, signed with ECDSA P-256 and
/// SHA-256, with the signed attributes `contentType`, `messageDigest` and `signingCertificateV2`
/// (OpenSSL requires an ESS signing-certificate attribute). `openssl ts -verify` and
/// `rfc3161-client` accept them.
///
/// Requests the TSA cannot honour get a `rejection` response with a failure reason, never a thrown
/// error: unparsable DER (`badDataFormat`), a version other than 1 (`badDataFormat`), a hash other
/// than SHA-256/384/512 (`badAlg`), a digest of the wrong length (`badDataFormat`), another policy
/// than ours (`unacceptedPolicy`) or any extension (`unacceptedExtension`).
public struct TimeStampAuthority: Sendable {
    /// Thrown when the key and the certificate given to ``init(signingKey:certificate:chain:policy:accuracy:serialNumber:now:)`` do not belong together.
    public struct KeyMismatch: Error, CustomStringConvertible {
        /// What went wrong.
        public var description: String { "the TSA signing key does not match the TSA certificate's public key" }
    }

    /// The key that signs tokens.
    public let signingKey: P256.Signing.PrivateKey
    /// The TSA certificate: its public key matches `signingKey`, its only extended key usage is
    /// `timeStamping` and is critical.
    public let certificate: Certificate
    /// Further certificates of the TSA's chain, sent after the TSA certificate when a request asks for certificates.
    public let chain: [Certificate]
    /// The TSA policy written into every token.
    public let policy: ASN1ObjectIdentifier
    /// The accuracy written into every token, if any.
    public let accuracy: Accuracy?

    private let nextSerialNumber: @Sendable () -> [UInt8]
    private let now: @Sendable () -> Date
    /// Writes the responses, with what every token shares encoded once.
    private let responses: GrantedResponseWriter

    /// Creates an authority.
    ///
    /// - Parameters:
    ///   - signingKey: The TSA's P-256 key.
    ///   - certificate: The TSA's certificate, whose public key must be `signingKey`'s.
    ///   - chain: Certificates to send after the TSA's when a request sets `certReq`.
    ///   - policy: The TSA policy OID for the tokens.
    ///   - accuracy: The accuracy claimed for `genTime`.
    ///   - serialNumber: Produces each token's serial number as big-endian bytes; it must never
    ///     repeat. The default draws 127 random bits, so collisions are negligible without any state.
    ///   - now: The clock.
    public init(
        signingKey: P256.Signing.PrivateKey,
        certificate: Certificate,
        chain: [Certificate] = [],
        policy: ASN1ObjectIdentifier,
        accuracy: Accuracy? = Accuracy(seconds: 1),
        serialNumber: @escaping @Sendable () -> [UInt8] = TimeStampAuthority.randomSerialNumber,
        now: @escaping @Sendable () -> Date = Date.init
    ) throws {
        guard certificate.publicKey == Certificate.PublicKey(signingKey.publicKey) else { throw KeyMismatch() }
        self.signingKey = signingKey
        self.certificate = certificate
        self.chain = chain
        self.policy = policy
        self.accuracy = accuracy
        self.nextSerialNumber = serialNumber
        self.now = now
        var certificateCoder = DER.Serializer()
        try certificateCoder.serialize(certificate)
        let certificateHash = DigestAlgorithm.sha256.hash(certificateCoder.serializedBytes)
        self.responses = try GrantedResponseWriter(
            certificates: [certificate] + chain, signer: SignerIdentifier(certificate),
            fixedAttributes: [
                try CMSAttribute(TimeStampingOID.contentTypeAttribute, value: TimeStampingOID.tstInfo),
                // The SHA-256 of the certificate's DER.
                try CMSAttribute(
                    TimeStampingOID.signingCertificateV2Attribute,
                    value: SigningCertificateV2(certs: [ESSCertIDv2(certHash: ArraySlice(certificateHash))])
                ),
            ]
        )
    }

    /// 16 random bytes with the top bit clear and the next one set: a positive 127-bit number
    /// that always encodes in 16 bytes.
    public static func randomSerialNumber() -> [UInt8] {
        // Two 64-bit draws: two system calls rather than sixteen.
        var generator = SystemRandomNumberGenerator()
        var bytes = withUnsafeBytes(of: (generator.next() as UInt64, generator.next() as UInt64)) { Array($0) }
        bytes[0] = (bytes[0] & 0x7F) | 0x40
        return bytes
    }

    /// Answers the DER of a `TimeStampReq` with the DER of a `TimeStampResp`.
    ///
    /// Bad requests get a rejection response; this throws only if signing or encoding fails,
    /// which callers should treat as a server error.
    public func respond(toRequest requestDER: some Collection<UInt8>) throws -> [UInt8] {
        guard let request = try? TimeStampReq(derEncoded: requestDER) else {
            var coder = DER.Serializer()
            try coder.serialize(Self.rejection(.badDataFormat, "the request is not a DER TimeStampReq"))
            return coder.serializedBytes
        }
        return try reply(to: request)
    }

    /// Answers a parsed request: a granted response with a token, or a rejection.
    public func respond(to request: TimeStampReq) throws -> TimeStampResp {
        try TimeStampResp(derEncoded: reply(to: request))
    }

    /// Answers a parsed request with the DER of a `TimeStampResp`: a granted response with a
    /// token, or a rejection.
    public func reply(to request: TimeStampReq) throws -> [UInt8] {
        var coder = DER.Serializer()
        switch try decide(request) {
        case .grant(let info):
            try coder.serialize(info)
            let content = coder.serializedBytes
            let messageDigest = try CMSAttribute(
                TimeStampingOID.messageDigestAttribute, value: ASN1OctetString(contentBytes: ArraySlice(DigestAlgorithm.sha256.hash(content)))
            )
            return try responses.response(tstInfo: content, messageDigest: messageDigest, includeCertificates: request.certReq) {
                Array(try signingKey.signature(for: $0).derRepresentation)
            }
        case .reject(let rejection):
            try coder.serialize(rejection)
            return coder.serializedBytes
        }
    }

    /// What the authority answers a request.
    private enum Decision {
        /// A token over this `TSTInfo`.
        case grant(TSTInfo)
        /// This rejection, which says why.
        case reject(TimeStampResp)
    }

    /// Whether the authority honours `request`, and with what.
    private func decide(_ request: TimeStampReq) throws -> Decision {
        guard request.version == 1 else {
            return .reject(Self.rejection(.badDataFormat, "unsupported request version \(request.version)"))
        }
        let imprint = request.messageImprint
        guard let algorithm = DigestAlgorithm(oid: imprint.hashAlgorithm.algorithm) else {
            return .reject(Self.rejection(.badAlg, "unsupported hash algorithm \(imprint.hashAlgorithm.algorithm)"))
        }
        guard imprint.hashedMessage.count == algorithm.digestLength else {
            return .reject(Self.rejection(.badDataFormat, "a \(algorithm.rawValue) digest has \(algorithm.digestLength) bytes"))
        }
        if let requested = request.reqPolicy, requested != policy {
            return .reject(Self.rejection(.unacceptedPolicy, "this TSA issues tokens under policy \(policy) only"))
        }
        guard request.extensions?.isEmpty ?? true else {
            return .reject(Self.rejection(.unacceptedExtension, "this TSA supports no request extensions"))
        }
        return .grant(
            TSTInfo(
                policy: policy,
                messageImprint: imprint,
                serialNumber: ArraySlice(nextSerialNumber()),
                genTime: try GeneralizedTime(now()),
                accuracy: accuracy,
                nonce: request.nonce
            ))
    }

    /// A rejection response.
    private static func rejection(_ reason: PKIFailureInfo, _ text: String) -> TimeStampResp {
        TimeStampResp(status: PKIStatusInfo(status: .rejection, statusString: [text], failInfo: reason))
    }
}
