import Foundation

extension SignWellClient {
    /// The user the API key belongs to, with their account.
    ///
    /// `GET /me`.
    public func me() async throws -> AccountMember {
        try await json("GET", ["me"])
    }

    /// Makes an API application: a Chancery addition (SignWell makes them in its dashboard).
    ///
    /// `POST /api_applications`.
    public func createAPIApplication(_ request: CreateAPIApplicationRequest) async throws -> APIApplication {
        try await json("POST", ["api_applications"], body: request)
    }

    /// One page of the user's API applications, newest first: a Chancery addition.
    ///
    /// `GET /api_applications`.
    public func apiApplications(page: Int? = nil, limit: Int? = nil) async throws -> APIApplicationList {
        var query: [URLQueryItem] = []
        if let page { query.append(URLQueryItem(name: "page", value: String(page))) }
        if let limit { query.append(URLQueryItem(name: "limit", value: String(limit))) }
        return try await json("GET", ["api_applications"], query: query)
    }

    /// The API application `id`.
    ///
    /// `GET /api_applications/{id}`.
    public func apiApplication(_ id: String) async throws -> APIApplication {
        try await json("GET", ["api_applications", id])
    }

    /// Deletes the API application `id`.
    ///
    /// `DELETE /api_applications/{id}`.
    public func deleteAPIApplication(_ id: String) async throws {
        _ = try await send("DELETE", ["api_applications", id])
    }
}
