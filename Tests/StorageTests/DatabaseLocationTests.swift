import Storage
import Testing

@Suite struct DatabaseLocationTests {
    @Test func parsesEveryAcceptedForm() throws {
        #expect(try DatabaseLocation(parsing: "postgres://u:p@h:5432/d") == .postgres(url: "postgres://u:p@h:5432/d"))
        #expect(try DatabaseLocation(parsing: "postgresql://h/d") == .postgres(url: "postgresql://h/d"))
        #expect(try DatabaseLocation(parsing: "sqlite:///var/db.sqlite") == .sqlite(path: "/var/db.sqlite"))
        #expect(try DatabaseLocation(parsing: "sqlite:rel.sqlite") == .sqlite(path: "rel.sqlite"))
        #expect(try DatabaseLocation(parsing: "/plain/path.sqlite") == .sqlite(path: "/plain/path.sqlite"))
    }

    @Test func rejectsUnknownSchemes() {
        #expect(throws: StorageError.invalidDatabaseURL("mysql://h/d")) { try DatabaseLocation(parsing: "mysql://h/d") }
        #expect(throws: StorageError.invalidDatabaseURL("")) { try DatabaseLocation(parsing: "") }
    }

    @Test func hidesThePasswordWhenPrinted() {
        let location = DatabaseLocation.postgres(url: "postgres://chancery:s3cret@db:5432/chancery")
        #expect(!location.description.contains("s3cret"))
        #expect(location.description.contains("db:5432/chancery"))
    }

    @Test func blobLocationsParse() throws {
        #expect(try BlobStoreLocation(parsing: "file:///srv/blobs") == .directory("/srv/blobs"))
        #expect(try BlobStoreLocation(parsing: "./blobs") == .directory("./blobs"))
        #expect(try BlobStoreLocation(parsing: "s3://bucket/prefix") == .s3(S3Location(bucket: "bucket", prefix: "prefix")))
        #expect(throws: StorageError.invalidBlobStoreURL("gs://bucket")) { try BlobStoreLocation(parsing: "gs://bucket") }
    }
}
