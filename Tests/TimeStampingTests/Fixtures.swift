import Crypto
import Foundation
import SwiftASN1
import TimeStamping
import X509

/// Keys and helpers shared by the tests.
enum Fixtures {
    /// One generated chain for the whole run (key generation is cheap, but one chain keeps failures comparable).
    static let keys: TSAKeys = try! TSAKeys.generate(commonName: "Chancery Test TSA")
    /// The policy the test authority issues under.
    static let policy: ASN1ObjectIdentifier = [1, 3, 6, 1, 4, 1, 99999, 1]

    static func authority() throws -> TimeStampAuthority {
        try keys.authority(policy: policy)
    }

    static func requestDER(for data: [UInt8], nonce: ArraySlice<UInt8>? = nil, certReq: Bool = true) throws -> [UInt8] {
        let request = TimeStampReq(
            messageImprint: MessageImprint(.sha256, digest: SHA256.hash(data: data)),
            nonce: nonce,
            certReq: certReq
        )
        return try der(request)
    }

    static func der(_ value: some DERSerializable) throws -> [UInt8] {
        var coder = DER.Serializer()
        try coder.serialize(value)
        return coder.serializedBytes
    }

    static func sha256(_ data: [UInt8]) -> [UInt8] {
        Array(SHA256.hash(data: data))
    }
}
