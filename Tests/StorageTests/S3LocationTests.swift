import Foundation
import Storage
import Testing

/// `--blobs s3://…` is read as operators write it, and anything else is refused with the
/// forms that work.
@Suite struct S3LocationTests {
    @Test func readsBucketPrefixEndpointAndRegion() throws {
        let location = try S3Location(parsing: "s3://media/chancery/prod/?endpoint=http://127.0.0.1:9000&region=eu-central-1")
        #expect(location.bucket == "media")
        #expect(location.prefix == "chancery/prod")
        #expect(location.endpoint == URL(string: "http://127.0.0.1:9000"))
        #expect(location.region == "eu-central-1")
        #expect(location.description == "s3://media/chancery/prod?endpoint=http://127.0.0.1:9000&region=eu-central-1")
    }

    @Test func defaultsToAWSInUSEast1AtTheBucketsRoot() throws {
        let location = try S3Location(parsing: "s3://bucket")
        #expect(location == S3Location(bucket: "bucket", prefix: "", endpoint: nil, region: "us-east-1"))
        #expect(try BlobStoreLocation(parsing: "s3://bucket") == .s3(location))
    }

    @Test(arguments: [
        "s3://", "s3:///prefix", "s3://bucket?endpoint=ftp://host", "s3://bucket?endpoint=http://host/path",
        "s3://bucket?color=blue", "https://bucket.s3.amazonaws.com",
    ])
    func refusesWhatIsNotABucketURL(text: String) {
        #expect(throws: StorageError.invalidBlobStoreURL(text)) { try BlobStoreLocation(parsing: text) }
    }

    @Test func needsCredentials() {
        #expect(throws: StorageError.missingS3Credentials) { try S3Credentials.from(environment: ["AWS_ACCESS_KEY_ID": "id"]) }
        let credentials = try? S3Credentials.from(environment: [
            "AWS_ACCESS_KEY_ID": "id", "AWS_SECRET_ACCESS_KEY": "secret", "AWS_SESSION_TOKEN": "",
        ])
        #expect(credentials == S3Credentials(accessKeyID: "id", secretAccessKey: "secret", sessionToken: nil))
    }
}
