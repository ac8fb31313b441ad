import Foundation

/// The server's version.
public struct VersionsGetVersionInfoResponse: Sendable, Hashable {
    /// The version.
    public var version: IntdashVersion
}

extension IntdashClient {
    /// Reads the server's version: `GET …/api/v1/version`.
    public final class VersionsAPI: Sendable {
        private let holder: SessionHolder

        /// The session the API uses.
        public var session: Session? {
            get { holder.session }
            set { holder.session = newValue }
        }

        /// Creates the API for `session`.
        public init(session: Session?) {
            holder = SessionHolder(session)
        }

        /// The server's version; the endpoint needs no credentials.
        public func getVersionInfo() async throws -> VersionsGetVersionInfoResponse {
            let data = try await holder.transport().send("GET", "/version", authenticated: false)
            let json = try LegacyJSONObject(data: data)
            guard let version = json.optionalString("version") else {
                throw RESTError(kind: .failedToParseJSON, message: "the version answer has no version")
            }
            return VersionsGetVersionInfoResponse(version: IntdashVersion(string: version))
        }

        /// The server's version.
        public func getVersionInfo(completion: @escaping @Sendable (VersionsGetVersionInfoResponse?, RESTError?) -> Void) {
            complete(completion) { try await self.getVersionInfo() }
        }
    }
}
