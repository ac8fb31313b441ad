import Crypto
import Foundation
import SwiftASN1

/// The hash functions this module accepts for message imprints and CMS digests.
public enum DigestAlgorithm: String, Sendable, CaseIterable {
    /// SHA-256, 32-byte digests.
    case sha256
    /// SHA-384, 48-byte digests.
    case sha384
    /// SHA-512, 64-byte digests.
    case sha512

    /// Recognises an algorithm by its object identifier; `nil` for any other hash.
    public init?(oid: ASN1ObjectIdentifier) {
        switch oid {
        case TimeStampingOID.sha256: self = .sha256
        case TimeStampingOID.sha384: self = .sha384
        case TimeStampingOID.sha512: self = .sha512
        default: return nil
        }
    }

    /// The algorithm's object identifier.
    public var oid: ASN1ObjectIdentifier {
        switch self {
        case .sha256: TimeStampingOID.sha256
        case .sha384: TimeStampingOID.sha384
        case .sha512: TimeStampingOID.sha512
        }
    }

    /// The algorithm identifier, written without parameters as RFC 5754 §2 asks.
    public var algorithmIdentifier: AlgorithmIdentifier {
        AlgorithmIdentifier(algorithm: oid)
    }

    /// The length of a digest in bytes.
    public var digestLength: Int {
        switch self {
        case .sha256: 32
        case .sha384: 48
        case .sha512: 64
        }
    }

    /// The digest of `data`.
    public func hash(_ data: some DataProtocol) -> [UInt8] {
        switch self {
        case .sha256: Array(SHA256.hash(data: data))
        case .sha384: Array(SHA384.hash(data: data))
        case .sha512: Array(SHA512.hash(data: data))
        }
    }
}
