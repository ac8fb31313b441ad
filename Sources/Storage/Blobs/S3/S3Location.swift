import Foundation

/// Where an S3 blob store lives: `s3://BUCKET[/PREFIX]?endpoint=URL&region=REGION`.
///
/// With an `endpoint` (MinIO, Ceph RGW, Garage, any S3-compatible store) requests go to
/// `ENDPOINT/BUCKET/KEY` (path style); without one to AWS at
/// `https://BUCKET.s3.REGION.amazonaws.com/KEY` (virtual-hosted style). The region defaults to
/// `us-east-1`, which stores without regions accept. Every object the server writes has a key
/// under `PREFIX/`, so one bucket can hold several deployments or other data.
public struct S3Location: Sendable, Equatable, CustomStringConvertible {
    /// The bucket's name.
    public var bucket: String
    /// The key prefix, without leading or trailing slashes; empty for the bucket's root.
    public var prefix: String
    /// The endpoint's scheme, host and port (`http://127.0.0.1:9000`), or `nil` for AWS.
    public var endpoint: URL?
    /// The region requests are signed for.
    public var region: String

    /// Creates a location.
    public init(bucket: String, prefix: String = "", endpoint: URL? = nil, region: String = "us-east-1") {
        self.bucket = bucket
        self.prefix = prefix.trimmingCharacters(in: CharacterSet(charactersIn: "/"))
        self.endpoint = endpoint
        self.region = region
    }

    /// Parses `s3://BUCKET[/PREFIX][?endpoint=URL][&region=REGION]`.
    ///
    /// - Throws: ``StorageError/invalidBlobStoreURL(_:)`` when `text` is not such a URL, names
    ///   no bucket, or has an endpoint that is not an `http` or `https` URL.
    public init(parsing text: String) throws {
        guard let components = URLComponents(string: text), components.scheme == "s3",
            let bucket = components.host, !bucket.isEmpty
        else { throw StorageError.invalidBlobStoreURL(text) }
        var endpoint: URL?
        var region = "us-east-1"
        for item in components.queryItems ?? [] {
            switch (item.name, item.value) {
            case ("endpoint", let value?):
                guard let url = URL(string: value), ["http", "https"].contains(url.scheme), url.host != nil,
                    url.path.isEmpty || url.path == "/", url.query == nil
                else { throw StorageError.invalidBlobStoreURL(text) }
                endpoint = url
            case ("region", let value?) where !value.isEmpty:
                region = value
            default:
                throw StorageError.invalidBlobStoreURL(text)
            }
        }
        self.init(bucket: bucket, prefix: components.path, endpoint: endpoint, region: region)
    }

    /// The URL of the object `key` (a key under the prefix, prefix included), unencoded path.
    func objectAddress(key: String) -> (base: URL, host: String, path: String) {
        if let endpoint {
            var host = endpoint.host ?? ""
            if let port = endpoint.port { host += ":\(port)" }
            var base = endpoint
            if base.path == "/" { base = base.deletingLastPathComponent() }
            return (base, host, "/\(bucket)/\(key)")
        }
        let host = "\(bucket).s3.\(region).amazonaws.com"
        return (URL(string: "https://\(host)")!, host, "/\(key)")
    }

    /// `name` under the prefix.
    func key(_ name: String) -> String {
        prefix.isEmpty ? name : "\(prefix)/\(name)"
    }

    public var description: String {
        var text = "s3://\(bucket)\(prefix.isEmpty ? "" : "/\(prefix)")"
        var query: [String] = []
        if let endpoint { query.append("endpoint=\(endpoint.absoluteString)") }
        if region != "us-east-1" { query.append("region=\(region)") }
        if !query.isEmpty { text += "?" + query.joined(separator: "&") }
        return text
    }
}
