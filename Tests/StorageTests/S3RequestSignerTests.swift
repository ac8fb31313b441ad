import Crypto
import Foundation
import Storage
import Testing

/// The signer against the worked examples of AWS's Signature Version 4 documentation for S3
/// (header-based authentication): same request, same signature.
@Suite struct S3RequestSignerTests {
    static let signer = S3RequestSigner(
        credentials: S3Credentials(accessKeyID: "AKIAIOSFODNN7EXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"),
        region: "us-east-1"
    )
    /// 2013-05-24T00:00:00Z, the examples' time.
    static let date = Date(timeIntervalSince1970: 1_369_353_600)

    static func authorization(_ headers: [(String, String)]) -> String? {
        headers.first { $0.0 == "authorization" }?.1
    }

    @Test func signsARangedGet() {
        let headers = Self.signer.headers(
            method: "GET", host: "examplebucket.s3.amazonaws.com", path: "/test.txt", query: [], headers: ["Range": "bytes=0-9"],
            payloadHash: S3RequestSigner.emptyPayloadHash, date: Self.date
        )
        #expect(
            Self.authorization(headers)
                == "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41"
        )
        #expect(headers.contains { $0 == ("x-amz-date", "20130524T000000Z") })
    }

    @Test func signsAPutWhoseKeyNeedsEncodingAndWhosePayloadIsHashed() {
        let body = Data("Welcome to Amazon S3.".utf8)
        let headers = Self.signer.headers(
            method: "PUT", host: "examplebucket.s3.amazonaws.com", path: "/test$file.text", query: [],
            headers: ["Date": "Fri, 24 May 2013 00:00:00 GMT", "x-amz-storage-class": "REDUCED_REDUNDANCY"],
            payloadHash: SHA256.hash(data: body).hex, date: Self.date
        )
        #expect(Self.authorization(headers)?.hasSuffix("Signature=98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd") == true)
    }

    @Test func signsQueriesWithAndWithoutValues() {
        let lifecycle = Self.signer.headers(
            method: "GET", host: "examplebucket.s3.amazonaws.com", path: "/", query: [("lifecycle", "")], headers: [:],
            payloadHash: S3RequestSigner.emptyPayloadHash, date: Self.date
        )
        #expect(Self.authorization(lifecycle)?.hasSuffix("Signature=fea454ca298b7da1c68078a5d1bdbfbbe0d65c699e0f91ac7a200a0136783543") == true)
        let listing = Self.signer.headers(
            method: "GET", host: "examplebucket.s3.amazonaws.com", path: "/", query: [("prefix", "J"), ("max-keys", "2")], headers: [:],
            payloadHash: S3RequestSigner.emptyPayloadHash, date: Self.date
        )
        #expect(Self.authorization(listing)?.hasSuffix("Signature=34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7") == true)
    }

    @Test func sendsTheSessionTokenOfTemporaryCredentialsAndSignsIt() {
        let signer = S3RequestSigner(
            credentials: S3Credentials(accessKeyID: "AKID", secretAccessKey: "secret", sessionToken: "token/with+chars"), region: "eu-west-1"
        )
        let headers = signer.headers(
            method: "GET", host: "b.s3.eu-west-1.amazonaws.com", path: "/k", query: [], headers: [:],
            payloadHash: S3RequestSigner.emptyPayloadHash, date: Self.date
        )
        #expect(headers.contains { $0 == ("x-amz-security-token", "token/with+chars") })
        #expect(Self.authorization(headers)?.contains("SignedHeaders=host;x-amz-content-sha256;x-amz-date;x-amz-security-token,") == true)
        #expect(Self.authorization(headers)?.contains("Credential=AKID/20130524/eu-west-1/s3/aws4_request") == true)
    }

    @Test func encodesAsSigV4Requires() {
        #expect(S3RequestSigner.encode("a b/c~d_e.f-g", keepingSlashes: true) == "a%20b/c~d_e.f-g")
        #expect(S3RequestSigner.encode("a b/c", keepingSlashes: false) == "a%20b%2Fc")
        #expect(S3RequestSigner.encode("é+=", keepingSlashes: false) == "%C3%A9%2B%3D")
        #expect(S3RequestSigner.canonicalQuery([("uploadId", "x y"), ("partNumber", "2"), ("a", "")]) == "a=&partNumber=2&uploadId=x%20y")
    }
}
