import Foundation

/// The access key an S3 client signs its requests with.
///
/// Read from the variables every S3 tool reads: `AWS_ACCESS_KEY_ID`, `AWS_SECRET_ACCESS_KEY`
/// and, for temporary credentials, `AWS_SESSION_TOKEN`.
public struct S3Credentials: Sendable, Equatable {
    /// The access key id, sent in the clear in each request's credential scope.
    public var accessKeyID: String
    /// The secret access key, which only derives signing keys and is never sent.
    public var secretAccessKey: String
    /// The session token of temporary credentials, sent as `X-Amz-Security-Token`.
    public var sessionToken: String?

    /// Creates credentials.
    public init(accessKeyID: String, secretAccessKey: String, sessionToken: String? = nil) {
        self.accessKeyID = accessKeyID
        self.secretAccessKey = secretAccessKey
        self.sessionToken = sessionToken
    }

    /// The credentials `environment` holds.
    ///
    /// - Throws: ``StorageError/missingS3Credentials`` unless both the key id and the secret are set.
    public static func from(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> S3Credentials {
        guard let keyID = environment["AWS_ACCESS_KEY_ID"], !keyID.isEmpty,
            let secret = environment["AWS_SECRET_ACCESS_KEY"], !secret.isEmpty
        else { throw StorageError.missingS3Credentials }
        let token = environment["AWS_SESSION_TOKEN"].flatMap { $0.isEmpty ? nil : $0 }
        return S3Credentials(accessKeyID: keyID, secretAccessKey: secret, sessionToken: token)
    }
}
